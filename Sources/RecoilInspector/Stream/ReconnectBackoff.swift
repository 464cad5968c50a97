/// How long the live stream waits before trying a listener again: 100 ms after the first
/// failure, twice as long after each further one up to 5 s, each wait moved by up to a fifth
/// either way (jitter), so that many apps whose listener restarts do not all call back at
/// once. A write that goes through starts the schedule again (a connection alone does not: a
/// stopped listener still takes connections).
///
/// ```swift
/// var backoff = ReconnectBackoff()
/// backoff.nextDelayNanos(random: 0.5)  // 100_000_000
/// backoff.nextDelayNanos(random: 0.5)  // 200_000_000
/// backoff.reset()
/// ```
struct ReconnectBackoff {
  static let firstNanos: UInt64 = 100_000_000
  static let longestNanos: UInt64 = 5_000_000_000
  private var failures = 0

  /// The wait after one more failure; `random` in `0...1` places it within the jitter (0.5 is
  /// the middle: no jitter).
  mutating func nextDelayNanos(random: Double = Double.random(in: 0...1)) -> UInt64 {
    let doublings = min(failures, 6)
    failures += 1
    let base = min(Self.firstNanos << UInt64(doublings), Self.longestNanos)
    let jitter = (min(max(random, 0), 1) - 0.5) * 0.4  // -20% ... +20%
    return UInt64(Double(base) * (1 + jitter))
  }

  /// After a successful connection: the next failure waits the shortest time again.
  mutating func reset() { failures = 0 }
}
