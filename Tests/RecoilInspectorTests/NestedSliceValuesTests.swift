import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilInspectorReport
import RecoilSnapshot
import RecoilStores
import Testing

/// Time travel over every node, from the app to the report's data: a slice registered below
/// the top of its store's state (`lines` at `basket.lines`), the store's own value at each
/// step, and the evaluations of a container detached before the snapshot.
@Suite struct NestedSliceValuesTests {
  struct Basket: Equatable, Sendable {
    var lines: [Int] = []
    var coupon: String?
  }

  struct Checkout: Equatable, Sendable {
    var basket = Basket()
    var note = ""
  }

  enum CheckoutAction: Equatable, Sendable {
    case add(Int)
    case bump
    case annotate(String)
  }

  static func makeStore() -> Store<Checkout, CheckoutAction> {
    let store = Store<Checkout, CheckoutAction>(initialState: Checkout(), name: "checkout")
    store.registerSlice(
      \.basket.lines, name: "lines",
      reducer: Reducer { lines, action in
        switch action {
        case .add(let quantity): lines.append(quantity)
        case .bump: lines[0] += 1
        case .annotate: break
        }
      })
    store.registerSlice(
      \.note, name: "note",
      reducer: Reducer { note, action in
        if case .annotate(let text) = action { note = text }
      })
    return store
  }

  @Test func aSliceBelowTheTopIsRecordedWholeAtItsPathAndTheStoreComposesItsSlices() throws {
    let store = Self.makeStore()
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.add(1))
    store.dispatch(.bump)
    store.dispatch(.annotate("gift"))
    let snapshot = inspector.snapshot()

    let lines = try #require(snapshot.nodes.first { $0.id == "checkout.lines" })
    #expect(lines.path == "basket.lines")
    #expect(lines.statePath == "basket.lines")
    #expect(snapshot.nodes.first { $0.id == "checkout.note" }?.path == nil)
    // The change is below the slice; the action records the slice whole, before and after.
    #expect(snapshot.actions[1].changes == [SnapshotChange(path: "basket.lines[0]", before: "1", after: "2")])
    #expect(snapshot.actions[1].slices.contains(SnapshotChange(path: "basket.lines", before: "[1]", after: "[2]")))
    // The store's value is its slices' values, under their names.
    let storeNode = try #require(snapshot.nodes.first { $0.id == "checkout" })
    #expect(storeNode.value == "Checkout(lines: [2], note: \"gift\")")
    // Path and value travel through the codec.
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
    #expect(decoded.nodes == snapshot.nodes)
    #expect(decoded.actions == snapshot.actions)
  }

  @Test func theReportRewindsTheNestedSliceAndTheStoreAtEveryStep() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "nested-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = Self.makeStore()
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.add(1))
    store.dispatch(.bump)
    store.dispatch(.annotate("gift"))
    _ = try InspectorArtifacts.write(
      inspector, name: "nested", report: true, environment: [InspectorArtifacts.environmentVariable: folder.path])
    let page = try String(contentsOf: folder.appending(path: "nested.snapshot.html"), encoding: .utf8)
    let data = try #require(Self.reportData(in: page))
    let nodes = try #require(data["nodes"] as? [[String: Any]])
    let index = try #require(nodes.firstIndex { $0["id"] as? String == "checkout.lines" })
    let storeIndex = try #require(nodes.firstIndex { $0["id"] as? String == "checkout" })
    let timeline = try #require(data["timeline"] as? [[String: Any]])
    let actions = timeline.filter { $0["kind"] as? String == "action" }
    #expect(actions.count == 3)
    let seqs = actions.compactMap { $0["seq"] as? Int }

    // The slice's history: its value after each action that changed something inside it.
    let history = try #require(nodes[index]["history"] as? [String: Any])
    #expect(history["first"] as? String == "[]")
    let changes = try #require(history["changes"] as? [[Any]])
    #expect(changes.map { $0[0] as? Int } == [seqs[0], seqs[1]])
    #expect(changes.map { $0[1] as? String } == ["[1]", "[2]"])
    // The bump wrote the slice: its change names the store and the slice, not the note.
    let bumpChanges = try #require(actions[1]["changes"] as? [[String: Any]])
    let written = bumpChanges.flatMap { $0["nodes"] as? [Int] ?? [] }
    #expect(written.contains(index))
    #expect(written.contains(storeIndex))
    #expect(!written.contains(try #require(nodes.firstIndex { $0["id"] as? String == "checkout.note" })))

    // The store: its slices' values composed, before the first action and after each.
    #expect(nodes[storeIndex]["value"] as? String == "Checkout(lines: [2], note: \"gift\")")
    let storeHistory = try #require(nodes[storeIndex]["history"] as? [String: Any])
    #expect(storeHistory["first"] as? String == "Checkout(lines: [], note: \"\")")
    let storeChanges = try #require(storeHistory["changes"] as? [[Any]])
    #expect(storeChanges.map { $0[0] as? Int } == seqs)
    #expect(
      storeChanges.map { $0[1] as? String } == [
        "Checkout(lines: [1], note: \"\")", "Checkout(lines: [2], note: \"\")", "Checkout(lines: [2], note: \"gift\")",
      ])
  }

  @Test func aStoreWithoutSlicesHasItsWholeStateAsItsValue() throws {
    let store = Store<Int, CheckoutAction>(
      initialState: 0, reducer: Reducer { count, _ in count += 1 }, name: "counter")
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.bump)
    let snapshot = inspector.snapshot()
    #expect(snapshot.nodes.first { $0.id == "counter" }?.value == "1")
    // The diff names a change of a state with no parts `self`.
    #expect(snapshot.actions.first?.changes == [SnapshotChange(path: "self", before: "0", after: "1")])

    // The report's history of the store is that change.
    let folder = FileManager.default.temporaryDirectory.appending(path: "counter-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try InspectorArtifacts.write(
      inspector, name: "counter", report: true, environment: [InspectorArtifacts.environmentVariable: folder.path])
    let page = try String(contentsOf: folder.appending(path: "counter.snapshot.html"), encoding: .utf8)
    let nodes = try #require(Self.reportData(in: page)?["nodes"] as? [[String: Any]])
    let history = try #require(nodes.first { $0["id"] as? String == "counter" }?["history"] as? [String: Any])
    #expect(history["first"] as? String == "0")
    #expect((history["changes"] as? [[Any]])?.map { $0[1] as? String } == ["1"])
  }

  enum Parity {
    static let count = Atom(1, key: "Parity.count")
    static let text = Selector(key: "Parity.text") { get in try get(count) % 2 == 0 ? "even" : "odd" }
  }

  @Test func aDetachedContainersEvaluationsKeepTheirValues() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    let attachment = inspector.attach(container)
    #expect(try container.get(Parity.text) == "odd")
    container.set(Parity.count, 2)
    #expect(try container.get(Parity.text) == "even")
    attachment.detach()
    let evaluations = inspector.snapshot().timeline.filter { $0.kind == .evaluation && $0.node == "Parity.text" }
    #expect(evaluations.map(\.value) == ["\"odd\"", "\"even\""])
  }

  /// The JSON the report's script reads, from the page.
  static func reportData(in page: String) -> [String: Any]? {
    guard let start = page.range(of: "<script type=\"application/json\" id=\"report-data\">"),
      let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex)
    else { return nil }
    let json = Data(page[start.upperBound..<end.lowerBound].utf8)
    return (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
  }
}
