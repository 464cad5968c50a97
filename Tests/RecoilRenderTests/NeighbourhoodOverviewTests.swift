import RecoilSnapshot
import Testing

@testable import RecoilRender

/// A hub's neighbourhood as an overview of itself, made from the whole graph's groups and
/// levels (``GroupTree/restricted(to:)``) rather than a snapshot of the neighbourhood.
struct NeighbourhoodOverviewTests {
  /// The whole graph's tree restricted to some of its nodes holds the groups a tree of those
  /// nodes alone would: the same kinds, names, nesting, sizes and nodes, in the same order;
  /// but a slice stays in its store's group without its store, as in the whole graph.
  @Test func aRestrictedTreeIsTheTreeOfItsMembersAlone() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 1_200)
    let rules: Set<CollapseRule> = [.families, .stores, .modules, .levels]
    let whole = GroupTree(snapshot: snapshot, rules: rules)
    let stores = snapshot.nodes.indices.filter { snapshot.nodes[$0].kind == .store }
    for members in [
      Set(stride(from: 0, to: snapshot.nodes.count, by: 3)).union(stores).sorted(), Array(0..<40),
      Array(snapshot.nodes.indices),
    ] {
      let restricted = whole.restricted(to: members)
      let (part, _) = SnapshotEdgeIndex(snapshot).part(of: snapshot, nodes: members)
      let alone = GroupTree(snapshot: part, rules: rules)
      #expect(restricted.groups.count == alone.groups.count)
      for (mine, theirs) in zip(restricted.groups, alone.groups) {
        #expect(mine.kind == theirs.kind && mine.name == theirs.name && mine.parent == theirs.parent)
        #expect(mine.childGroups == theirs.childGroups && mine.size == theirs.size && mine.isOpen == theirs.isOpen)
        #expect(mine.nodes == theirs.nodes.map { members[$0] })
      }
      #expect(restricted.topGroups == alone.topGroups)
      #expect(restricted.topNodes == alone.topNodes.map { members[$0] })
      #expect(
        members.indices.allSatisfy { restricted.groupOfNode[members[$0]] == alone.groupOfNode[$0] })
    }
    let slices = snapshot.nodes.indices.filter { snapshot.nodes[$0].owner == "app" }.prefix(2)
    let withoutStore = whole.restricted(to: Array(slices))
    #expect(withoutStore.groups.map(\.name) == ["app"] && withoutStore.groups[0].nodes == Array(slices))
  }

  /// A chain of 1,500 selectors read by a view: at depth all, the middle of the chain reaches
  /// all of it. Its overview bands the rest by the whole graph's levels, keeps the node and its
  /// two neighbours whole, and marks every group and merged edge by the side its members are.
  @Test func aHubsOverviewBandsByTheWholeGraphsLevelsAndMarksEachSide() throws {
    let count = 1_500
    var nodes = (0..<count).map { SnapshotNode(id: "n\($0)", kind: $0 == 0 ? .atom : .selector) }
    nodes.append(SnapshotNode(id: "view", kind: .selector))
    var edges = (1..<count).map { SnapshotEdge(from: "n\($0 - 1)", to: "n\($0)") }
    edges.append(SnapshotEdge(from: "n\(count - 1)", to: "view"))
    let snapshot = Snapshot(nodes: nodes, edges: edges)
    let graph = NeighbourhoodGraph(snapshot)
    let source = NeighbourhoodOverview.Source(snapshot, options: RenderOptions(format: .html))
    let hub = try #require(NeighbourhoodOverview(of: 700, depth: nil, graph: graph, source: source))
    #expect(hub.overview.totalNodeCount == count + 1)
    #expect(hub.overview.shownNodeIndices == [699, 700, 701])
    // Bands of the whole graph's levels: n0 is level 0, so a band's title says its nodes' own.
    let titles = hub.overview.groups.map(\.name)
    #expect(titles.first == "levels 0–\(titles.first!.split(separator: "–").last!)")
    #expect(titles.allSatisfy { $0.hasPrefix("levels ") })
    #expect(hub.overview.groups.reduce(0) { $0 + $1.memberIDs.count } == count + 1 - 3)
    for (group, sides) in zip(hub.overview.groups, hub.groupSides) {
      let levels = group.memberIDs.compactMap { Int($0.dropFirst()) }
      var expected: NeighbourhoodOverview.Sides = []
      if levels.contains(where: { $0 < 700 }) { expected.insert(.upstream) }
      if levels.contains(where: { $0 > 700 }) || group.memberIDs.contains("view") { expected.insert(.downstream) }
      #expect(sides == expected, "\(group.name)")
    }
    // Each merged edge: up the chain above, down it below.
    #expect(hub.mergedSides.allSatisfy { $0 == .upstream || $0 == .downstream })
    #expect(hub.mergedSides.contains(.upstream) && hub.mergedSides.contains(.downstream))
    // A neighbourhood small enough to lay out whole has no overview; nor one no rule collapses.
    #expect(NeighbourhoodOverview(of: 700, depth: 3, graph: graph, source: source) == nil)
    var none = RenderOptions(format: .html)
    none.collapse = []
    let uncollapsed = NeighbourhoodOverview.Source(snapshot, options: none)
    #expect(NeighbourhoodOverview(of: 700, depth: nil, graph: graph, source: uncollapsed) == nil)
  }
}
