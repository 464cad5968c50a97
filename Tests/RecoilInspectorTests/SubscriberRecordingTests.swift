import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Synchronization
import Testing

@testable import RecoilInspector

/// Subscriptions are part of the graph: labelled (by the app, or where they were made), listed
/// in the snapshot with their calls and timings, and named by the notifications that reached
/// them, with how long each callback took.
@Suite struct SubscriberRecordingTests {
  @Test func aChangeThatReachesTwoSubscribersOfWhichOneIsSlow() throws {
    var configuration = InspectorConfiguration()
    configuration.timing = .everyOperation
    let inspector = Inspector(configuration: configuration)
    let container = AtomContainer()
    inspector.attach(container)
    let fast = container.subscribe(Graph.label, label: "price tag") { _ in }
    let slowLine = #line + 1
    let slow = container.subscribe(Graph.label) { _ in usleep(20_000) }
    defer {
      fast.cancel()
      slow.cancel()
    }
    container.set(Graph.price, 12)

    let snapshot = inspector.snapshot()
    #expect(snapshot.subscriptions.count == 2)
    let tag = try #require(snapshot.subscriptions.first { $0.label == "price tag" })
    let other = try #require(snapshot.subscriptions.first { $0.label == nil })
    #expect(tag.node == "Graph.label" && other.node == "Graph.label")
    // Unlabelled: named by where it was made, for free.
    #expect(other.site == "RecoilInspectorTests/SubscriberRecordingTests.swift:\(slowLine)")
    #expect(other.name == other.site)
    #expect(tag.site?.hasPrefix("RecoilInspectorTests/SubscriberRecordingTests.swift:") == true)
    #expect(tag.calls == 1 && other.calls == 1)
    #expect((other.timings?.maxNanos ?? 0) >= 20_000_000)
    #expect((tag.timings?.maxNanos ?? .max) < (other.timings?.maxNanos ?? 0))
    #expect(tag.isActive && other.isActive)

    // The notification of Graph.label names both, with their callbacks' times.
    let notification = try #require(
      snapshot.timeline.last { $0.kind == .notification && $0.node == "Graph.label" })
    #expect(Set(notification.reached.map(\.subscription)) == [tag.id, other.id])
    let slowReach = try #require(notification.reached.first { $0.subscription == other.id })
    let fastReach = try #require(notification.reached.first { $0.subscription == tag.id })
    #expect((slowReach.durationNanos ?? 0) >= 20_000_000)
    #expect((fastReach.durationNanos ?? .max) < (slowReach.durationNanos ?? 0))
    // Written and read back whole.
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
    #expect(decoded.subscriptions == snapshot.subscriptions)
    #expect(decoded.timeline.first { $0.seq == notification.seq }?.reached == notification.reached)
  }

  @Test func aSubscriptionThatEndedIsKeptWhileANotificationNamesItAndNothingIsCountedWhenNotRecording() throws {
    let container = AtomContainer()
    let calls = LockedCount()
    // Before any inspector: its callbacks run, uncounted.
    let early = container.subscribe(Graph.total, label: "early") { _ in calls.add() }
    container.set(Graph.quantity, 3)
    let inspector = Inspector()
    inspector.attach(container)
    let scope = TrackingScope(container: container, label: "total scope") { get in _ = try? get(Graph.total) }
    container.set(Graph.quantity, 4)
    early.cancel()
    let snapshot = inspector.snapshot()
    let ended = try #require(snapshot.subscriptions.first { $0.label == "early" })
    #expect(!ended.isActive)
    #expect(ended.calls == 1)  // the change before recording is not counted
    #expect(calls.value == 2)
    // A TrackingScope's subscriptions carry its label.
    #expect(snapshot.subscriptions.contains { $0.label == "total scope" && $0.node == "Graph.total" && $0.isActive })
    scope.cancel()
  }
}

