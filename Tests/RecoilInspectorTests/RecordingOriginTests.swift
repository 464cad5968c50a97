import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

/// A snapshot's times count from the earliest thing it holds: a store or container that was
/// already recording (for an app's own inspector) when a second inspector attached keeps its
/// earlier actions and evaluations at their real distance from the rest, never past the end.
@Suite struct RecordingOriginTests {
  private static func folder() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "origin-\(UUID().uuidString)")
  }

  /// Every time in `snapshot` lies between 0 and its elapsed time, and entries keep their order.
  private static func expectTimesWithinElapsed(_ snapshot: Snapshot, sourceLocation: SourceLocation = #_sourceLocation)
  {
    let elapsed = snapshot.elapsedNanos ?? 0
    #expect(elapsed > 0, sourceLocation: sourceLocation)
    for action in snapshot.actions {
      #expect((0...elapsed).contains(action.atNanos ?? 0), "action \(action.seq)", sourceLocation: sourceLocation)
    }
    let times = snapshot.timeline.compactMap(\.atNanos)
    #expect(!times.isEmpty, sourceLocation: sourceLocation)
    for time in times { #expect((0...elapsed).contains(time), sourceLocation: sourceLocation) }
  }

  @Test func aStoreAlreadyRecordingKeepsItsTimes() throws {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let appInspector = Inspector()
    appInspector.attach(store)
    store.dispatch(.add("boots"))
    store.dispatch(.visit)
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try #require(
      try InspectorArtifacts.write(
        store, name: "shop", environment: [InspectorArtifacts.environmentVariable: folder.path]))
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: url))
    #expect(snapshot.actions.count == 2)
    Self.expectTimesWithinElapsed(snapshot)
    let first = try #require(snapshot.actions.first?.atNanos)
    let second = try #require(snapshot.actions.last?.atNanos)
    #expect(first <= second)
  }

  @Test func aContainerAlreadyRecordingKeepsItsTimes() throws {
    let container = AtomContainer()
    let appInspector = Inspector()
    appInspector.attach(container)
    _ = try container.get(Graph.label)
    container.set(Graph.price, 12)
    _ = try container.get(Graph.label)
    let snapshot = try #require(
      try InspectorArtifacts.write(
        container, name: "graph", environment: [InspectorArtifacts.environmentVariable: Self.folder().path]
      ).map { try SnapshotCodec.decode(Data(contentsOf: $0)) })
    Self.expectTimesWithinElapsed(snapshot)
    #expect(snapshot.timeline.contains { $0.kind == .evaluation })
  }

  @Test func aSecondInspectorOnTheSameStoreAgreesOnTheOrder() throws {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let early = Inspector()
    early.attach(store)
    store.dispatch(.visit)
    let late = Inspector()
    late.attach(store)
    store.dispatch(.add("hat"))
    let snapshot = late.snapshot()
    Self.expectTimesWithinElapsed(snapshot)
    // The action from before the late inspector started is still the earlier one.
    #expect(snapshot.actions.map(\.name) == ["visit", "add"])
    #expect((snapshot.actions[0].atNanos ?? 0) <= (snapshot.actions[1].atNanos ?? 0))
  }
}
