import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Synchronization
import Testing

@testable import RecoilInspector

/// `InspectorConfiguration.actionsNeverRecorded`: the `tick` actions that would drown a trace
/// are absent from every output, and counted by name.
@Suite struct UnrecordedActionsTests {
  @Test func patternsMatchActionNamesAndAnInvalidOneNamesItsTextExactly() {
    let unrecorded = UnrecordedActions(["vis?t", "clock(.tick*)", "[broken"])
    #expect(unrecorded.contains("visit"))
    #expect(unrecorded.contains("clock(.tick(3))"))
    #expect(unrecorded.contains("[broken"))
    #expect(!unrecorded.contains("rename"))
    #expect(!unrecorded.contains("visits"))
    #expect(UnrecordedActions([]).isEmpty)
  }

  @Test func aDeniedActionIsAbsentFromTheSnapshotAndTheStreamAndCountedByName() throws {
    let events = FileManager.default.temporaryDirectory.appending(path: "unrecorded-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: events) }
    var configuration = InspectorConfiguration()
    configuration.actionsNeverRecorded = ["vis?t"]
    configuration.timing = .everyOperation
    let inspector = Inspector(configuration: configuration)
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    inspector.attach(store)
    let heard = Atomic<Int>(0)
    let subscription = store.subscribe { _ in heard.add(1, ordering: .relaxed) }
    defer { subscription.cancel() }
    try inspector.startStreaming(to: .file(path: events.path))
    store.dispatch(.rename("Ann"))
    for _ in 0..<3 { store.dispatch(.visit) }
    store.dispatch(.add("tea"))
    inspector.stopStreaming()
    // The app itself is untouched: every action was processed and heard.
    #expect(store.state.profile.visits == 3)
    #expect(heard.load(ordering: .relaxed) >= 5)

    let snapshot = inspector.snapshot()
    #expect(snapshot.actions.map(\.name) == ["rename", "add"])
    // Its store's numbers stay the store's own: the left-out ones are gaps.
    #expect(snapshot.actions.map(\.seq) == [1, 5])
    let actionEntries = snapshot.timeline.filter { $0.kind == .action }
    #expect(actionEntries.map(\.name) == ["rename", "add"])
    // One notification per recorded action, none for the left-out ones.
    let notifications = snapshot.timeline.filter { $0.kind == .notification && $0.store == "shop" }
    #expect(notifications.count == 2)
    #expect(Set(notifications.compactMap(\.cause)) == Set(actionEntries.map(\.seq)))
    #expect(snapshot.dropped?.notRecorded == ["visit": 3])
    #expect(snapshot.dropped?.actions == 0)

    // The encoded snapshot names the action only in its count, and the count round-trips.
    let encoded = String(decoding: SnapshotCodec.encode(snapshot), as: UTF8.self)
    #expect(!encoded.contains(#""name":"visit""#))
    #expect(try SnapshotCodec.decode(Data(encoded.utf8)).dropped?.notRecorded == ["visit": 3])

    // The stream: no action, no notification of one, the others whole.
    let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
    let decoded = try lines.enumerated().map { try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1) }
    let streamed = decoded.compactMap { if case .action(let action) = $0.kind { action } else { nil } }
    #expect(streamed.map(\.name) == ["rename", "add"])
    #expect(!lines.contains { $0.contains(#""name":"visit""#) })
    let streamedNotifications = decoded.filter {
      if case .step(let step) = $0.kind { step.kind == .notification } else { false }
    }
    #expect(streamedNotifications.count == 2)
    // Each names the one subscription it reached, as the snapshot's notifications do.
    let snapshotReached = snapshot.timeline.filter { $0.kind == .notification }.map(\.reached.count)
    #expect(snapshotReached == [1, 1])
    #expect(
      streamedNotifications.allSatisfy {
        if case .step(let step) = $0.kind { step.reached.count == 1 } else { false }
      })
  }
}
