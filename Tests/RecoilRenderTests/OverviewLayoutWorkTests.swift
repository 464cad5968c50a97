import GraphShapes
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The overview of an app-shaped graph (issue 59) stays cheap for dot: Graphviz lays out an
/// edge spanning k ranks through k - 1 virtual nodes, and forty namespaces that all read each
/// other once made 26,000 of them on 67 drawn items (minutes of network simplex). Counted
/// here from where Graphviz put the nodes, so a slow layout shows as a count, not a time.
@Suite struct OverviewLayoutWorkTests {
  /// The virtual nodes dot needs for `description` as laid out: for each drawn edge, the ranks
  /// strictly between its ends (ranks read from the nodes' heights in the picture).
  static func virtualNodes(of description: GraphDescription) throws -> (virtual: Int, ranks: Int, items: Int) {
    let laidOut = try Renderer.layOut(description, format: nil, places: .nodes, warning: { _ in })
    let places = try #require(laidOut.places)
    let heights = Set(places.nodes.values.map { ($0.centre.y * 10).rounded() })
    let rankOfHeight = Dictionary(uniqueKeysWithValues: heights.sorted().enumerated().map { ($1, $0) })
    func rank(_ name: String) -> Int? {
      places.nodes[name].flatMap { rankOfHeight[($0.centre.y * 10).rounded()] }
    }
    var virtual = 0
    for edge in description.edges where !edge.attributes.contains(where: { $0 == ("style", "invis") }) {
      guard let tail = rank(edge.tail), let head = rank(edge.head) else { continue }
      virtual += max(abs(head - tail) - 1, 0)
    }
    return (virtual, heights.count, description.nodes.count)
  }

  static func overviewDescription(of snapshot: Snapshot) throws -> GraphDescription {
    let options = RenderOptions(format: .svg)
    let overview = try #require(try GraphOverview.make(from: snapshot, options: options))
    return GraphDescription(snapshot: overview.shown, options: options, overview: overview)
  }

  @Test(arguments: [AppShapedGraph.Shape.app, .tangled])
  func anAppShapedOverviewNeedsFewVirtualNodes(shape: AppShapedGraph.Shape) throws {
    let snapshot = AppShapedGraph(shape: shape, count: 10_000).snapshot
    let description = try Self.overviewDescription(of: snapshot)
    let work = try Self.virtualNodes(of: description)
    // Before the strongest links were chosen: 26,103 nodes in dot's position phase.
    #expect(work.virtual <= 4 * work.items, "\(work.virtual) virtual nodes for \(work.items) items")
    #expect(work.ranks <= 30, "\(work.ranks) ranks")
  }

  @Test func linksLeftOutAreCountedOnTheirGroupsAndTheStrongestAreDrawn() throws {
    let snapshot = AppShapedGraph(shape: .app, count: 3_000).snapshot
    let overview = try #require(try GraphOverview.make(from: snapshot, options: RenderOptions(format: .svg)))
    let links = StrongestLinks(overview)
    #expect(links.drawn.count < overview.mergedEdges.count)
    #expect(!links.folded.isEmpty)
    // Every link is drawn or counted on each group it touches.
    var counted = 0
    for (_, fold) in links.folded { counted += fold.links }
    let drawn = Set(links.drawn)
    var expected = 0
    for (index, edge) in overview.mergedEdges.enumerated() where !drawn.contains(index) {
      if case .group = edge.from { expected += 1 }
      if case .group = edge.to { expected += 1 }
    }
    #expect(counted == expected)
    // The strongest link of all is drawn.
    let strongest = try #require(
      overview.mergedEdges.indices.max { overview.mergedEdges[$0].count < overview.mergedEdges[$1].count })
    #expect(drawn.contains(strongest))
    // And a group with links left out says how many.
    let description = GraphDescription(
      snapshot: overview.shown, options: RenderOptions(format: .svg), overview: overview)
    let (group, fold) = try #require(links.folded.first)
    let node = try #require(description.nodes.first { $0.name == "g\(group)" })
    #expect(node.htmlLabel.contains("+ \(GraphDescription.counted(fold.links, "lighter link"))"))
  }

  @Test func aFewLinksAreAllDrawn() throws {
    // The layered DAG's level bands link only to nearby bands: every merged edge stays.
    let snapshot = LayeredDAG(count: 3_000).snapshot
    let overview = try #require(try GraphOverview.make(from: snapshot, options: RenderOptions(format: .svg)))
    let links = StrongestLinks(overview)
    #expect(links.drawn.count == overview.mergedEdges.count)
    #expect(links.folded.isEmpty)
  }
}
