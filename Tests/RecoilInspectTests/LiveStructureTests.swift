import RecoilSnapshot
import Testing

@testable import recoil_inspect

/// A live session keeps its stores' and slices' trees current as actions arrive (issue 61): the
/// part a change names becomes one row with the change's description; a removed part goes; a
/// new one goes among its siblings in order.
@Suite struct LiveStructureTests {
  static let rows = [
    SnapshotValueRow(path: "", type: "AppState"),
    SnapshotValueRow(path: "user", type: "User"),
    SnapshotValueRow(path: "user.name", value: "\"\""),
    SnapshotValueRow(path: "user.favourites", type: "Set"),
    SnapshotValueRow(path: "user.favourites{\"BT-42\"}", value: "\"BT-42\""),
    SnapshotValueRow(path: "lines", type: "Array"),
    SnapshotValueRow(path: "lines[0]", value: "1"),
    SnapshotValueRow(path: "lines[2]", value: "3"),
    SnapshotValueRow(path: "note", value: "\"\""),
  ]

  @Test func aChangedPartBecomesTheRowsOfItsDescription() {
    var rows = Self.rows
    LiveStructure.apply(
      SnapshotChange(path: "user", before: "User(…)", after: "User(name: \"Ann\", favourites: Set([\"GL-03\"]))"),
      to: &rows)
    #expect(
      Array(rows[1...4]) == [
        SnapshotValueRow(path: "user", type: "User"), SnapshotValueRow(path: "user.name", value: "\"Ann\""),
        SnapshotValueRow(path: "user.favourites", type: "Set"),
        SnapshotValueRow(path: "user.favourites{\"GL-03\"}", value: "\"GL-03\""),
      ])
    #expect(rows.map(\.path).suffix(4) == ["lines", "lines[0]", "lines[2]", "note"])
    // A description cut short is one row holding it.
    LiveStructure.apply(SnapshotChange(path: "user", before: nil, after: "User(name: \"An…"), to: &rows)
    #expect(rows[1] == SnapshotValueRow(path: "user", value: "User(name: \"An…"))
    #expect(rows[2].path == "lines")
  }

  /// A part added, then changed inside: its other parts stay (a description row would have
  /// lost them).
  @Test func aPartAddedThenChangedInsideKeepsItsOtherParts() {
    var rows = [SnapshotValueRow(path: "lines", value: "[]")]
    LiveStructure.apply(
      SnapshotChange(path: "lines[0]", before: nil, after: "Line(productID: \"GL-03\", quantity: 1, reserved: false)"),
      to: &rows)
    LiveStructure.apply(SnapshotChange(path: "lines[0].reserved", before: "false", after: "true"), to: &rows)
    #expect(
      rows == [
        SnapshotValueRow(path: "lines", type: ""), SnapshotValueRow(path: "lines[0]", type: "Line"),
        SnapshotValueRow(path: "lines[0].productID", value: "\"GL-03\""),
        SnapshotValueRow(path: "lines[0].quantity", value: "1"),
        SnapshotValueRow(path: "lines[0].reserved", value: "true"),
      ])
  }

  @Test func aNewPartGoesAmongItsSiblingsInOrderAndARemovedOneGoes() {
    var rows = Self.rows
    LiveStructure.apply(SnapshotChange(path: "lines[1]", before: nil, after: "2"), to: &rows)
    LiveStructure.apply(SnapshotChange(path: "user.favourites{\"GL-03\"}", before: nil, after: "\"GL-03\""), to: &rows)
    LiveStructure.apply(SnapshotChange(path: "lines[0]", before: "1", after: nil), to: &rows)
    #expect(
      rows.map(\.path) == [
        "", "user", "user.name", "user.favourites", "user.favourites{\"BT-42\"}", "user.favourites{\"GL-03\"}",
        "lines", "lines[1]", "lines[2]", "note",
      ])
    // An element added to a part shown as a leaf (an empty list) makes it a part.
    var empty = [SnapshotValueRow(path: "cart", type: "Cart"), SnapshotValueRow(path: "cart.lines", value: "[]")]
    LiveStructure.apply(SnapshotChange(path: "cart.lines[0]", before: nil, after: "Line(id: 1)"), to: &empty)
    #expect(empty.map(\.path) == ["cart", "cart.lines", "cart.lines[0]", "cart.lines[0].id"])
    #expect(empty[1].type == "" && empty[1].value == nil)
  }

  @Test func aChangeOutsideTheRowsOrAboveThemLeavesThem() {
    var slice = [SnapshotValueRow(path: "user", type: "User"), SnapshotValueRow(path: "user.name", value: "\"\"")]
    LiveStructure.apply(SnapshotChange(path: "username", before: nil, after: "\"x\""), to: &slice)
    LiveStructure.apply(SnapshotChange(path: "self", before: "A()", after: "B()"), to: &slice)
    #expect(slice.map(\.path) == ["user", "user.name"])
    // The whole state, for the store's own rows.
    var store = Self.rows
    LiveStructure.apply(SnapshotChange(path: "self", before: "A()", after: "AppState(note: \"x\")"), to: &store)
    #expect(
      store == [SnapshotValueRow(path: "", type: "AppState"), SnapshotValueRow(path: "note", value: "\"x\"")])
  }

  @Test func aSessionsStoreAndSliceTreesFollowItsActions() {
    var session = LiveSession(number: 1, keep: 100)
    var store = SnapshotNode(id: "app", kind: .store)
    store.structure = Self.rows
    var user = SnapshotNode(id: "app.user", kind: .slice, owner: "app")
    user.structure = Array(Self.rows[1...4])
    session.apply(InspectorEvent(atNanos: 1, kind: .node(store)))
    session.apply(InspectorEvent(atNanos: 1, kind: .node(user)))
    let action = SnapshotAction(
      seq: 1, store: "app", name: "signIn",
      changes: [SnapshotChange(path: "user.name", before: "\"\"", after: "\"Ann\"")],
      slices: [SnapshotChange(path: "user", before: "User(…)", after: "User(name: \"Ann\")")])
    session.apply(InspectorEvent(atNanos: 2, kind: .action(action), seq: 5))
    var nodes = session.snapshot().nodes
    // The change itself, exact, rather than the whole (whose description may be cut short).
    #expect(nodes[0].structure?[2] == SnapshotValueRow(path: "user.name", value: "\"Ann\""))
    #expect(nodes[1].structure?[1] == SnapshotValueRow(path: "user.name", value: "\"Ann\""))
    // A part recorded only whole takes the whole.
    let whole = SnapshotAction(
      seq: 2, store: "app", name: "reset", changes: [],
      slices: [SnapshotChange(path: "user", before: "User(…)", after: "User(name: \"\")")])
    session.apply(InspectorEvent(atNanos: 3, kind: .action(whole), seq: 6))
    nodes = session.snapshot().nodes
    #expect(
      nodes[1].structure == [
        SnapshotValueRow(path: "user", type: "User"), SnapshotValueRow(path: "user.name", value: "\"\""),
      ])
  }
}
