import RecoilConcurrency
import Testing

/// Which operations a recording times, and the start times it estimates for the others.
@Suite struct TimingSamplerTests {
  /// The operations `sampler` times among `count`, each taking `nanos(index)` when timed.
  func timedIndices(_ sampler: inout TimingSampler, count: Int, nanos: (Int) -> UInt64) -> [Int] {
    (0..<count).filter { index in
      guard sampler.shouldTime() else { return false }
      sampler.timed(nanos(index))
      return true
    }
  }

  @Test func fastOperationsAreTimedOneInAPeriodStartingWithTheFirst() {
    var sampler = TimingSampler(.sampled)
    #expect(timedIndices(&sampler, count: 70, nanos: { _ in 10 }) == [0, 32, 64])
  }

  @Test func afterASlowOperationTheNextIsTimedUntilOneIsFastAgain() {
    var sampler = TimingSampler(.sampled(oneIn: 32, slowNanos: 100))
    // The first three are slow; the fourth, timed because the third was slow, is fast.
    let timed = timedIndices(&sampler, count: 40, nanos: { $0 < 3 ? 100 : 10 })
    #expect(timed == [0, 1, 2, 3, 32])
  }

  @Test func periodsAreRoundedUpToAPowerOfTwo() {
    #expect(RecordingTiming.sampled(oneIn: 5, slowNanos: 1).period == 8)
    #expect(RecordingTiming.sampled(oneIn: 32, slowNanos: 1).period == 32)
    #expect(RecordingTiming.sampled(oneIn: 0, slowNanos: 1).period == 1)
    #expect(RecordingTiming.sampled(oneIn: 1, slowNanos: 9).timesEveryOperation)
    #expect(!RecordingTiming.sampled.timesEveryOperation)
  }

  @Test func timingEveryOperationTimesEachOne() {
    var sampler = TimingSampler(.everyOperation)
    #expect(timedIndices(&sampler, count: 50, nanos: { _ in 10 }) == Array(0..<50))
  }

  @Test func theStricterTimingWins() {
    #expect(RecordingTiming.sampled.combined(with: .sampled) == .sampled)
    #expect(RecordingTiming.sampled.combined(with: .everyOperation) == .everyOperation)
    #expect(RecordingTiming.everyOperation.combined(with: .sampled) == .everyOperation)
    let mixed = RecordingTiming.sampled(oneIn: 8, slowNanos: 5_000).combined(with: .sampled(oneIn: 64, slowNanos: 500))
    #expect(mixed == .sampled(oneIn: 8, slowNanos: 500))
  }

  @Test func untimedStartsAreSpreadBetweenTheTimedNeighbours() {
    #expect(StartEstimate.starts([(100, 10), (0, nil), (0, nil), (140, 5)]) == [100, 120, 130, 140])
  }

  @Test func untimedStartsAtTheEdgesTakeTheNearestTimedOne() {
    // Before the first timed one: its start. After the last: its end.
    #expect(StartEstimate.starts([(0, nil), (50, 10), (0, nil)]) == [50, 50, 60])
    #expect(StartEstimate.starts([(0, nil), (0, nil)]) == [0, 0])
    #expect(StartEstimate.starts([]) == [])
  }

  @Test func overlappingSpansNeverMakeAnEstimateGoBackwards() {
    // A nested evaluation finishes before its reader: the reader starts earlier, ends later.
    let starts = StartEstimate.starts([(100, 50), (0, nil), (120, 10)])
    #expect(starts == [100, 120, 120])
  }
}

extension StartEstimate {
  /// The starts ``estimateStarts(_:)`` gives `spans`, in order.
  static func starts(_ spans: [(start: UInt64, duration: UInt64?)]) -> [UInt64] {
    var spans = spans
    estimateStarts(&spans)
    return spans.map(\.start)
  }
}
