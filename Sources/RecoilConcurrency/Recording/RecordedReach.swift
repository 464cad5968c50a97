/// A subscription a notification reached, with how long its callback took when it was timed:
/// what a recording container or store keeps of each notification.
///
/// ```swift
/// for reach in occurrence.reached { print(reach.subscription, reach.durationNanos ?? 0) }
/// ```
public struct RecordedReach: Sendable, Equatable {
  /// The subscription's id, unique in its container or store.
  public var subscription: UInt64
  /// How long its callback took, when it was timed (sampled like evaluations) and has run.
  public var durationNanos: UInt64?

  /// A reach.
  ///
  /// ```swift
  /// let reach = RecordedReach(subscription: 3, durationNanos: 1_200)
  /// ```
  ///
  /// - Parameters:
  ///   - subscription: The subscription's id.
  ///   - durationNanos: How long its callback took.
  public init(subscription: UInt64, durationNanos: UInt64? = nil) {
    self.subscription = subscription
    self.durationNanos = durationNanos
  }
}
