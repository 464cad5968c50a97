import RecoilSnapshot

/// One neighbourhood laid out on its own and drawn whole by Graphviz, as the live page's
/// server sends it when focus asks (a static report holds ``NeighbourhoodPlans`` instead).
///
/// ```swift
/// let graph = NeighbourhoodGraph(snapshot)
/// let members = graph.neighbourhood(of: 12, depth: 1) ?? []
/// let svg = try NeighbourhoodDrawing.svg(members, of: snapshot, graph: graph, options: options)
/// ```
enum NeighbourhoodDrawing {
  /// The SVG of `members` and the edges among them, inline-ready, its nodes and edges named by
  /// their places in the snapshot (`n<index>`, `e<index>`), as the page finds them.
  static func svg(
    _ members: [Int], of snapshot: Snapshot, graph: NeighbourhoodGraph, options: RenderOptions,
    warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> [UInt8] {
    let (part, edgeIndices) = graph.edges.part(of: snapshot, nodes: members)
    var drawn = options
    drawn.format = .svg
    drawn.heat = false
    drawn.showsLegend = false
    drawn.showsSubscribers = false
    let description = GraphDescription(snapshot: part, options: drawn).renumbered(nodes: members, edges: edgeIndices)
    let (bytes, warnings) = try Renderer.layOut(description, format: .svg, warning: warning)
    warnings.forEach(warning)
    return SVGForHTML.inline(bytes, nodeIDs: graph.nodeIDs)
  }
}
