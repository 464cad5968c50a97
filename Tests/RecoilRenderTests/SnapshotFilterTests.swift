import RecoilSnapshot
import Testing

@testable import RecoilRender

@Suite struct SnapshotFilterTests {
  /// a -> b -> c -> d -> e, plus x -> c and an unrelated y.
  let chain = Snapshot(
    nodes: ["a", "b", "c", "d", "e", "x", "y"].map {
      SnapshotNode(id: $0, kind: $0 == "a" || $0 == "x" ? .atom : .selector)
    },
    edges: [
      SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "c"), SnapshotEdge(from: "c", to: "d"),
      SnapshotEdge(from: "d", to: "e"), SnapshotEdge(from: "x", to: "c"),
    ])

  func kept(focus: String? = nil, depth: Int = 1, excludes: [String] = []) throws -> [String] {
    var options = RenderOptions()
    options.focus = focus
    options.depth = depth
    options.excludes = excludes
    return try SnapshotFilter(options: options).apply(to: chain).nodes.map(\.id)
  }

  @Test func focusKeepsNeighboursWithinDepthBothWays() throws {
    #expect(try kept(focus: "c", depth: 1) == ["b", "c", "d", "x"])
    #expect(try kept(focus: "c", depth: 2) == ["a", "b", "c", "d", "e", "x"])
    #expect(try kept(focus: "c", depth: 0) == ["c"])
  }

  @Test func focusDoesNotWanderAcrossDirections() throws {
    // Upstream of d is c, then b and x; downstream of those is not followed back down.
    #expect(try kept(focus: "b", depth: 2) == ["a", "b", "c", "d"])
  }

  @Test func excludeDropsMatchingNodesAndTheirEdges() throws {
    var options = RenderOptions()
    options.excludes = ["[bd]"]
    let filtered = try SnapshotFilter(options: options).apply(to: chain)
    #expect(filtered.nodes.map(\.id) == ["a", "c", "e", "x", "y"])
    #expect(filtered.edges == [SnapshotEdge(from: "x", to: "c")])
  }

  @Test func focusWorksThroughKeptNodesOnly() throws {
    #expect(try kept(focus: "c", depth: 2, excludes: ["b"]) == ["c", "d", "e", "x"])
  }

  @Test func anUnknownFocusIsAnError() {
    #expect(throws: RenderError.unknownFocus("nope")) { try kept(focus: "nope") }
  }

  @Test func storesOfKeptSlicesAreKept() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "app", kind: .store), SnapshotNode(id: "app.user", kind: .slice, owner: "app"),
        SnapshotNode(id: "greeting", kind: .selector),
      ],
      edges: [SnapshotEdge(from: "app.user", to: "greeting")])
    var options = RenderOptions()
    options.focus = "greeting"
    #expect(
      try SnapshotFilter(options: options).apply(to: snapshot).nodes.map(\.id) == ["app", "app.user", "greeting"])
    options.focus = nil
    options.excludes = ["app"]
    let withoutStore = try SnapshotFilter(options: options).apply(to: snapshot)
    #expect(withoutStore.nodes.map(\.id) == ["app.user", "greeting"])
    #expect(withoutStore.nodes[0].owner == nil)
  }
}

@Suite struct LabelTextTests {
  @Test func htmlEscapesMarkupAndBackslashes() {
    #expect(LabelText.html("<a href=\"x\">&'\\</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\\\\&lt;/a&gt;")
  }

  @Test func controlCharactersBecomeVisible() {
    #expect(LabelText.html("a\u{1}b\u{7F}\n") == "a\u{2401}b\u{2421}\u{240A}")
    #expect(LabelText.attribute("a\nb\u{1B}") == "a\\nb\u{241B}")
  }

  /// A bidi override in a label would show what follows it reversed (`txt.exe` for
  /// `exe.txt`): it is shown as a marker naming it, in labels and tooltips alike.
  @Test func bidiControlsBecomeMarkers() {
    #expect(LabelText.html("a\u{202E}txt.exe") == "a⟨U+202E⟩txt.exe")
    #expect(LabelText.attribute("\u{2066}x\u{2069}\u{200F}") == "⟨U+2066⟩x⟨U+2069⟩⟨U+200F⟩")
    #expect(LabelText.html("plain é 😀") == "plain é 😀")
  }

  @Test func previewsAreCutOnOneLine() {
    #expect(LabelText.preview("abcdef", limit: 4) == "abc…")
    #expect(LabelText.preview("ab\ncd", limit: 10) == "ab cd")
  }
}
