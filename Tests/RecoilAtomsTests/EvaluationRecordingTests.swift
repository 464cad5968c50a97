import Dispatch
import Testing

@testable import RecoilAtoms

/// The container's own evaluation recording: statistics per node and a bounded timeline.
@Suite struct EvaluationRecordingTests {
  /// Sets `atom` to 1, 2, … `rounds` and reads `node` after each write.
  func setAndRead(_ container: AtomContainer, _ atom: Atom<Int>, _ node: Selector<Int>, rounds: Int) throws {
    for value in 1...rounds {
      container.set(atom, value)
      _ = try container.get(node)
    }
  }

  /// Busy-waits at least `nanos`, so that an evaluation is slow whatever the machine.
  static func spin(nanos: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - start < nanos {}
  }

  @Test func nothingIsRecordedUntilAskedAndAfterTheLastStop() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    _ = try container.get(b)
    #expect(container.recordedEvaluations().timeline.isEmpty)
    container.startRecordingEvaluations()
    container.startRecordingEvaluations()
    container.set(a, 2)
    _ = try container.get(b)
    container.stopRecordingEvaluations()
    #expect(container.recordedEvaluations().timeline.count == 1)  // one caller still records
    container.stopRecordingEvaluations()
    #expect(container.recordedEvaluations().timeline.isEmpty)
    #expect(container.recordedEvaluations().statistics.isEmpty)
  }

  @Test func theTimelineSaysWhatRanWhenAndWhy() throws {
    let flag = Atom(true, key: "flag")
    let left = Atom(1, key: "left")
    let right = Atom(2, key: "right")
    let chosen = Selector(key: "chosen") { get in try get(flag) ? get(left) : get(right) }
    let doubled = Selector(key: "doubled") { get in try get(chosen) * 2 }
    let container = AtomContainer()
    container.startRecordingEvaluations(timing: .everyOperation)
    #expect(try container.get(doubled) == 2)
    container.set(flag, false)
    #expect(try container.get(doubled) == 4)
    container.refresh(chosen)
    #expect(try container.get(doubled) == 4)
    let timeline = container.recordedEvaluations().timeline
    #expect(timeline.map(\.node.name) == ["chosen", "doubled", "chosen", "doubled", "chosen"])
    #expect(
      timeline.map(\.trigger) == [
        .firstRead, .firstRead, .dependencyChanged(flag.key), .dependencyChanged(chosen.key), .refresh,
      ])
    // Nested evaluations start inside their reader's and end before it.
    #expect(timeline[0].startNanos >= timeline[1].startNanos)
    #expect(
      zip(timeline, timeline.dropFirst()).allSatisfy { $0.startNanos <= $1.startNanos + ($1.durationNanos ?? 0) })
    #expect(timeline.allSatisfy { $0.durationNanos != nil })
  }

  @Test func sampledTimingCountsEveryEvaluationAndTimesTheFirstAndEveryThirtySecond() throws {
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    // No evaluation counts as slow here, whatever the machine's speed.
    container.startRecordingEvaluations(timing: .sampled(oneIn: 32, slowNanos: .max))
    try setAndRead(container, a, b, rounds: 70)
    let recording = container.recordedEvaluations()
    let statistics = try #require(recording.statistics[b.key])
    #expect(statistics.count == 70)
    #expect(statistics.timedCount == 3)  // evaluations 1, 33 and 65
    #expect(recording.timeline.count == 70)
    let timed = recording.timeline.indices.filter { recording.timeline[$0].durationNanos != nil }
    #expect(timed == [0, 32, 64])
    let starts = recording.timeline.map(\.startNanos)
    #expect(starts == starts.sorted())
  }

  @Test func anEvaluationInterruptedByDepthAndRunAgainCountsOnce() async throws {
    // Reading the end of a long chain first evaluates too deeply, is interrupted, and the
    // graph evaluates from the bottom up instead; the interrupted evaluations do not count.
    let base = Atom(0, key: "base")
    var chain: [Selector<Int>] = []
    for index in 0..<3_000 {
      let previous = chain.last
      chain.append(Selector(key: "chain[\(index)]") { get in try (previous.map { try get($0) } ?? get(base)) + 1 })
    }
    let container = AtomContainer()
    container.startRecordingEvaluations(timelineCapacity: 10_000)
    let last = chain[chain.count - 1]
    #expect(try await Task.detached { try container.get(last) }.value == 3_000)
    let recording = container.recordedEvaluations()
    #expect(recording.timeline.count == 3_000)
    #expect(chain.allSatisfy { recording.statistics[$0.key]?.count == 1 })
  }

  @Test func aNodeFoundSlowIsTimedEveryTime() throws {
    let a = Atom(0, key: "a")
    let slow = Selector(key: "slow") { get in
      Self.spin(nanos: 3 * RecordingTiming.sampled.slowNanos)
      return try get(a)
    }
    let container = AtomContainer()
    container.startRecordingEvaluations()
    try setAndRead(container, a, slow, rounds: 6)
    let statistics = try #require(container.recordedEvaluations().statistics[slow.key])
    #expect(statistics.count == 6)
    #expect(statistics.timedCount == 6)
    #expect(statistics.minNanos >= 3 * RecordingTiming.sampled.slowNanos)
  }

  @Test func timingEveryEvaluationWinsOverSampling() throws {
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    container.startRecordingEvaluations(timing: .sampled(oneIn: 32, slowNanos: .max))
    container.startRecordingEvaluations(timing: .everyOperation)
    try setAndRead(container, a, b, rounds: 40)
    let statistics = try #require(container.recordedEvaluations().statistics[b.key])
    #expect(statistics.count == 40)
    #expect(statistics.timedCount == 40)
    #expect(container.recordedEvaluations().timeline.allSatisfy { $0.durationNanos != nil })
  }

  @Test func statisticsCountEveryEvaluationOfTheNodesInUse() throws {
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in try get(a) * 2 }
    let container = AtomContainer()
    container.startRecordingEvaluations()
    try setAndRead(container, a, b, rounds: 5)
    let statistics = try #require(container.recordedEvaluations().statistics[b.key])
    #expect(statistics.count == 5)
    #expect(statistics.minNanos <= statistics.maxNanos)
    #expect(statistics.totalNanos >= statistics.maxNanos)
    #expect(container.recordedEvaluations().statistics[a.key] == nil)  // atoms are not evaluated
  }

  /// Plain values are kept as bits beside the write, others apart: read back, each write has
  /// its own values, also once the oldest were dropped.
  @Test func writesOfPlainAndOtherValuesKeepTheirOwnValuesWhenTheOldestAreDropped() throws {
    let count = Atom(0, key: "count")
    let name = Atom("", key: "name")
    let tags = Atom([String](), key: "tags")
    let container = AtomContainer()
    container.startRecordingEvaluations(timelineCapacity: 7)
    var expected: [String] = []
    for step in 1...12 {
      // Plain, then other values, in an order that is not a simple alternation.
      container.set(count, step)
      expected.append("count \(step - 1)→\(step)")
      if step % 3 != 0 {
        container.set(name, "n\(step)")
        expected.append("name \(step == 1 ? "" : "n\(step % 3 == 1 ? step - 2 : step - 1)")→n\(step)")
      }
      if step % 4 == 0 {
        container.set(tags, ["t\(step)"])
        expected.append("tags \(step == 4 ? "[]" : "[\"t\(step - 4)\"]")→[\"t\(step)\"]")
      }
    }
    let recording = container.recordedEvaluations()
    let writes = recording.writes.map { write in
      let show = { (value: (any Sendable)?) in
        value.map { $0 as? String ?? ($0 as? [String]).map { "\($0)" } ?? "\($0)" } ?? "nil"
      }
      return "\(write.node.name) \(show(write.before))→\(show(write.after))"
    }
    #expect(writes == Array(expected.suffix(7)))
    #expect(recording.droppedWrites == expected.count - 7)
  }

  @Test func theTimelineKeepsTheLatestAndCountsWhatItDropped() throws {
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    container.startRecordingEvaluations(timelineCapacity: 3)
    try setAndRead(container, a, b, rounds: 10)
    let recording = container.recordedEvaluations()
    #expect(recording.timeline.count == 3)
    #expect(recording.dropped == 7)
    #expect(recording.statistics[b.key]?.count == 10)
    let starts = recording.timeline.map(\.startNanos)
    #expect(starts == starts.sorted())
  }

  @Test func aFullTimelineKeepsTheTimesOfItsOwnTimedEntries() throws {
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    container.startRecordingEvaluations(timelineCapacity: 3, timing: .sampled(oneIn: 4, slowNanos: .max))
    var beforeNinth: UInt64 = 0
    for value in 1...10 {
      container.set(a, value)
      if value == 9 { beforeNinth = DispatchTime.now().uptimeNanoseconds }
      _ = try container.get(b)
    }
    // Evaluations 1, 5 and 9 were timed; the timeline keeps 8, 9 and 10.
    let timeline = container.recordedEvaluations().timeline
    #expect(timeline.map { $0.durationNanos != nil } == [false, true, false])
    #expect(timeline[1].startNanos >= beforeNinth)
    #expect(timeline.map(\.startNanos) == timeline.map(\.startNanos).sorted())
  }

  @Test func releasedNodesAreStillNamedInTheTimeline() throws {
    let family = SelectorFamily(key: "square") { (n: Int, _: Getter) in n * n }
    let container = AtomContainer()
    container.startRecordingEvaluations()
    for n in 0..<4 { _ = try container.get(family(n)) }
    #expect(container.releaseUnusedMembers(of: "square") == 4)
    for n in 4..<8 { _ = try container.get(family(n)) }  // reuses the released slots
    let names = container.recordedEvaluations().timeline.map(\.node.description)
    #expect(names == (0..<8).map { "square(\($0))" })
    #expect(container.recordedEvaluations().statistics.count == 4)  // only the nodes in use
  }
}
