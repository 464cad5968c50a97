import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Synchronization
import Testing

@testable import RecoilInspector

struct Profile: Equatable, Sendable {
  var name = ""
  var visits = 0
}

struct ShopState: Equatable, Sendable {
  var profile = Profile()
  var cart: [String] = []
}

enum ShopAction: Equatable, Sendable {
  case rename(String)
  case add(String)
  case visit
}

let shopReducer = Reducer<ShopState, ShopAction> { state, action in
  switch action {
  case .rename(let name): state.profile.name = name
  case .add(let item): state.cart.append(item)
  case .visit: state.profile.visits += 1
  }
}

enum Graph {
  static let price = Atom(10, key: "Graph.price")
  static let quantity = Atom(2, key: "Graph.quantity")
  static let total = Selector(key: "Graph.total") { get in try get(price) * get(quantity) }
  static let label = Selector(key: "Graph.label") { get in "total \(try get(total))" }
}

@Suite struct InspectorTests {
  protocol Layer: Sendable {}
  /// Too large for an existential's inline buffer: kept in a box of its own.
  struct Sticker: Layer, Equatable { var caption = "a caption too long to be stored inline"; var size = 1.0 }
  struct Canvas: Sendable {
    var layers: [any Layer] = [Sticker()]
    var extras: [String: any Sendable] = ["first": Sticker()]
  }
  enum CanvasAction: Sendable { case resize(Double), place(any Layer) }

