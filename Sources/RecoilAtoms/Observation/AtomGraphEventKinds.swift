/// The costly kinds of ``AtomGraphEvent`` an observer asks for.
///
/// Timing each evaluation takes two clock reads, and reporting a value boxes it, so a container
/// only does that work when one of its observers wants the result. Registrations, edges,
/// errors, loading, subscriber counts and releases are always delivered.
///
/// ```swift
/// final class SlowSelectorLog: AtomGraphObserver {
///   var interests: AtomGraphEventKinds { .evaluations }
///   func receive(_ event: AtomGraphEvent) {
///     if case .evaluationFinished(let node, let nanos, _, _) = event, nanos > 1_000_000 { print(node) }
///   }
/// }
/// ```
public struct AtomGraphEventKinds: OptionSet, Sendable {
  public let rawValue: UInt8

  /// Creates a set from its raw bits.
  ///
  /// ```swift
  /// let kinds = AtomGraphEventKinds(rawValue: 0b11)
  /// ```
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// ``AtomGraphEvent/evaluationStarted(node:trigger:)``.
  public static let evaluationStarts = AtomGraphEventKinds(rawValue: 1 << 0)
  /// ``AtomGraphEvent/evaluationFinished(node:durationNanos:trigger:changed:)``, with its timing.
  public static let evaluations = AtomGraphEventKinds(rawValue: 1 << 1)
  /// ``AtomGraphEvent/valueChanged(node:value:)``.
  public static let values = AtomGraphEventKinds(rawValue: 1 << 2)
  /// ``AtomGraphEvent/recorded(_:)``: the container's recording as it happens (only while
  /// the container records, see ``AtomContainer/startRecordingEvaluations(timelineCapacity:timing:)``).
  public static let timeline = AtomGraphEventKinds(rawValue: 1 << 3)
  /// Every kind: what an observer gets unless it says otherwise.
  public static let all: AtomGraphEventKinds = [.evaluationStarts, .evaluations, .values, .timeline]
}
