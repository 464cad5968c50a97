import RecoilSnapshot

/// A hub's neighbourhood (more than ``NeighbourhoodPlans/largest`` nodes) as an overview of
/// itself, by the rules a large graph's overview follows (families, stores, namespaces, runs
/// of levels, each one node with its count), with the focused node, and its direct neighbours
/// when few, drawn whole; each group and merged edge on the side (upstream, downstream) the
/// page's selection marks its members. The server draws one with Graphviz
/// (``NeighbourhoodDrawing``); a static report keeps one for every hub as a plan
/// (``NeighbourhoodPlans``).
///
/// Its groups are the whole graph's groups, holding the neighbourhood's members only, and its
/// runs are of the whole graph's levels: one ``Source`` made once serves every hub.
///
/// ```swift
/// let source = NeighbourhoodOverview.Source(snapshot, options: options)
/// if let hub = NeighbourhoodOverview(of: 12, depth: nil, graph: NeighbourhoodGraph(snapshot), source: source) {
///   print("\(hub.overview.groups.count) groups")
/// }
/// ```
struct NeighbourhoodOverview: Sendable {
  /// Which way from the focused node a group's members or a merged edge lie.
  struct Sides: OptionSet, Sendable {
    let rawValue: Int
    static let upstream = Sides(rawValue: 1)
    static let downstream = Sides(rawValue: 2)
    /// The focused node itself.
    static let focused = Sides(rawValue: 4)
  }

  /// What every neighbourhood overview of one graph is made from: its groups by the collapse
  /// rules, its nodes' dependency levels (when runs of levels are a rule) and its edges.
  struct Source: Sendable {
    let tree: GroupTree?
    let levels: [Int]?
    let edges: SnapshotEdgeIndex

    /// The source of `snapshot`'s neighbourhood overviews, by `options.collapse`: none
    /// (every hub shown in place) when no rule collapses anything.
    init(_ snapshot: Snapshot, options: RenderOptions, edges: SnapshotEdgeIndex? = nil) {
      tree = options.collapse.isEmpty ? nil : GroupTree(snapshot: snapshot, rules: options.collapse)
      levels = options.collapse.contains(.levels) ? DependencyLevels(snapshot).level : nil
      self.edges = edges ?? SnapshotEdgeIndex(snapshot)
    }
  }

  /// The most direct neighbours drawn whole beside the focused node (more say no more than
  /// their group's count does).
  static let mostNeighboursKept = 24

  /// The overview, its nodes and edges by their places in the snapshot.
  var overview: GraphOverview
  /// The side of each of `overview.groups`.
  var groupSides: [Sides]
  /// The side of each of `overview.mergedEdges`.
  var mergedSides: [Sides]
  /// The ends of each of `overview.mergedEdges`: a node's index in the snapshot, or -1 - a group's.
  var mergedEnds: [(from: Int, to: Int)]

  /// Node `node`'s neighbourhood to `depth` steps each way (`nil`: all) as an overview; `nil`
  /// when it holds at most `largest` nodes (it is laid out whole) or no rule collapses any of it.
  init?(
    of node: Int, depth: Int?, graph: NeighbourhoodGraph, source: Source, largest: Int = NeighbourhoodPlans.largest
  ) {
    guard let whole = source.tree else { return nil }
    // Which way each node lies from the focused one, as marks, not sets: a report makes an
    // overview for every hub, each of up to the whole graph.
    var marks = Array(repeating: Sides(), count: graph.upstream.count)
    var memberCount = 1
    for (side, next) in [(Sides.upstream, graph.upstream), (.downstream, graph.downstream)] {
      var frontier = [node]
      var step = 0
      while !frontier.isEmpty, depth.map({ step < $0 }) ?? true {
        var following: [Int] = []
        for index in frontier {
          for target in next[index] where target != node && !marks[target].contains(side) {
            if marks[target].isEmpty { memberCount += 1 }
            marks[target].insert(side)
            following.append(target)
          }
        }
        frontier = following
        step += 1
      }
    }
    guard memberCount > largest else { return nil }
    marks[node] = .focused
    let members = marks.indices.filter { !marks[$0].isEmpty }
    var tree = whole.restricted(to: members)
    let neighbours = Set(graph.upstream[node] + graph.downstream[node] + [node])
    tree.keep((neighbours.count <= Self.mostNeighboursKept + 1 ? Array(neighbours) : [node]).sorted())
    tree.levels = source.levels
    tree.openSmallestFirst(within: GraphOverview.budget)
    tree.bandLooseNodes()
    var overview = tree.overview(edges: source.edges)
    guard !overview.groups.isEmpty else { return nil }
    overview.totalNodeCount = memberCount  // the neighbourhood's, as its picture says
    let groupSides = overview.groups.map { group in
      tree.members(of: group.key).reduce(into: Sides()) { $0.formUnion(marks[$1]) }
    }
    let shownIndexOfID = Dictionary(
      zip(overview.shown.nodes.map(\.id), overview.shownNodeIndices), uniquingKeysWith: { first, _ in first })
    func number(of end: GraphOverview.End) -> Int {
      switch end {
      // A node end is always a node the overview shows (ids are unique).
      case .node(let id): shownIndexOfID[id] ?? node
      case .group(let index): -1 - index
      }
    }
    mergedEnds = overview.mergedEdges.map { (number(of: $0.from), number(of: $0.to)) }
    func sides(of end: Int) -> Sides { end >= 0 ? marks[end] : groupSides[-1 - end] }
    // A merged edge is upstream when it runs between upstream ends or into the focused node,
    // downstream the other way, as the page marks the snapshot's own edges.
    mergedSides = mergedEnds.map { from, to in
      let (tail, head) = (sides(of: from), sides(of: to))
      var side: Sides = []
      if tail.contains(.upstream) && !head.isDisjoint(with: [.upstream, .focused]) { side.insert(.upstream) }
      if head.contains(.downstream) && !tail.isDisjoint(with: [.downstream, .focused]) { side.insert(.downstream) }
      return side
    }
    self.overview = overview
    self.groupSides = groupSides
  }

  /// ` upstream`, ` downstream`, both or neither: the classes the page marks a side by.
  static func classes(_ sides: Sides) -> String {
    (sides.contains(.upstream) ? " upstream" : "") + (sides.contains(.downstream) ? " downstream" : "")
  }
}
