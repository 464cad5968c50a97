/// Count, total, minimum, maximum and last duration of a node's evaluations.
///
/// ```swift
/// var statistics = EvaluationStatistics()
/// statistics.add(1_200)
/// print(statistics.count, statistics.maxNanos)  // 1 1200
/// ```
public struct EvaluationStatistics: Sendable, Equatable, BitwiseCopyable {
  /// How many evaluations were timed.
  public var count = 0
  /// Their total duration, in nanoseconds.
  public var totalNanos: UInt64 = 0
  /// The shortest, in nanoseconds; `UInt64.max` while `count` is 0.
  public var minNanos: UInt64 = .max
  /// The longest, in nanoseconds.
  public var maxNanos: UInt64 = 0
  /// The latest, in nanoseconds.
  public var lastNanos: UInt64 = 0

  /// No evaluations yet.
  ///
  /// ```swift
  /// let empty = EvaluationStatistics()
  /// ```
  public init() {}

  /// Adds one evaluation.
  ///
  /// ```swift
  /// statistics.add(850)
  /// ```
  ///
  /// - Parameter nanos: Its duration.
  public mutating func add(_ nanos: UInt64) {
    count += 1
    totalNanos &+= nanos
    minNanos = min(minNanos, nanos)
    maxNanos = max(maxNanos, nanos)
    lastNanos = nanos
  }
}