@Suite struct StoreSubscriberRecordingTests {
  /// A store's notification names the subscriptions it reached, as they were at that action:
  /// one that came later is not named by the earlier action's notification.
  @Test func aStoresNotificationNamesTheSubscriptionsItReachedAtThatAction() throws {
    var configuration = InspectorConfiguration()
    configuration.timing = .everyOperation
    let inspector = Inspector(configuration: configuration)
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    inspector.attach(store)
    let header = store.subscribe(\.profile.name, label: "header") { _ in }
    let slowLine = #line + 1
    let list = store.subscribe { _ in usleep(10_000) }
    store.dispatch(.rename("Ann"))
    let late = store.subscribe(label: "late") { _ in }
    list.cancel()
    store.dispatch(.visit)
    defer {
      header.cancel()
      late.cancel()
    }

    let snapshot = inspector.snapshot()
    let headerSubscription = try #require(snapshot.subscriptions.first { $0.label == "header" })
    let listSubscription = try #require(
      snapshot.subscriptions.first { $0.site == "RecoilInspectorTests/SubscriberRecordingTests.swift:\(slowLine)" })
    let lateSubscription = try #require(snapshot.subscriptions.first { $0.label == "late" })
    #expect([headerSubscription, listSubscription, lateSubscription].allSatisfy { $0.node == "shop" })
    #expect(!listSubscription.isActive && headerSubscription.isActive && lateSubscription.isActive)
    #expect((listSubscription.timings?.maxNanos ?? 0) >= 10_000_000)

    let notifications = snapshot.timeline.filter { $0.kind == .notification && $0.store == "shop" }
    #expect(notifications.count == 2)
    #expect(Set(notifications[0].reached.map(\.subscription)) == [headerSubscription.id, listSubscription.id])
    #expect(Set(notifications[1].reached.map(\.subscription)) == [headerSubscription.id, lateSubscription.id])
    let slow = try #require(notifications[0].reached.first { $0.subscription == listSubscription.id })
    #expect((slow.durationNanos ?? 0) >= 10_000_000)
  }
}

@Suite struct ScopeRunRecordingTests {
  static let mirror = Atom(0, key: "Scope.mirror")

  /// A tracking scope's run is an entry of its own: what it read, how long it took, caused by
  /// the notification of something it read; what it writes names the run.
  @Test func aScopesRunIsAnEntryWithWhatItReadAndItsCause() throws {
    let events = FileManager.default.temporaryDirectory.appending(path: "scope-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: events) }
    var configuration = InspectorConfiguration()
    configuration.timing = .everyOperation
    let inspector = Inspector(configuration: configuration)
    let container = AtomContainer()
    inspector.attach(container)
    try inspector.startStreaming(to: .file(path: events.path))
    let scopeLine = #line + 1
    let scope = TrackingScope(container: container, label: "total badge") { get in
      let total = (try? get(Graph.total)) ?? 0
      container.set(Self.mirror, total)
    }
    defer { scope.cancel() }
    container.set(Graph.quantity, 5)
    inspector.stopStreaming()

    let snapshot = inspector.snapshot()
    let runs = snapshot.timeline.filter { $0.kind == .scope }
    #expect(runs.count == 2)
    #expect(runs.allSatisfy { $0.name == "total badge" && $0.reads == ["Graph.total"] })
    #expect(runs.allSatisfy { $0.site == "RecoilInspectorTests/SubscriberRecordingTests.swift:\(scopeLine)" })
    #expect(runs.allSatisfy { $0.durationNanos != nil })
    #expect(runs[0].cause == nil)  // its first run
    let cause = try #require(snapshot.timeline.first { $0.seq == runs[1].cause })
    #expect(cause.kind == .notification && cause.node == "Graph.total")
    // The write it made names the run.
    let write = try #require(snapshot.timeline.last { $0.kind == .write && $0.node == "Scope.mirror" })
    #expect(write.cause == runs[1].seq)
    // In the stream, as a `scope` event.
    let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
    let streamed = try lines.enumerated().compactMap { position, line -> SnapshotEntry? in
      let event = try InspectorEventCodec.decode(line: String(line), lineNumber: position + 1)
      if case .step(let step) = event.kind, step.kind == .scope { return step }
      return nil
    }
    #expect(streamed.map(\.reads) == [["Graph.total"], ["Graph.total"]])
    #expect(lines.contains { $0.hasPrefix(#"{"type":"scope""#) })
    // Written and read back.
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
    #expect(decoded.timeline.filter { $0.kind == .scope } == runs)
  }
}

/// A counter callbacks on any thread may add to.
final class LockedCount: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
