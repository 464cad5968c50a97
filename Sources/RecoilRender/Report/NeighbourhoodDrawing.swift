import RecoilSnapshot

/// One neighbourhood laid out on its own and drawn by Graphviz, as the live page's server
/// sends it when focus asks (a static report holds ``NeighbourhoodPlans`` instead). Up to
/// ``largestWhole`` nodes it is drawn whole; past that, as an overview of itself, by the rules
/// a large graph's overview follows (families, stores, namespaces, runs of levels, each one
/// node with its count), with the focused node, and its direct neighbours when few, drawn
/// whole. Its groups are named `focus_g<i>`, not `g<key>`: they are not the page's groups.
///
/// ```swift
/// let graph = NeighbourhoodGraph(snapshot)
/// let svg = try NeighbourhoodDrawing.svg(of: 12, depth: nil, in: snapshot, graph: graph, options: options)
/// ```
enum NeighbourhoodDrawing {
  /// The most nodes a neighbourhood is drawn whole with: as many as a report lays out.
  static let largestWhole = NeighbourhoodPlans.largest
  /// The most direct neighbours drawn whole beside the focused node in an overview of a
  /// neighbourhood (more say no more than their group's count does).
  static let mostNeighboursKept = 24
  /// What a neighbourhood's own groups are named by (`focus_g0`, `focus_g1`…).
  static let groupPrefix = "focus_g"

  /// The SVG of node `node`'s neighbourhood to `depth` steps each way (`nil`: all) and the
  /// edges among its nodes, inline-ready, its nodes and edges named by their places in the
  /// snapshot (`n<index>`, `e<index>`), as the page finds them; in an overview of it, each
  /// group and merged edge is classed `upstream` or `downstream` as its members are; `nil`
  /// when it is too large to draw whole and no rule collapses any of it.
  static func svg(
    of node: Int, depth: Int?, in snapshot: Snapshot, graph: NeighbourhoodGraph, options: RenderOptions,
    warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> [UInt8]? {
    guard let above = graph.reach(from: node, depth: depth, upstream: true),
      let below = graph.reach(from: node, depth: depth, upstream: false)
    else { return nil }
    let members = above.union(below).union([node]).sorted()
    let (part, edgeIndices) = graph.edges.part(of: snapshot, nodes: members)
    var drawn = options
    drawn.format = .svg
    drawn.heat = false
    drawn.showsLegend = false
    drawn.showsSubscribers = false
    var description: GraphDescription
    if members.count <= largestWhole {
      description = GraphDescription(snapshot: part, options: drawn).renumbered(nodes: members, edges: edgeIndices)
    } else {
      drawn.full = false
      drawn.expands = []
      drawn.overviewThreshold = largestWhole
      let neighbours = Set(graph.upstream[node] + graph.downstream[node] + [node])
      let kept = neighbours.count <= mostNeighboursKept + 1 ? neighbours : [node]
      let placeInPart = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
      guard
        let tree = try GraphOverview.tree(
          of: part, options: drawn, keeping: kept.compactMap { placeInPart[$0] }.sorted())
      else { return nil }
      let overview = tree.overview(edges: SnapshotEdgeIndex(part))
      guard !overview.groups.isEmpty else { return nil }
      description = GraphDescription(
        snapshot: overview.shown, options: drawn, overview: overview, familyClusters: false)
      let indexOfID = Dictionary(members.map { (graph.nodeIDs[$0], $0) }, uniquingKeysWith: { first, _ in first })
      markSides(of: overview, in: &description, above: above, below: below, indexOfID: indexOfID)
      description = description.renumbered(
        nodes: overview.shownNodeIndices.map { members[$0] }, edges: overview.shownEdgeIndices.map { edgeIndices[$0] },
        groups: Array(overview.groups.indices), groupPrefix: groupPrefix, merged: "focus")
    }
    let (bytes, warnings) = try Renderer.layOut(description, format: .svg, warning: warning)
    warnings.forEach(warning)
    return SVGForHTML.inline(bytes, nodeIDs: graph.nodeIDs)
  }

  /// Adds `upstream` and `downstream` to the classes of the overview's groups (`g<i>`) and
  /// merged edges (`m<i>`) as the page's selection marks them: a group by its members, a
  /// merged edge when it runs between upstream ends or into the focused node (and the other
  /// way for downstream). The page keeps what it finds drawn so.
  private static func markSides(
    of overview: GraphOverview, in description: inout GraphDescription, above: Set<Int>, below: Set<Int>,
    indexOfID: [String: Int]
  ) {
    struct Sides: OptionSet {
      let rawValue: Int
      static let upstream = Sides(rawValue: 1)
      static let downstream = Sides(rawValue: 2)
      static let focused = Sides(rawValue: 4)
    }
    func sides(ofNode id: String) -> Sides {
      guard let index = indexOfID[id] else { return [] }
      var result: Sides = []
      if above.contains(index) { result.insert(.upstream) }
      if below.contains(index) { result.insert(.downstream) }
      return result.isEmpty ? .focused : result
    }
    let groupSides = overview.groups.map { group in
      group.memberIDs.reduce(into: Sides()) { $0.formUnion(sides(ofNode: $1)) }
    }
    func sides(of end: GraphOverview.End) -> Sides {
      switch end {
      case .node(let id): sides(ofNode: id)
      case .group(let index): groupSides[index]
      }
    }
    func classes(_ sides: Sides) -> String {
      (sides.contains(.upstream) ? " upstream" : "") + (sides.contains(.downstream) ? " downstream" : "")
    }
    var extra: [String: String] = [:]
    for (index, side) in groupSides.enumerated() { extra["g\(index)"] = classes(side) }
    for (index, merged) in overview.mergedEdges.enumerated() {
      let (tail, head) = (sides(of: merged.from), sides(of: merged.to))
      var side: Sides = []
      if tail.contains(.upstream) && !head.isDisjoint(with: [.upstream, .focused]) { side.insert(.upstream) }
      if head.contains(.downstream) && !tail.isDisjoint(with: [.downstream, .focused]) { side.insert(.downstream) }
      extra["m\(index)"] = classes(side)
    }
    func addClasses(_ attributes: inout [(String, String)]) {
      guard let id = attributes.first(where: { $0.0 == "id" })?.1, let more = extra[id], !more.isEmpty,
        let place = attributes.firstIndex(where: { $0.0 == "class" })
      else { return }
      attributes[place].1 += more
    }
    for index in description.nodes.indices { addClasses(&description.nodes[index].attributes) }
    for index in description.edges.indices { addClasses(&description.edges[index].attributes) }
  }
}
