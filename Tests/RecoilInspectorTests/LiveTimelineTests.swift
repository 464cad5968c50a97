import RecoilSnapshot
import Testing

@testable import RecoilInspector

/// The live stream's causal order: queued entries and the actions read from the stores'
/// recordings, merged by their numbers on the writer thread.
@Suite struct LiveTimelineTests {
  /// A queued item as the test makes it: an entry or a plain event, with its time.
  struct Queued {
    var item: LiveTimeline.Item
    var atNanos: Int
  }

  static func action(_ seq: Int, store: String = "cart", cause: Int? = nil) -> (LiveEntry, atNanos: Int) {
    let event = SnapshotEntry(seq: seq, kind: .action, store: store, action: seq)
    return (
      LiveEntry(entry: TimelineEntry(event: event, rule: cause.map { .order(UInt64($0)) } ?? .none), shape: .step), seq
    )
  }

  static func selectorRun(_ seq: Int, store: String = "cart") -> Queued {
    let entry = TimelineEntry.storeSelectorEvaluation(
      id: "\(store).total", store: store, order: UInt64(seq), durationNanos: 10, atNanos: seq)
    return Queued(item: .entry(LiveEntry(entry: entry, shape: .evaluation)), atNanos: seq)
  }

  static func write(_ seq: Int, node: String) -> Queued {
    let entry = TimelineEntry(event: SnapshotEntry(seq: seq, kind: .write, node: node), rule: .none)
    return Queued(item: .entry(LiveEntry(entry: entry, shape: .step)), atNanos: seq)
  }

  static func nodeEvent(_ id: String, at atNanos: Int) -> Queued {
    Queued(item: .event(EventStream.Made(kind: .node(SnapshotNode(id: id, kind: .atom)))), atNanos: atNanos)
  }

  func merge(
    _ timeline: LiveTimeline, _ queued: [Queued], actions: [(LiveEntry, atNanos: Int)], taken: Int = .max,
    holding: Bool = true
  ) -> [EventStream.Made] {
    timeline.merge(queued, item: { $0.item }, at: \.atNanos, actions: actions, taken: taken, holding: holding)
      .map(\.made)
  }

  @Test func entriesGoInNumberOrderAndEachFindsTheActionJustBeforeIt() {
    let timeline = LiveTimeline()
    // Queued out of number order (a run numbered at its start, queued at its end), with a
    // node's new value after the write it follows.
    let queued = [
      Self.write(4, node: "Catalog.query"), Self.nodeEvent("Catalog.query", at: 4), Self.selectorRun(9),
      Self.selectorRun(6),
    ]
    let made = merge(timeline, queued, actions: [Self.action(3), Self.action(5), Self.action(8)])
    #expect(made.map { $0.seq ?? -1 } == [3, 4, -1, 5, 6, 8, 9])
    if case .node(let node) = made[2].kind {
      #expect(node.id == "Catalog.query")
    } else {
      Issue.record("the node's value left the write it follows: \(made[2].kind)")
    }
    // Each selector run's cause is its store's latest action before it, as in a snapshot.
    #expect(made.first { $0.seq == 6 }?.cause == 5)
    #expect(made.first { $0.seq == 9 }?.cause == 8)
  }

  @Test func anActionNumberedAfterTheQueueWasTakenWaitsOneRoundForItsCause() {
    let timeline = LiveTimeline()
    // Action 7 was caused by write 6, queued after the writer took the queue (at 5).
    let first = merge(
      timeline, [Self.write(2, node: "Cart.open")], actions: [Self.action(3), Self.action(7, cause: 6)], taken: 5)
    #expect(first.map(\.seq) == [2, 3])
    let second = merge(timeline, [Self.write(6, node: "Cart.open")], actions: [], taken: 9)
    #expect(second.map(\.seq) == [6, 7])
    #expect(second.last?.cause == 6)
    // The last round holds nothing back.
    let last = merge(timeline, [], actions: [Self.action(12)], taken: 10, holding: false)
    #expect(last.map(\.seq) == [12])
  }

  @Test func aSelectorRunQueuedInTheRoundOfItsActionComesAfterIt() {
    let timeline = LiveTimeline()
    // The action was numbered before the queue was taken, its selector run queued before it
    // was taken too: read together, the run names the action.
    let made = merge(timeline, [Self.selectorRun(11)], actions: [Self.action(10)], taken: 11)
    #expect(made.map(\.seq) == [10, 11])
    #expect(made.last?.cause == 10)
  }
}
