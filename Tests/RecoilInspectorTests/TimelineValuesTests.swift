import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilSnapshot
import RecoilStores
import Testing

/// The values the causal timeline carries, so that every node has a value at every step:
/// selectors' evaluations and async values that arrived, store selectors' results, and the
/// whole top-level parts of a store's state each action changed.
@Suite struct TimelineValuesTests {
  enum Cart {
    static let count = Atom(1, key: "Cart.count")
    static let parity = Selector(key: "Cart.parity") { get in try get(count) % 2 == 0 ? "even" : "odd" }
    static let doubled = AsyncSelector(key: "Cart.doubled") { get in try await get(count) * 2 }
  }

  @Test func anEvaluationCarriesTheValueItProducedWhenItChangedIt() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    #expect(try container.get(Cart.parity) == "odd")
    container.set(Cart.count, 3)  // still odd: the evaluation changes nothing
    #expect(try container.get(Cart.parity) == "odd")
    container.set(Cart.count, 4)
    #expect(try container.get(Cart.parity) == "even")

    let evaluations = inspector.snapshot().timeline.filter { $0.kind == .evaluation && $0.node == "Cart.parity" }
    #expect(evaluations.map(\.changed) == [true, false, true])
    #expect(evaluations.map(\.value) == ["\"odd\"", nil, "\"even\""])
    // The value travels through the codec.
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(inspector.snapshot()))
    #expect(
      decoded.timeline.filter { $0.node == "Cart.parity" && $0.kind == .evaluation }.map(\.value)
        == evaluations.map(\.value))
  }

  @Test func anAsyncValueArrivesWithItsResolution() async throws {
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    #expect(try await container.value(Cart.doubled) == 2)
    let resolution = try #require(
      inspector.snapshot().timeline.first { $0.kind == .resolution && $0.node == "Cart.doubled" })
    #expect(resolution.phase == "resolved")
    #expect(resolution.value == "2")
    #expect(resolution.summary == "resolved Cart.doubled = 2")
  }

  @Test func aRedactedNodesValuesAreTheMarkerInTheTimeline() throws {
    var configuration = InspectorConfiguration()
    configuration.redaction.nodes = ["Cart.*"]
    let container = AtomContainer()
    let inspector = Inspector(configuration: configuration)
    inspector.attach(container)
    _ = try container.get(Cart.parity)
    let evaluation = try #require(inspector.snapshot().timeline.first { $0.node == "Cart.parity" })
    #expect(evaluation.value == Redaction.marker)
  }

  @Test func storeSelectorsCarryTheirResultsAndActionsTheWholePartsTheyChanged() throws {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(store)
    let cartCount = StoreSelector(name: "cartCount", StoreSelector(name: "cartItems", \ShopState.cart)) { $0.count }
    store.dispatch(.add("boots"))
    #expect(store.select(cartCount) == 1)
    store.dispatch(.rename("Ann"))

    let snapshot = inspector.snapshot()
    let evaluation = try #require(snapshot.timeline.first { $0.kind == .evaluation && $0.node == "shop.cartCount" })
    #expect(evaluation.value == "1")
    // Each action: the top-level part of the state it changed, whole, before and after.
    #expect(snapshot.actions[0].changes == [SnapshotChange(path: "cart[0]", before: nil, after: "\"boots\"")])
    #expect(snapshot.actions[0].slices == [SnapshotChange(path: "cart", before: "[]", after: "[\"boots\"]")])
    #expect(snapshot.actions[1].slices.map(\.path) == ["profile"])
    #expect(snapshot.actions[1].slices.first?.after?.contains("\"Ann\"") == true)
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)).actions == snapshot.actions)
  }

  @Test func theLiveStreamCarriesEvaluationValues() throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "values-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    try inspector.startStreaming(to: .file(path: url.path))
    _ = try container.get(Cart.parity)
    inspector.stopStreaming()
    let events = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated().map {
      try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1)
    }
    let values = events.compactMap { event -> String? in
      if case .evaluation(let evaluation) = event.kind, evaluation.node == "Cart.parity" { return evaluation.value }
      return nil
    }
    #expect(values == ["\"odd\""])
  }

  @Test func storesAndSlicesCarryTheirStateAsATreeWhosePathsAreTheChanges() throws {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.add("boots"))
    store.dispatch(.rename("Ann"))
    let snapshot = inspector.snapshot()
    let slice = try #require(snapshot.nodes.first { $0.id == "shop.cart" }?.structure)
    #expect(slice.map(\.path) == ["cart", "cart[0]"])
    #expect(slice.last?.value == "\"boots\"")
    let state = try #require(snapshot.nodes.first { $0.id == "shop" }?.structure)
    #expect(state.first?.path == "" && state.first?.type == "ShopState")
    // Every path an action changed is a row of the tree.
    for change in snapshot.actions.flatMap(\.changes) {
      #expect(state.contains { $0.path == change.path }, "\(change.path)")
    }
  }
}
