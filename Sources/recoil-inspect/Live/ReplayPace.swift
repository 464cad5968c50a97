import Foundation

/// The pace a recorded stream is replayed at: each event as far from the first as it was when
/// recorded, divided by ``speed``, except that a pause longer than ``maximumPause`` (in recorded
/// time) is shortened to it, as a terminal recording's player shortens idle time: an app left
/// idle over lunch replays in seconds, its busy moments at their own pace.
///
/// ```swift
/// var pace = ReplayPace(speed: 2, maximumPause: .seconds(3))
/// pace.offset(of: 0)               // 0
/// pace.offset(of: 60_000_000_000)  // 1.5: the minute's pause is 3 s, at twice the speed
/// ```
struct ReplayPace {
  /// How many times as fast as recorded.
  let speed: Double
  /// The longest pause kept whole; `nil` keeps every pause.
  let maximumPause: Duration?
  /// ``maximumPause`` in nanoseconds, as recorded times are.
  private let maximumPauseNanos: Double?
  /// When the first event was replayed.
  private var start: ContinuousClock.Instant?
  /// The latest recorded time seen, in nanoseconds.
  private var latest: Int?
  /// Recorded nanoseconds from the first event to the latest, pauses shortened.
  private var elapsed = 0.0

  init(speed: Double, maximumPause: Duration?) {
    self.speed = speed
    self.maximumPause = maximumPause
    maximumPauseNanos = maximumPause.map {
      Double($0.components.seconds) * 1e9 + Double($0.components.attoseconds) / 1e9
    }
  }

  /// Seconds from the first event's replay to when the event recorded at `atNanos` is due; for
  /// events in the order they were recorded. A time before the latest (another thread's event,
  /// queued a little late) is due at once.
  mutating func offset(of atNanos: Int) -> Double {
    if let latest {
      // In Double: any two times, however far apart.
      var gap = max(Double(atNanos) - Double(latest), 0)
      if let maximumPauseNanos { gap = min(gap, maximumPauseNanos) }
      elapsed += gap
      self.latest = max(latest, atNanos)
    } else {
      latest = atNanos
    }
    return elapsed / speed / 1e9
  }

  /// How long to wait, from `now`, before replaying the event recorded at `atNanos`; `nil` when
  /// it is due.
  mutating func delay(until atNanos: Int, now: ContinuousClock.Instant = .now) -> Duration? {
    let offset = offset(of: atNanos)
    guard let start else {
      start = now
      return nil
    }
    // At most about 300 years: past that, a Duration would not hold it.
    let due = start.advanced(by: .seconds(min(offset, 9e9)))
    return due > now ? now.duration(to: due) : nil
  }

  /// Waits until the event recorded at `atNanos` is due; `before` runs first when there is a
  /// wait (to show what came before it).
  mutating func wait(until atNanos: Int, before: () -> Void = {}) {
    guard let delay = delay(until: atNanos) else { return }
    before()
    let (seconds, attoseconds) = delay.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}
