import RecoilConcurrency
import Testing

/// The times of a trace's timed entries, kept beside it.
@Suite struct SampledTimesTests {
  @Test func eachTimedEntryGetsItsOwnTimesAndUntimedOnesAnEstimatedStart() {
    var times = SampledTimes(capacity: 4)
    times.append(startNanos: 100, durationNanos: 10)
    times.append(startNanos: 140, durationNanos: 5)
    let spans = times.spans(timed: [true, false, false, true])
    #expect(spans.map(\.start) == [100, 120, 130, 140])
    #expect(spans.map(\.duration) == [10, nil, nil, 5])
  }

  @Test func whenTheTraceDroppedEntriesTheNewestTimedOnesOwnTheNewestTimes() {
    // Capacity 2: the first of three timed entries fell out of both the trace and the times.
    var times = SampledTimes(capacity: 2)
    for start: UInt64 in [10, 20, 30] { times.append(startNanos: start, durationNanos: 1) }
    let spans = times.spans(timed: [true, true])
    #expect(spans.map(\.start) == [20, 30])
  }

  @Test func nothingTimedGivesStartsOfZeroAndNoDurations() {
    let times = SampledTimes(capacity: 3)
    let spans = times.spans(timed: [false, false])
    #expect(spans.map(\.start) == [0, 0])
    #expect(spans.allSatisfy { $0.duration == nil })
  }
}
