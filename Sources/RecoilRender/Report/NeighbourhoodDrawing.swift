import RecoilSnapshot

/// One neighbourhood laid out on its own and drawn by Graphviz, as the live page's server
/// sends it when focus asks (a static report holds ``NeighbourhoodPlans`` instead). Up to
/// ``largestWhole`` nodes it is drawn whole; past that, as an overview of itself
/// (``NeighbourhoodOverview``). Its groups are named `focus_g<i>`, not `g<key>`: they are not
/// the page's groups.
///
/// ```swift
/// let graph = NeighbourhoodGraph(snapshot)
/// let source = NeighbourhoodOverview.Source(snapshot, options: options, edges: graph.edges)
/// let svg = try NeighbourhoodDrawing.svg(of: 12, depth: nil, in: snapshot, graph: graph, source: source, options: options)
/// ```
enum NeighbourhoodDrawing {
  /// The most nodes a neighbourhood is drawn whole with: as many as a report lays out.
  static let largestWhole = NeighbourhoodPlans.largest
  /// What a neighbourhood's own groups are named by (`focus_g0`, `focus_g1`…).
  static let groupPrefix = "focus_g"

  /// The SVG of node `node`'s neighbourhood to `depth` steps each way (`nil`: all) and the
  /// edges among its nodes, inline-ready, its nodes and edges named by their places in the
  /// snapshot (`n<index>`, `e<index>`), as the page finds them; in an overview of it, each
  /// group and merged edge is classed `upstream` or `downstream` as its members are; `nil`
  /// when it is too large to draw whole and no rule collapses any of it.
  static func svg(
    of node: Int, depth: Int?, in snapshot: Snapshot, graph: NeighbourhoodGraph,
    source: NeighbourhoodOverview.Source, options: RenderOptions, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> [UInt8]? {
    guard
      let description = description(
        of: node, depth: depth, in: snapshot, graph: graph, source: source, options: options)
    else { return nil }
    let (bytes, warnings) = try Renderer.layOut(description, format: .svg, warning: warning)
    warnings.forEach(warning)
    return SVGForHTML.inline(bytes, nodeIDs: graph.nodeIDs)
  }

  /// What ``svg(of:depth:in:graph:source:options:warning:)`` lays out.
  static func description(
    of node: Int, depth: Int?, in snapshot: Snapshot, graph: NeighbourhoodGraph,
    source: NeighbourhoodOverview.Source, options: RenderOptions
  ) -> GraphDescription? {
    var drawn = options
    drawn.format = .svg
    drawn.heat = false
    drawn.showsLegend = false
    drawn.showsSubscribers = false
    if let members = graph.neighbourhood(of: node, depth: depth, largest: largestWhole) {
      let (part, edgeIndices) = graph.edges.part(of: snapshot, nodes: members)
      return GraphDescription(snapshot: part, options: drawn).renumbered(nodes: members, edges: edgeIndices)
    }
    guard let hub = NeighbourhoodOverview(of: node, depth: depth, graph: graph, source: source) else { return nil }
    let overview = hub.overview
    var description = GraphDescription(
      snapshot: overview.shown, options: drawn, overview: overview, familyClusters: false)
    var extra: [String: String] = [:]
    for (index, sides) in hub.groupSides.enumerated() { extra["g\(index)"] = NeighbourhoodOverview.classes(sides) }
    for (index, sides) in hub.mergedSides.enumerated() { extra["m\(index)"] = NeighbourhoodOverview.classes(sides) }
    func addClasses(_ attributes: inout [(String, String)]) {
      guard let id = attributes.first(where: { $0.0 == "id" })?.1, let more = extra[id], !more.isEmpty,
        let place = attributes.firstIndex(where: { $0.0 == "class" })
      else { return }
      attributes[place].1 += more
    }
    for index in description.nodes.indices { addClasses(&description.nodes[index].attributes) }
    for index in description.edges.indices { addClasses(&description.edges[index].attributes) }
    return description.renumbered(
      nodes: overview.shownNodeIndices, edges: overview.shownEdgeIndices, groups: Array(overview.groups.indices),
      groupPrefix: groupPrefix, merged: "focus")
  }
}