  @Test func statesAndActionsHoldingLargeValuesInExistentialsAreDescribed() throws {
    let store = Store(
      initialState: Canvas(),
      reducer: Reducer<Canvas, CanvasAction> { state, action in
        switch action {
        case .resize(let size):
          state.layers[0] = Sticker(size: size)
          state.extras["first"] = Sticker(caption: "resized", size: size)
        case .place(let layer): state.layers.append(layer)
        }
      }, name: "canvas")
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.resize(2))
    store.dispatch(.place(Sticker(caption: "a second caption, also stored apart")))
    let actions = inspector.snapshot().actions
    #expect(actions.map(\.name) == ["resize", "place"])
    #expect(actions[1].payload == "Sticker(caption: \"a second caption, also stored apart\", size: 1.0)")
    #expect(
      actions[0].changes.map { "\($0.path) \($0.before ?? "-") → \($0.after ?? "-")" } == [
        "layers[0].size 1.0 → 2.0",
        "extras[\"first\"].caption \"a caption too long to be stored inline\" → \"resized\"",
        "extras[\"first\"].size 1.0 → 2.0",
      ])
    #expect(actions[1].changes.map(\.path) == ["layers[1]"])
  }

  @Test func attachingChangesNothingAndSnapshotsTheGraph() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    #expect(try container.get(Graph.label) == "total 20")
    container.set(Graph.quantity, 3)
    #expect(try container.get(Graph.label) == "total 30")
    let snapshot = inspector.snapshot()
    #expect(Set(snapshot.nodes.map(\.id)) == ["Graph.price", "Graph.quantity", "Graph.total", "Graph.label"])
    #expect(
      Set(snapshot.edges.map { "\($0.from)->\($0.to)" })
        == ["Graph.price->Graph.total", "Graph.quantity->Graph.total", "Graph.total->Graph.label"])
    let total = try #require(snapshot.nodes.first { $0.id == "Graph.total" })
    #expect(total.kind == .selector)
    #expect(total.value == "30")
    #expect(total.valueType == "Int")
    #expect(total.evaluations?.count == 2)
    #expect((total.evaluations?.totalNanos ?? -1) >= 0)
    #expect(snapshot.nodes.first { $0.id == "Graph.price" }?.kind == .atom)
    // The snapshot is valid: it round-trips through the codec.
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)).nodes.count == 4)
  }

  /// An atom with a fallback is two nodes in the snapshot: the one the app uses, and the atom
  /// holding its own value, so the graph says where its value comes from.
  @Test func anAtomWithAFallbackShowsItsOwnValueAndItsFallback() throws {
    let saved = Atom("Ann", key: "Profile.saved")
    let draft = WritableSelector(key: "Profile.draft") { get in try get(saved) }
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    #expect(try container.get(draft) == "Ann")
    let following = inspector.snapshot()
    #expect(
      Set(following.edges.map { "\($0.from)->\($0.to)" })
        == ["Profile.draft.own->Profile.draft", "Profile.saved->Profile.draft"])
    #expect(following.nodes.first { $0.id == "Profile.draft.own" }?.value == "nil")
    #expect(following.nodes.first { $0.id == "Profile.draft" }?.value == "\"Ann\"")
    try container.set(draft, "Anna")
    _ = try container.get(draft)
    let set = inspector.snapshot()
    #expect(set.edges.map { "\($0.from)->\($0.to)" } == ["Profile.draft.own->Profile.draft"])
    #expect(set.nodes.first { $0.id == "Profile.draft.own" }?.value == #"Optional("Anna")"#)
    #expect(set.nodes.first { $0.id == "Profile.draft" }?.value == "\"Anna\"")
  }

  /// Setting or resetting an atom with a fallback, or any writable selector, is recorded as a
  /// write of the atom it changed, where the app set or reset the selector: the trace leads to
  /// the app's line, not to the library's.
  @Test func writesThroughAWritableSelectorAreRecordedWhereTheAppMadeThem() throws {
    let saved = Atom("Ann", key: "Site.saved")
    let draft = WritableSelector(key: "Site.draft") { get in try get(saved) }
    let celsius = Atom(20.0, key: "Site.celsius")
    let fahrenheit = WritableSelector(
      key: "Site.fahrenheit", get: { get in try get(celsius) * 9 / 5 + 32 },
      set: { context, value in try context.set(celsius, (value - 32) * 5 / 9) })
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    _ = try container.get(draft)
    let setLine = #line + 1
    try container.set(draft, "Anna")
    let resetLine = #line + 1
    container.reset(draft)
    try container.set(fahrenheit, 212)
    let resetFahrenheitLine = #line + 1
    container.reset(fahrenheit)
    let writes = inspector.snapshot().timeline.filter { $0.kind == .write }
    let here = "RecoilInspectorTests/InspectorTests.swift:"
    #expect(writes.map { $0.node ?? "" } == ["Site.draft.own", "Site.draft.own", "Site.celsius", "Site.celsius"])
    #expect(
      writes.map(\.site) == [
        "\(here)\(setLine)", "\(here)\(resetLine)", writes[2].site, "\(here)\(resetFahrenheitLine)",
      ])
    // The selector's own setter names the line in it that wrote the atom.
    #expect(writes[2].site?.hasPrefix(here) == true)
  }

  @Test func edgeHistoryAndTimelineAreRecorded() throws {
    let flag = Atom(true, key: "flag")
    let left = Atom(1, key: "left")
    let right = Atom(2, key: "right")
    let chosen = Selector(key: "chosen") { get in try get(flag) ? get(left) : get(right) }
    let container = AtomContainer()
    var configuration = InspectorConfiguration()
    configuration.timing = .sampled(oneIn: 32, slowNanos: .max)  // no evaluation counts as slow
    let inspector = Inspector(configuration: configuration)
    inspector.attach(container)
    _ = try container.get(chosen)
    container.set(flag, false)
    _ = try container.get(chosen)
    let history = inspector.edgeHistory().map { "\($0.added ? "+" : "-")\($0.edge.from)" }
    #expect(history == ["+flag", "+left", "-left", "+right"])
    let timeline = inspector.evaluationTimeline()
    #expect(timeline.map(\.node) == ["chosen", "chosen"])
    #expect(timeline.map(\.trigger) == ["first read", "dependency flag"])
    // A fast node's first evaluation is timed, then one in the period.
    #expect(timeline.map { $0.durationNanos != nil } == [true, false])
    #expect(timeline[0].startNanos <= timeline[1].startNanos)
  }

  @Test func storesBecomeStoreSliceAndSelectorNodesWithAnActionRecording() throws {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    var configuration = InspectorConfiguration()
    configuration.timing = .sampled(oneIn: 32, slowNanos: .max)  // no action counts as slow
    let inspector = Inspector(configuration: configuration)
    inspector.attach(store)
    let cartCount = StoreSelector(name: "cartCount", StoreSelector(name: "cartItems", \ShopState.cart)) { $0.count }
    store.dispatch(.rename("Ann"))
    store.dispatch(.add("boots"))
    #expect(store.select(cartCount) == 1)
    let snapshot = inspector.snapshot()
    let ids = Set(snapshot.nodes.map(\.id))
    #expect(ids == ["shop", "shop.profile", "shop.cart", "shop.cartItems", "shop.cartCount"])
    #expect(snapshot.nodes.first { $0.id == "shop" }?.kind == .store)
    #expect(snapshot.nodes.first { $0.id == "shop.profile" }?.owner == "shop")
    #expect(snapshot.nodes.first { $0.id == "shop.cartCount" }?.value == "1")
    #expect(snapshot.nodes.first { $0.id == "shop.cartCount" }?.evaluations?.count == 1)
    #expect(
      Set(snapshot.edges.map { "\($0.from)->\($0.to)" }) == [
        "shop.cart->shop.cartItems", "shop.cartItems->shop.cartCount",
      ])
    #expect(snapshot.actions.map(\.name) == ["rename", "add"])
    #expect(snapshot.actions.map(\.seq) == [1, 2])
    #expect(snapshot.actions[0].payload == "\"Ann\"")
    #expect(snapshot.actions[0].changes == [SnapshotChange(path: "profile.name", before: "\"\"", after: "\"Ann\"")])
    #expect(snapshot.actions[1].changes == [SnapshotChange(path: "cart[0]", before: nil, after: "\"boots\"")])
    // By default the first action is timed, the second (fast) one not; both have a time.
    #expect(snapshot.actions.map { $0.durationNanos != nil } == [true, false])
    #expect(snapshot.actions.allSatisfy { $0.atNanos != nil })
    // Actions round-trip through the codec unchanged.
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)).actions == snapshot.actions)
  }

  @Test func storeSelectorEvaluationsAreTheOnesTheStoreRecordedAndOutliveDetaching() {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    let attachment = inspector.attach(store)
    let cartCount = StoreSelector(name: "cartCount", StoreSelector(name: "cartItems", \ShopState.cart)) { $0.count }
    store.dispatch(.add("boots"))
    _ = store.select(cartCount)
    store.dispatch(.add("hat"))
    _ = store.select(cartCount)
    let recorded = store.recordedActions().selectorEvaluations.filter { $0.selector == "cartCount" }.map(\.order)
    func evaluations(in snapshot: Snapshot) -> [Int] {
      snapshot.timeline.filter { $0.kind == .evaluation && $0.node == "shop.cartCount" }.map(\.seq)
    }
    let attached = inspector.snapshot()
    #expect(recorded.count == 2)
    #expect(evaluations(in: attached) == recorded.map { Int($0) })
    #expect(attached.nodes.first { $0.id == "shop.cartCount" }?.evaluations?.count == 2)
    // Each evaluation is caused by the action that changed the state before it.
    let actions = attached.timeline.filter { $0.kind == .action }.map(\.seq)
    #expect(attached.timeline.filter { $0.node == "shop.cartCount" }.map(\.cause) == actions.map { Optional($0) })
    attachment.detach()
    let detached = inspector.snapshot()
    // The store is no longer drawn, but its selectors' evaluations stay in the timeline.
    #expect(evaluations(in: detached) == recorded.map { Int($0) })
    #expect(inspector.evaluationTimeline().filter { $0.node == "shop.cartCount" }.count == 2)
  }

  @Test func aSelectorNamedLikeASliceGetsItsOwnNode() {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(store)
    _ = store.select(StoreSelector(name: "cart", \ShopState.cart))
    let snapshot = inspector.snapshot()
    #expect(snapshot.nodes.first { $0.id == "shop.cart" }?.kind == .slice)
    #expect(snapshot.nodes.first { $0.id == "shop.cart (selector)" }?.kind == .selector)
    #expect(snapshot.edges == [SnapshotEdge(from: "shop.cart", to: "shop.cart (selector)")])
  }

  @Test func registeredSlicesAreTheSliceNodes() throws {
    let store = Store<ShopState, ShopAction>(initialState: ShopState(), name: "shop")
    store.registerSlice(
      \.profile, name: "profile",
      reducer: Reducer { profile, action in
        if case .visit = action { profile.visits += 1 }
      })
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.visit)
    let snapshot = inspector.snapshot()
    #expect(snapshot.nodes.map(\.id) == ["shop", "shop.profile"])
    #expect(snapshot.nodes[1].value == "Profile(name: \"\", visits: 1)")
  }

  /// A store attached under another name is that name everywhere: its node, its actions and
  /// their timeline entries.
  @Test func aStoreAttachedUnderAnotherNameIsNamedSoEverywhere() {
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(store, name: "checkout")
    store.dispatch(.add("boots"))
    store.dispatch(.visit)
    let snapshot = inspector.snapshot()
    #expect(snapshot.nodes.contains { $0.id == "checkout" && $0.kind == .store })
    #expect(snapshot.actions.map(\.store) == ["checkout", "checkout"])
    #expect(snapshot.timeline.filter { $0.kind == .action }.allSatisfy { $0.store == "checkout" })
    #expect(!snapshot.nodes.contains { $0.id == "shop" })
  }

  @Test func theActionRecordingIsBoundedAndCountsDrops() {
    var configuration = InspectorConfiguration()
    configuration.actionCapacity = 5
    configuration.timelineCapacity = 3
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector(configuration: configuration)
    inspector.attach(store)
    for _ in 0..<12 { store.dispatch(.visit) }
    let snapshot = inspector.snapshot()
    #expect(snapshot.actions.map(\.seq) == [8, 9, 10, 11, 12])
    #expect(snapshot.dropped?.actions == 7)
  }

  @Test func previewsAreCut() throws {
    var configuration = InspectorConfiguration()
    configuration.previewLength = 10
    let long = Atom(String(repeating: "x", count: 100), key: "long")
    let container = AtomContainer()
    let inspector = Inspector(configuration: configuration)
    inspector.attach(container)
    _ = try container.get(long)
    #expect(inspector.snapshot().nodes.first?.value?.count == 10)
  }

  @Test func detachingStopsRecording() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    let attachment = inspector.attach(container)
    _ = try container.get(Graph.total)
    attachment.detach()
    container.set(Graph.price, 1)
    _ = try container.get(Graph.total)
    #expect(inspector.snapshot().nodes.isEmpty)
    #expect(inspector.evaluationTimeline().count == 1)
  }

  @Test func namedContainersPrefixTheirIDs() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container, name: "settings")
    _ = try container.get(Graph.total)
    #expect(
      inspector.snapshot().nodes.map(\.id).sorted() == [
        "settings/Graph.price", "settings/Graph.quantity", "settings/Graph.total",
      ])
  }

  @Test func effectsAreRecorded() async throws {
    struct Offline: Error {}
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    store.addEffect(Effect(id: "sync", when: { $0 == .visit }) { _, _, _ in throw Offline() })
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.visit)
    for _ in 0..<10_000 where inspector.effectEvents().count < 2 { await Task.yield() }
    #expect(inspector.effectEvents().map(\.phase) == [.started, .failed])
  }

  /// Snapshots of stores that recorded nothing, taken on several threads at once, share no
  /// memory: run under the thread sanitizer, which reported the empty arrays once made for
  /// their records and timeline entries (an array made uninitialized with no room writes to
  /// the storage all empty arrays share).
  @Test func snapshotsOfEmptyTracesTakenConcurrentlyShareNothing() {
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let inspector = Inspector()
      let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
      inspector.attach(store)
      for _ in 0..<20 {
        let snapshot = inspector.snapshot()
        #expect(snapshot.actions.isEmpty && snapshot.timeline.isEmpty)
      }
    }
  }

  @Test func snapshotsTakenDuringConcurrentChangesAreConsistent() async throws {
    let atoms = (0..<20).map { Atom(0, key: "a\($0)") }
    let selectors = (0..<20).map { index in
      Selector(key: "s\(index)") { get in try get(atoms[index]) + get(atoms[(index + 1) % 20]) }
    }
    let container = AtomContainer()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    var configuration = InspectorConfiguration()
    configuration.actionCapacity = 200
    let inspector = Inspector(configuration: configuration)
    inspector.attach(container)
    inspector.attach(store)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for step in 0..<1_000 {
            container.set(atoms[(task * 5 + step) % 20], step)
            _ = try container.get(selectors[step % 20])
            store.dispatch(.visit)
          }
        }
      }
      group.addTask {
        for _ in 0..<20 {
          let snapshot = inspector.snapshot()
          let ids = Set(snapshot.nodes.map(\.id))
          #expect(snapshot.edges.allSatisfy { ids.contains($0.from) && ids.contains($0.to) })
          #expect(ids.count == snapshot.nodes.count)
          _ = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
        }
      }
      try await group.waitForAll()
    }
    #expect(store.state.profile.visits == 4_000)
  }

  @Test func attachingAndDetachingDuringConcurrentChangesIsSafe() async throws {
    // Attaching starts recording in the store and container and changes the store's
    // configuration while other tasks dispatch and set; detaching keeps what was recorded.
    let counter = Atom(0, key: "counter")
    let doubled = Selector(key: "doubled") { get in try get(counter) * 2 }
    let container = AtomContainer()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<3 {
        group.addTask {
          for step in 0..<2_000 {
            container.set(counter, step)
            _ = try container.get(doubled)
            store.dispatch(.visit)
          }
        }
      }
      group.addTask {
        for _ in 0..<50 {
          let fromContainer = inspector.attach(container)
          let fromStore = inspector.attach(store)
          _ = inspector.snapshot()
          _ = inspector.evaluationTimeline()
          fromContainer.detach()
          fromStore.detach()
        }
      }
      try await group.waitForAll()
    }
    #expect(store.state.profile.visits == 6_000)
    #expect(container.recordedEvaluations().timeline.isEmpty)  // every attach was detached
    #expect(store.recordedActions().records.isEmpty)
    #expect(inspector.snapshot().actions.allSatisfy { $0.store == "shop" })
  }

  @Test func anAttachmentEndsOnceWhetherDetachedOrItsInspectorGoesAway() throws {
    let container = AtomContainer()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let staying = Inspector()
    staying.attach(container)
    staying.attach(store)
    var leaving: Inspector? = Inspector()
    let fromContainer = leaving!.attach(container)
    let fromStore = leaving!.attach(store)
    leaving = nil  // its attachments end with it
    fromContainer.detach()  // and detaching afterwards changes nothing
    fromStore.detach()
    _ = try container.get(Graph.total)
    store.dispatch(.visit)
    // The remaining inspector still records: its recording was not stopped by the others.
    #expect(staying.evaluationTimeline().count == 1)
    #expect(staying.snapshot().actions.count == 1)
    #expect(container.recordedEvaluations().timeline.count == 1)
  }

  @Test func artifactsAreWrittenOnlyWhenEnabled() throws {
    let container = AtomContainer()
    _ = try container.get(Graph.total)
    #expect(try InspectorArtifacts.write(container, name: "off", environment: [:]) == nil)
    let folder = FileManager.default.temporaryDirectory.appending(path: "artifacts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try #require(
      try InspectorArtifacts.write(
        container, name: "graph test", environment: [InspectorArtifacts.environmentVariable: folder.path]))
    #expect(url.lastPathComponent == "graph-test.snapshot.json")
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: url))
    #expect(snapshot.nodes.count == 3)
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let storeURL = try InspectorArtifacts.write(
      store, name: "shop", environment: [InspectorArtifacts.environmentVariable: folder.path])
    #expect(try SnapshotCodec.decode(Data(contentsOf: try #require(storeURL))).nodes.first?.kind == .store)
  }
}
