/// Which operations a recording times: every one, or enough of them to find the slow ones
/// while the clock stays cheap.
///
/// Reading a monotonic clock costs tens of nanoseconds on common virtual machines
/// (Benchmarks/README.md), and timing an operation takes two reads. That is more than a
/// whole fast dispatch or selector evaluation, so by default recordings time operations by
/// sample: every operation that was slow when last timed, and one in ``period`` of the rest.
/// Counts, order, triggers and states are recorded for every operation either way.
///
/// ```swift
/// store.startRecordingActions(capacity: 1_000, timing: .everyOperation)
/// container.startRecordingEvaluations(timing: .sampled)
/// container.startRecordingEvaluations(timing: .sampled(oneIn: 8, slowNanos: 500))
/// ```
public struct RecordingTiming: Sendable, Equatable {
  /// Of operations faster than ``slowNanos``, one in this many is timed, starting with the
  /// first; a power of two.
  public let period: Int
  /// From this duration on an operation counts as slow, and the next one of its kind (the
  /// same store's next action, the same node's next evaluation) is timed too.
  public let slowNanos: UInt64

  /// Times every operation that took at least 2 µs when it was last timed (two clock reads
  /// are then a few percent of it), and one in 32 of the faster ones.
  ///
  /// ```swift
  /// store.startRecordingActions(timing: .sampled)
  /// ```
  public static let sampled = RecordingTiming(period: 32, slowNanos: 2_000)

  /// Times every operation, at two clock reads each.
  ///
  /// ```swift
  /// container.startRecordingEvaluations(timing: .everyOperation)
  /// ```
  public static let everyOperation = RecordingTiming(period: 1, slowNanos: 0)

  /// Times every operation that took at least `slowNanos` when it was last timed, and one in
  /// `oneIn` of the faster ones.
  ///
  /// ```swift
  /// let timing = RecordingTiming.sampled(oneIn: 8, slowNanos: 500)
  /// ```
  ///
  /// - Parameters:
  ///   - oneIn: How many fast operations per timed one; rounded up to a power of two.
  ///   - slowNanos: The duration from which an operation counts as slow.
  /// - Returns: The timing.
  public static func sampled(oneIn: Int, slowNanos: UInt64) -> RecordingTiming {
    RecordingTiming(period: max(oneIn, 1), slowNanos: slowNanos)
  }

  private init(period: Int, slowNanos: UInt64) {
    // A power of two, so that choosing the one in `period` is a mask, not a division.
    self.period = period <= 1 ? 1 : 1 << (Int.bitWidth - (period - 1).leadingZeroBitCount)
    self.slowNanos = slowNanos
  }

  /// Whether every operation is timed.
  public var timesEveryOperation: Bool { period == 1 || slowNanos == 0 }

  /// The stricter of two timings, for a recording asked for by several callers: the shorter
  /// period and the lower threshold.
  ///
  /// ```swift
  /// RecordingTiming.sampled.combined(with: .everyOperation)  // .everyOperation
  /// ```
  ///
  /// - Parameter other: The other caller's timing.
  /// - Returns: A timing that times every operation either would.
  public func combined(with other: RecordingTiming) -> RecordingTiming {
    RecordingTiming(period: min(period, other.period), slowNanos: min(slowNanos, other.slowNanos))
  }
}
