/// How often a node was evaluated, and the count, total, minimum, maximum and last duration
/// of the evaluations that were timed.
///
/// A recording with `RecordingTiming.sampled` times a node's next evaluation after one that
/// took 2 µs or more, and one in 32 while they are faster (see `RecordingTiming`). `count`
/// counts them all; `timedCount` those behind the durations.
///
/// ```swift
/// var statistics = EvaluationStatistics()
/// statistics.add(1_200)
/// statistics.addUntimed()
/// print(statistics.count, statistics.timedCount, statistics.maxNanos)  // 2 1 1200
/// ```
public struct EvaluationStatistics: Sendable, Equatable, BitwiseCopyable {
  /// How many evaluations there were.
  public var count = 0
  /// How many of them were timed.
  public var timedCount = 0
  /// The total duration of the timed ones, in nanoseconds.
  public var totalNanos: UInt64 = 0
  /// The shortest timed one, in nanoseconds; `UInt64.max` while `timedCount` is 0.
  public var minNanos: UInt64 = .max
  /// The longest timed one, in nanoseconds.
  public var maxNanos: UInt64 = 0
  /// The latest timed one, in nanoseconds.
  public var lastNanos: UInt64 = 0

  /// No evaluations yet.
  ///
  /// ```swift
  /// let empty = EvaluationStatistics()
  /// ```
  public init() {}

  /// The mean duration of the timed evaluations, or `nil` when none was timed.
  ///
  /// ```swift
  /// if let mean = statistics.meanNanos { print("\(mean) ns") }
  /// ```
  public var meanNanos: UInt64? {
    timedCount == 0 ? nil : totalNanos / UInt64(timedCount)
  }

  /// Adds one timed evaluation.
  ///
  /// ```swift
  /// statistics.add(850)
  /// ```
  ///
  /// - Parameter nanos: Its duration.
  public mutating func add(_ nanos: UInt64) {
    count += 1
    timedCount += 1
    totalNanos &+= nanos
    minNanos = min(minNanos, nanos)
    maxNanos = max(maxNanos, nanos)
    lastNanos = nanos
  }

  /// Adds one evaluation that was not timed.
  ///
  /// ```swift
  /// statistics.addUntimed()
  /// ```
  public mutating func addUntimed() {
    count += 1
  }
}
