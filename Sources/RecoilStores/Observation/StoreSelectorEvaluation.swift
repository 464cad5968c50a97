import RecoilConcurrency

/// One recomputation of a store's memoized selector, as a recording store keeps it (see
/// ``ActionRecording/selectorEvaluations``).
///
/// ```swift
/// for evaluation in store.recordedActions().selectorEvaluations {
///   print(evaluation.selector, evaluation.durationNanos)
/// }
/// ```
public struct StoreSelectorEvaluation: Sendable {
  /// The selector's name.
  public var selector: String
  /// Its place in the causal order.
  public var order: UInt64
  /// When it started, on the monotonic clock, in nanoseconds.
  public var startNanos: UInt64
  /// How long it took, in nanoseconds.
  public var durationNanos: UInt64
  /// The value it computed.
  public var value: (any Sendable)?
  /// Whether the value differs from the one computed before; false only for an `Equatable`
  /// value equal to it (wasted work).
  public var changed: Bool

  /// An evaluation.
  ///
  /// ```swift
  /// let evaluation = StoreSelectorEvaluation(selector: "total", order: 7, startNanos: 0, durationNanos: 900, value: 42)
  /// ```
  ///
  /// - Parameters:
  ///   - selector: The selector's name.
  ///   - order: Its place in the causal order.
  ///   - startNanos: When it started.
  ///   - durationNanos: How long it took.
  ///   - value: The value it computed.
  ///   - changed: Whether the value differs from the one before.
  public init(
    selector: String, order: UInt64, startNanos: UInt64, durationNanos: UInt64, value: (any Sendable)? = nil,
    changed: Bool = true
  ) {
    self.selector = selector
    self.order = order
    self.startNanos = startNanos
    self.durationNanos = durationNanos
    self.value = value
    self.changed = changed
  }
}
