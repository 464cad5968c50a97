import RecoilSnapshot
import Testing

@testable import RecoilRender

/// What the report knows of each node's value at each step: atoms from their writes,
/// selectors from their evaluations that changed the value, a slice or store from its actions'
/// changes at its own path, a store from its slices', by the causal timeline's numbers.
@Suite struct ValueHistoryTests {
  static let snapshot = Snapshot(
    nodes: [
      SnapshotNode(id: "Theme.mode", kind: .atom, value: "\"dark\""),
      SnapshotNode(id: "app", kind: .store, valueType: "AppState"),
      SnapshotNode(id: "app.settings", kind: .slice, label: "settings", owner: "app"),
      SnapshotNode(id: "app.cart", kind: .slice, label: "cart", owner: "app"),
      SnapshotNode(id: "Cart.total", kind: .selector, value: "0"),
    ],
    actions: [
      SnapshotAction(
        seq: 1, store: "app", name: "setSettings",
        changes: [
          SnapshotChange(path: "settings", before: "Settings(currency: \"EUR\")", after: "Settings(currency: \"GBP\")")
        ]),
      SnapshotAction(
        seq: 2, store: "app", name: "add",
        changes: [SnapshotChange(path: "cart.items[0]", before: nil, after: "\"boots\"")]),
    ],
    timeline: [
      SnapshotEntry(seq: 1, kind: .action, store: "app", action: 1),
      SnapshotEntry(seq: 2, kind: .write, cause: 1, node: "Theme.mode", before: "\"light\"", after: "\"auto\""),
      SnapshotEntry(seq: 3, kind: .action, store: "app", action: 2),
      SnapshotEntry(seq: 4, kind: .write, node: "Theme.mode", before: "\"auto\"", after: "\"dark\""),
      SnapshotEntry(
        seq: 5, kind: .evaluation, cause: 3, node: "Cart.total", trigger: "dependency app.cart", changed: true,
        value: "12"),
      SnapshotEntry(
        seq: 6, kind: .evaluation, cause: 4, node: "Cart.total", trigger: "dependency Theme.mode", changed: false),
    ])

  @Test func atomsFromTheirWritesAndSlicesFromChangesAtTheirOwnPath() {
    let indexOfID = Dictionary(uniqueKeysWithValues: Self.snapshot.nodes.enumerated().map { ($1.id, $0) })
    let histories = ValueHistory.histories(
      of: Self.snapshot, causal: TimelineIndex(Self.snapshot), indexOfID: indexOfID,
      slicesOfStore: ["app": [(2, "settings"), (3, "cart")]])
    let theme = histories[0]
    #expect(theme?.first == "\"light\"")
    #expect(theme?.changes.map(\.seq) == [2, 4])
    #expect(theme?.changes.map(\.after) == ["\"auto\"", "\"dark\""])
    let settings = histories[2]
    #expect(settings?.first == "Settings(currency: \"EUR\")")
    #expect(settings?.changes.map(\.seq) == [1])
    // A change below the slice says too little of its whole value.
    #expect(histories[3] == nil)
    // The store: its slices' values composed (a slice with no value and no history is `nil`).
    #expect(histories[1]?.first == "AppState(settings: Settings(currency: \"EUR\"), cart: nil)")
    #expect(histories[1]?.changes.map(\.seq) == [1])
    #expect(histories[1]?.changes.map(\.after) == ["AppState(settings: Settings(currency: \"GBP\"), cart: nil)"])
    // A selector from its evaluations that changed it; first seen re-evaluating, its value
    // before is not known.
    let total = histories[4]
    #expect(total?.changes.map(\.seq) == [5])
    #expect(total?.changes.map(\.after) == ["12"])
    #expect(total?.firstIsKnown == false)
  }

  @Test func aSelectorFirstReadHadNoValueBefore() {
    var snapshot = Self.snapshot
    snapshot.timeline = [
      SnapshotEntry(seq: 1, kind: .evaluation, node: "Cart.total", trigger: "first read", changed: true, value: "0")
    ]
    let histories = ValueHistory.histories(
      of: snapshot, causal: TimelineIndex(snapshot), indexOfID: ["Cart.total": 4], slicesOfStore: [:])
    #expect(histories[4]?.firstIsKnown == true)
    #expect(histories[4]?.first == nil)
  }

  @Test func withoutATimelineTheActionsAreNumberedInOrder() {
    var snapshot = Self.snapshot
    snapshot.timeline = []
    let histories = ValueHistory.histories(
      of: snapshot, causal: TimelineIndex(snapshot), indexOfID: ["app.settings": 2],
      slicesOfStore: ["app": [(2, "settings")]])
    #expect(histories[2]?.changes.map(\.seq) == [1])
    let json = String(decoding: ReportData.json(for: snapshot), as: UTF8.self)
    #expect(json.contains(#""timeline":[{"seq":1,"kind":"action","store":"app","storeSeq":1,"name":"setSettings""#))
  }

  @Test func theReportDataCarriesHistoriesAndTheActionsNumbers() {
    let json = String(decoding: ReportData.json(for: Self.snapshot), as: UTF8.self)
    #expect(json.contains(#""history":{"first":"\"light\"","changes":[[2,"\"auto\""],[4,"\"dark\""]]}"#))
    #expect(json.contains(#""history":{"unknownFirst":true,"changes":[[5,"12"]]}"#))
    // Every entry of the causal timeline, by its number there, the node by index.
    #expect(json.contains(#"{"seq":2,"kind":"write","cause":1,"node":0,"before":"\"light\"","after":"\"auto\""}"#))
    #expect(json.contains(#"{"seq":3,"kind":"action","store":"app","storeSeq":2,"name":"add""#))
    #expect(
      json.contains(
        #"{"seq":6,"kind":"evaluation","cause":4,"node":4,"trigger":"dependency Theme.mode","changed":false}"#))
  }
}
