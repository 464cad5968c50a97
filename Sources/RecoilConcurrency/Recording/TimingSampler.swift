/// Decides, operation by operation, whether to read the clock, following a
/// ``RecordingTiming``: every operation after one that was slow, and one in its period of the
/// others.
///
/// One sampler serves one stream of operations of similar cost, such as a store's actions.
///
/// ```swift
/// var sampler = TimingSampler(.sampled)
/// if sampler.shouldTime() {
///   let start = now()
///   work()
///   sampler.timed(now() - start)
/// } else {
///   work()
/// }
/// ```
@usableFromInline package struct TimingSampler: BitwiseCopyable {
  /// Whether the last timed operation was slow; the first one is timed anyway.
  @usableFromInline var lastWasSlow = false
  /// Operations counted so far, modulo the period.
  @usableFromInline var counted: UInt32 = 0
  @usableFromInline let periodMask: UInt32
  @usableFromInline let slowNanos: UInt64

  package init(_ timing: RecordingTiming) {
    periodMask = UInt32(clamping: timing.period - 1)
    slowNanos = timing.slowNanos
  }

  /// Whether to time the next operation; call once per operation.
  @inlinable package mutating func shouldTime() -> Bool {
    let position = counted
    counted = (counted &+ 1) & periodMask
    return Self.shouldTime(position: UInt64(position), afterSlow: lastWasSlow)
  }

  /// Reports the duration of an operation `shouldTime()` chose.
  @inlinable package mutating func timed(_ nanos: UInt64) {
    lastWasSlow = Self.isSlow(nanos, slowNanos: slowNanos)
  }

  /// The sampling rule, shared with the per-node sampling of the atom graph's recording: time
  /// the first operation of each period, and every operation after a slow one.
  @inlinable package static func shouldTime(position: UInt64, afterSlow: Bool) -> Bool {
    position == 0 || afterSlow
  }

  /// Whether an operation that took `nanos` counts as slow.
  @inlinable package static func isSlow(_ nanos: UInt64, slowNanos: UInt64) -> Bool {
    nanos >= slowNanos
  }
}
