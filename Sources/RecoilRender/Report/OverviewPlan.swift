import RecoilSnapshot

/// A hub's neighbourhood overview (``NeighbourhoodOverview``) as a static report keeps it:
/// laid out by Graphviz when the report is made, from stand-ins (the nodes drawn whole at their
/// drawn sizes, each group at the size its label takes), and drawn by the page: the nodes and
/// the edges among them from copies of the nodes' own drawings, as a plan's are; the groups and
/// merged edges from the numbers here: a few numbers a node, group or curve, where a drawing
/// of its own would hold every label, tooltip and path as text, so that a report holds one
/// for every hub.
///
/// ```swift
/// let labels = hub.overview.groups.map { OverviewPlan.label(of: $0) }
/// if let standIns = OverviewPlan.standIns(of: hub, labels: labels, in: snapshot, edges: edges, homes: homes, options: options) {
///   let plan = OverviewPlan(hub, labels: Array(labels.indices), places: try standIns.places { _ in }, in: snapshot)
/// }
/// ```
struct OverviewPlan: Sendable, Equatable {
  /// The nodes drawn whole and the snapshot's edges among them, as a plan's numbers (see
  /// ``NeighbourhoodPlans/Plan``); its size is the whole drawing's, groups included.
  var plan: [Int32]
  /// ``groupFields`` numbers a group: its label (by index in the report's labels), its kind (by
  /// index in ``kinds``), its status (0; 1 failed; 2 loading), its sides
  /// (``NeighbourhoodOverview/Sides``), its centre (x, y), its width and its height.
  var groups: [Int32]
  /// Each merged edge: its tail and its head (a node's index, or -1 - a group's), how many of
  /// the snapshot's edges it stands for, its sides, its arrowhead's tip (x, y; ``NeighbourhoodPlans/Plan/noTip``
  /// twice without one), how many points follow, and those points.
  var merged: [Int32]

  /// How many numbers describe a group.
  static let groupFields = 8
  /// The kinds of group, in the order a plan numbers them.
  static let kinds: [GraphOverview.Group.Kind] = [.family, .store, .module, .levels, .run]
  /// Each label line's font size, and about how wide a character of it is, in ems
  /// (Helvetica's average; bold for the title): generous, so that the page's text fits.
  static let lineFonts: [(size: Double, em: Double)] = [(12, 0.62), (10, 0.56), (10, 0.56), (9, 0.56)]

  /// A group's label as the page draws it: its title, its count, its states and its
  /// evaluations (see ``GraphDescription/groupLabel(of:)``), "" for a line not drawn.
  static func label(of group: GraphOverview.Group) -> [String] {
    let text = GraphDescription.groupLabel(of: group)
    return [text.title, text.count, text.states, text.evaluations]
  }

  /// About the size a group with `label` is drawn at, in points: its widest line and its
  /// lines' heights, with Graphviz's margins, and at least Graphviz's smallest node.
  static func size(of label: [String]) -> (width: Double, height: Double) {
    var (width, height) = (0.0, 0.0)
    for (line, font) in zip(label, lineFonts) where !line.isEmpty {
      width = max(width, Double(line.count) * font.size * font.em)
      height += font.size * 1.2
    }
    return ((max(width + 16, 54)).rounded(.up), (max(height + 8, 36)).rounded(.up))
  }

  /// What Graphviz lays out for `hub`: its nodes drawn whole (`n<index>`) at their drawn
  /// sizes, each group (`n<node count + i>`) at the size of its label in `labels`, the
  /// snapshot's edges among the nodes (`e<index>`) and the merged edges (`e<edge count + i>`);
  /// `nil` when a node has no drawing to copy.
  static func standIns(
    of hub: NeighbourhoodOverview, labels: [[String]], in snapshot: Snapshot, edges: SnapshotEdgeIndex,
    homes: NodeHomes, options: RenderOptions
  ) -> StandInGraph? {
    let overview = hub.overview
    var graph = NeighbourhoodPlans.emptyStandIns(
      itemCount: overview.shownNodeIndices.count + overview.groups.count, options: options)
    for node in overview.shownNodeIndices {
      guard let home = homes[node] else { return nil }
      graph.nodes.append(NeighbourhoodPlans.standIn(of: node, at: home, in: snapshot))
    }
    let nodeCount = snapshot.nodes.count
    for (index, group) in overview.groups.enumerated() {
      let size = Self.size(of: labels[index])
      graph.nodes.append(
        .init(
          name: nodeCount + index, shape: GraphDescription.groupLook(of: group.kind).shape,
          width: NeighbourhoodPlans.inches(size.width), height: NeighbourhoodPlans.inches(size.height)))
    }
    for edge in overview.shownEdgeIndices {
      let (from, to) = edges.ends[edge]
      graph.edges.append(.init(tail: from, head: to, id: edge))
    }
    func name(of end: Int) -> Int { end >= 0 ? end : nodeCount - 1 - end }
    for (index, (from, to)) in hub.mergedEnds.enumerated() {
      graph.edges.append(.init(tail: name(of: from), head: name(of: to), id: snapshot.edges.count + index))
    }
    return graph
  }

  /// The plan of `hub` from where Graphviz put its stand-ins (``standIns(of:labels:in:edges:homes:options:)``),
  /// each group's label by its index in the report's table; `nil` when Graphviz left a group out.
  init?(_ hub: NeighbourhoodOverview, labels: [Int], places: GraphPlaces, in snapshot: Snapshot) {
    let overview = hub.overview
    plan = []
    NeighbourhoodPlans.appendPlan(of: overview.shownNodeIndices, from: places, in: snapshot, to: &plan)
    groups = []
    groups.reserveCapacity(Self.groupFields * overview.groups.count)
    for (index, group) in overview.groups.enumerated() {
      guard let place = places.nodes["n\(snapshot.nodes.count + index)"] else { return nil }
      groups.append(Int32(labels[index]))
      groups.append(Int32(Self.kinds.firstIndex(of: group.kind) ?? 0))
      groups.append(group.status == .error ? 1 : group.status == .loading ? 2 : 0)
      groups.append(Int32(hub.groupSides[index].rawValue))
      NeighbourhoodPlans.appendPoint(place.centre, of: places, to: &groups)
      groups.append(NeighbourhoodPlans.Plan.tenths(place.width))
      groups.append(NeighbourhoodPlans.Plan.tenths(place.height))
    }
    var curveOfID: [String: GraphPlaces.Edge] = [:]
    for edge in places.edges { curveOfID[edge.id] = edge }
    merged = []
    for (index, edge) in overview.mergedEdges.enumerated() {
      guard let curve = curveOfID["e\(snapshot.edges.count + index)"] else { continue }
      let (from, to) = hub.mergedEnds[index]
      merged += [Int32(from), Int32(to), Int32(clamping: edge.count), Int32(hub.mergedSides[index].rawValue)]
      NeighbourhoodPlans.appendCurve(curve, of: places, to: &merged)
    }
  }

  /// Calls `body` with each merged edge's numbers, in order.
  func forEachMerged(_ body: (ArraySlice<Int32>) -> Void) {
    var index = merged.startIndex
    while index + 7 <= merged.endIndex {
      let end = index + 7 + 2 * Int(merged[index + 6])
      body(merged[index..<end])
      index = end
    }
  }
}
