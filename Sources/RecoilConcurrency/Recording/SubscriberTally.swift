import Synchronization

/// What a recording container or store learns of one subscription: its label (the app's, or where it
/// was made), how often its callback ran and, sampled like evaluations (see `RecordingTiming`),
/// how long it took, with the notification each timed run answered. Nothing is counted or
/// timed while the container does not record: the callback's only cost then is one load.
///
/// ```swift
/// let tally = SubscriberTally(id: 7, label: "cart badge", site: CallSite(file: #fileID, line: #line), recording: switch)
/// let callback = { (value: Int) in tally.call { print(value) } }
/// ```
package final class SubscriberTally: Sendable {
  /// Whether a container records, and how it times: shared by its subscriptions.
  package final class Recording: Sendable {
    package init() {}

    private let isOn = Atomic<Bool>(false)
    private let currentTiming = LockedValue(RecordingTiming.sampled)

    /// The timing while recording, `nil` when not.
    package var timing: RecordingTiming? {
      isOn.load(ordering: .relaxed) ? currentTiming.withLock { $0 } : nil
    }

    /// Recording starts with `timing`, or stops (`nil`).
    package func set(_ timing: RecordingTiming?) {
      if let timing { currentTiming.withLock { $0 = timing } }
      isOn.store(timing != nil, ordering: .relaxed)
    }
  }

  private struct State {
    var calls = 0
    var sampler: TimingSampler?
    var statistics = EvaluationStatistics()
    /// The latest timed runs, with the notification each answered (its causal order).
    var recentTimes = RingBuffer<(order: UInt64, nanos: UInt64)>(capacity: 64)
  }

  package let id: UInt64
  /// The label the app gave, if any.
  package let label: String?
  /// Where the subscription was made.
  package let site: CallSite
  private let recording: Recording
  private let state = LockedValue(State())

  package init(id: UInt64, label: String?, site: CallSite, recording: Recording) {
    self.id = id
    self.label = label
    self.site = site
    self.recording = recording
  }

  /// Runs the callback `body`, counted and (sampled) timed while the container records. The
  /// notification it answers is the cause bound while it runs (see `CauseContext`).
  package func call(_ body: () -> Void) {
    guard let timing = recording.timing else { return body() }
    let timed = state.withLock { state -> Bool in
      state.calls += 1
      if state.sampler == nil { state.sampler = TimingSampler(timing) }
      return state.sampler!.shouldTime()
    }
    guard timed else {
      state.withLock { $0.statistics.addUntimed() }
      return body()
    }
    let order = CauseContext.current
    let start = MonotonicClock.nanos
    body()
    let nanos = MonotonicClock.nanos &- start
    state.withLock { state in
      state.sampler?.timed(nanos)
      state.statistics.add(nanos)
      state.recentTimes.append((order, nanos))
    }
  }

  /// How often it ran, its timings, and its recent timed runs by notification, while recording.
  package var recorded: (calls: Int, statistics: EvaluationStatistics, times: [UInt64: UInt64]) {
    state.withLock { state in
      var times: [UInt64: UInt64] = [:]
      for (order, nanos) in state.recentTimes.elements where order != 0 { times[order] = nanos }
      return (state.calls, state.statistics, times)
    }
  }
}
