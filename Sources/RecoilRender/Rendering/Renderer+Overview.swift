import RecoilSnapshot

extension Renderer {
  /// The report of a large graph: its overview, and the inside of every closed group, each
  /// laid out on its own, with every node named by its place in the snapshot (`n<index>`) and
  /// every group by its key (`g<key>`) in whichever part draws it.
  static func report(
    of overview: ExpandableOverview, snapshot: Snapshot, options: RenderOptions, warning: (String) -> Void
  ) throws(RenderError) -> Drawing {
    // The page inlines the top drawing itself; the insides are inserted by its script. Where
    // each drawing puts its nodes is where focus finds them.
    var homes = NodeHomes(nodeCount: snapshot.nodes.count)
    let top = try drawPart(overview.root, key: nil, options: options, places: true, warning: warning)
    homes.record(top.places)
    let nodeIDs = snapshot.nodes.map(\.id)
    var insides: [(key: Int, svg: [UInt8])] = []
    for (index, inside) in overview.insides.enumerated() {
      options.progress?("laying out groups' insides", done: index, total: overview.insides.count)
      let drawn = try drawPart(inside.drawing, key: inside.key, options: options, places: true, warning: warning)
      homes.record(drawn.places)
      insides.append((inside.key, SVGForHTML.inline(drawn.svg, nodeIDs: nodeIDs)))
    }
    var content = ReportPage.Content(
      title: options.title ?? "state graph", svg: top.svg, snapshot: snapshot, heat: options.heat, marks: nil)
    content.overview = ReportPage.Overview(layout: overview, insides: insides)
    content.asksServerForLayouts = options.asksServerForLayouts
    content.neighbourhoods = try NeighbourhoodPlans.make(
      for: snapshot, homes: homes, options: options, warning: warning)
    let root = overview.root
    return Drawing(
      bytes: ReportPage.html(content), nodeCount: root.shown.nodes.count, edgeCount: root.shown.edges.count,
      overview: Drawing.OverviewCounts(
        groupCount: root.groups.count, collapsedNodeCount: root.collapsedNodeCount,
        totalNodeCount: root.totalNodeCount),
      focusDepths: content.neighbourhoods?.laidOutDepths,
      focusHubsInPlace: content.neighbourhoods?.depthsWithHubsInPlace ?? [])
  }

  /// One part of a report's overview as SVG: the top (`key` nil, with the legend) or a group's
  /// inside, its nodes and groups renamed to their places in the whole (see ``report(of:snapshot:options:warning:)``),
  /// and where Graphviz put them when `places` is set.
  static func drawPart(
    _ part: GraphOverview, key: Int?, options: RenderOptions, places: Bool = false, warning: (String) -> Void
  ) throws(RenderError) -> (svg: [UInt8], places: GraphPlaces?) {
    var drawn = options
    drawn.format = .svg
    drawn.heat = false  // the page colours by heat on a toggle
    drawn.showsLegend = key == nil && options.showsLegend
    drawn.forReportPage = true  // a part is only ever drawn for a page
    let description = GraphDescription(
      snapshot: part.shown, options: drawn, overview: part, familyClusters: key == nil
    ).renumbered(
      nodes: part.shownNodeIndices, edges: part.shownEdgeIndices, groups: part.groups.map(\.key),
      merged: key.map(String.init) ?? "top")
    let laidOut = try layOut(description, format: .svg, places: places ? .nodes : nil, warning: warning)
    laidOut.warnings.forEach(warning)
    return (laidOut.bytes, laidOut.places)
  }
}
