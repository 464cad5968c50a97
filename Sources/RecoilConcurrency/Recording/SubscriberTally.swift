import Synchronization

/// What a recording container or store learns of one subscription: its label (the app's, or
/// where it was made), how often its callback ran and, sampled like evaluations (see
/// `RecordingTiming`), how long it took, with the notification each timed run answered.
/// Nothing is counted or timed while nothing records: a callback's cost is then one load, and
/// an untimed one while recording a few plain loads and a store (no lock, no read-modify-write:
/// the count is exact when a subscription's callbacks run one at a time, as a store's and an
/// immediate or main-actor delivery's do, and may miss a few on a concurrent queue).
///
/// ```swift
/// let tally = SubscriberTally(id: 7, label: "cart badge", site: CallSite(file: #fileID, line: #line), recording: recording)
/// let callback = { (value: Int) in tally.call { print(value) } }
/// ```
@usableFromInline package final class SubscriberTally: Sendable {
  /// Whether a container or store records, and how it times: shared by its subscriptions.
  @usableFromInline package final class Recording: Sendable {
    @usableFromInline let isOn = Atomic<Bool>(false)
    /// The timing's period minus one (a power of two minus one) and its slow threshold.
    @usableFromInline let periodMask = Atomic<Int>(RecordingTiming.sampled.period - 1)
    private let slowNanos = Atomic<UInt64>(RecordingTiming.sampled.slowNanos)

    package init() {}

    /// Whether it records.
    @inlinable package var isRecording: Bool { isOn.load(ordering: .relaxed) }
    /// Whether the run at `position` (counted from 0) is timed, given whether the last timed
    /// one was slow: the rule of `TimingSampler`.
    @inlinable func shouldTime(position: Int, afterSlow: Bool) -> Bool {
      TimingSampler.shouldTime(position: UInt64(position & periodMask.load(ordering: .relaxed)), afterSlow: afterSlow)
    }
    /// Whether a run that took `nanos` counts as slow.
    func isSlow(_ nanos: UInt64) -> Bool {
      TimingSampler.isSlow(nanos, slowNanos: slowNanos.load(ordering: .relaxed))
    }

    /// Recording starts with `timing`, or stops (`nil`).
    package func set(_ timing: RecordingTiming?) {
      if let timing {
        periodMask.store(max(timing.period, 1) - 1, ordering: .relaxed)
        slowNanos.store(timing.slowNanos, ordering: .relaxed)
      }
      isOn.store(timing != nil, ordering: .relaxed)
    }
  }

  /// The timed runs: their statistics, and the latest with the notification each answered.
  private struct Timed {
    var statistics = EvaluationStatistics()
    var recent = RingBuffer<(order: UInt64, nanos: UInt64)>(capacity: 64)
  }

  package let id: UInt64
  /// The label the app gave, if any.
  package let label: String?
  /// Where the subscription was made.
  package let site: CallSite
  @usableFromInline let recording: Recording
  @usableFromInline let calls = Atomic<Int>(0)
  @usableFromInline let lastWasSlow = Atomic<Bool>(false)
  private let timed = LockedValue(Timed())

  package init(id: UInt64, label: String?, site: CallSite, recording: Recording) {
    self.id = id
    self.label = label
    self.site = site
    self.recording = recording
  }

  /// Runs the callback `body`, counted and (sampled) timed while recording. The notification
  /// it answers is the cause bound while it runs (see `CauseContext`).
  @inlinable package func call(_ body: () -> Void) {
    guard recording.isRecording else { return body() }
    let position = calls.load(ordering: .relaxed)
    calls.store(position &+ 1, ordering: .relaxed)
    guard recording.shouldTime(position: position, afterSlow: lastWasSlow.load(ordering: .relaxed)) else {
      return body()
    }
    timedCall(body)
  }

  /// A run chosen to be timed: kept out of line, as most runs are not.
  @usableFromInline func timedCall(_ body: () -> Void) {
    let order = CauseContext.current
    let start = MonotonicClock.nanos
    body()
    let nanos = MonotonicClock.nanos &- start
    lastWasSlow.store(recording.isSlow(nanos), ordering: .relaxed)
    timed.withLock { timed in
      timed.statistics.add(nanos)
      timed.recent.append((order, nanos))
    }
  }

  /// How often it ran, its timings (`count` counting every run), and its recent timed runs
  /// by notification.
  package var recorded: (calls: Int, statistics: EvaluationStatistics, times: [UInt64: UInt64]) {
    let calls = self.calls.load(ordering: .relaxed)
    return timed.withLock { timed in
      var times: [UInt64: UInt64] = [:]
      for (order, nanos) in timed.recent.elements where order != 0 { times[order] = nanos }
      var statistics = timed.statistics
      statistics.count = max(calls, statistics.timedCount)
      return (calls, statistics, times)
    }
  }
}
