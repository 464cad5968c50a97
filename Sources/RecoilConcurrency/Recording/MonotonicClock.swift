import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one clock of every recording: the stores' and the atom graph's timed operations, the
/// inspector's start and its live stream. Monotonic nanoseconds on the clock of
/// `DispatchTime.uptimeNanoseconds`, read on Linux straight from `clock_gettime`, which
/// halves the cost of a timed operation's two readings.
///
/// ```swift
/// let start = MonotonicClock.nanos
/// work()
/// let duration = MonotonicClock.nanos &- start
/// ```
@usableFromInline package enum MonotonicClock {
  /// Nanoseconds since an arbitrary start, never going back. Out of line on purpose: it is
  /// read only for timed operations, and inlined it would weigh on the hot paths around it.
  @usableFromInline package static var nanos: UInt64 {
    #if canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    #else
      return DispatchTime.now().uptimeNanoseconds
    #endif
  }

  /// The signed distance from `origin` to `time`, in nanoseconds: negative for a time before
  /// the origin (an entry a store recorded before an inspector that reads it started).
  ///
  /// ```swift
  /// MonotonicClock.nanos(start &+ 5, since: start)  // 5
  /// MonotonicClock.nanos(start &- 5, since: start)  // -5
  /// ```
  @inlinable package static func nanos(_ time: UInt64, since origin: UInt64) -> Int {
    Int(truncatingIfNeeded: Int64(bitPattern: time &- origin))
  }
}
