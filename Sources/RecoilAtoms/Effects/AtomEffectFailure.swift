/// An atom effect's failure, as a container's `onEffectFailure` handler receives it: which
/// atom, which effect, when, and what it threw or reported.
///
/// ```swift
/// let container = AtomContainer(onEffectFailure: { failure in
///   log.error("\(failure.node): effect \(failure.effect) failed (\(failure.phase)): \(failure.error)")
/// })
/// ```
public struct AtomEffectFailure: Sendable {
  /// When the effect failed.
  public enum Phase: String, Sendable {
    /// Its closure threw when the atom was first used.
    case start
    /// One of its ``AtomEffectContext/onSet(_:)`` handlers threw.
    case onSet
    /// It called ``AtomEffectContext/report(_:)``.
    case reported
  }

  /// The atom.
  public var node: NodeKey
  /// The effect's name.
  public var effect: String
  /// When it failed.
  public var phase: Phase
  /// What it threw or reported.
  public var error: any Error
}
