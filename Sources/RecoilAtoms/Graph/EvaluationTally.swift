import RecoilConcurrency

/// A node's evaluations since recording started, and whether its last timed one was slow:
/// eight bytes in the node's slot, which every evaluation touches anyway, so that deciding
/// whether to time an evaluation and counting it reach no other memory.
///
/// It follows a `RecordingTiming` by `TimingSampler`'s rule: after a timed evaluation that took
/// `slowNanos` or more the node's next one is timed too; otherwise one in `period`, starting
/// with the first. The sampler's own state would take a second word; this keeps one.
///
/// ```swift
/// var tally = EvaluationTally()
/// if tally.countEvaluation(periodMask: 31) { tally.timed(3_000, slowNanos: 2_000) }  // first: timed, slow
/// tally.countEvaluation(periodMask: 31)  // true: after a slow one
/// ```
struct EvaluationTally: BitwiseCopyable {
  /// The count in the low 63 bits, the slow flag in the top one.
  private var bits: UInt64 = 0
  private static let slowBit: UInt64 = 1 << 63

  /// How many evaluations were counted.
  var count: Int { Int(bits & ~Self.slowBit) }

  /// Counts an evaluation; returns whether to time it. `periodMask` is the period minus one.
  @discardableResult
  mutating func countEvaluation(periodMask: UInt64) -> Bool {
    let position = bits & ~Self.slowBit & periodMask
    let slow = bits & Self.slowBit != 0
    bits &+= 1
    return TimingSampler.shouldTime(position: position, afterSlow: slow)
  }

  /// Takes back the last count: that evaluation was interrupted and runs again.
  mutating func uncount() {
    bits &-= 1
  }

  /// Reports the duration of an evaluation `countEvaluation(periodMask:)` chose to time.
  mutating func timed(_ nanos: UInt64, slowNanos: UInt64) {
    bits = TimingSampler.isSlow(nanos, slowNanos: slowNanos) ? bits | Self.slowBit : bits & ~Self.slowBit
  }
}
