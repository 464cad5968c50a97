import Dispatch
import RecoilConcurrency
import RecoilSnapshot

/// The neighbourhoods a static report's focus shows, each laid out on its own by Graphviz and
/// kept as a plan: where each of its nodes goes and the curve of each of its edges. The page
/// draws a plan from copies of the nodes' own drawings (see ``NodeHomes``), so a plan costs
/// a few numbers a node, and a report holds one for every node.
///
/// Depth 1 (what a large graph's selection marks first) is planned for every node whose
/// neighbourhood holds at most ``largest`` nodes. A deeper depth is planned for every node or
/// for none: unless ``RenderOptions/focusLayouts`` asks for it, for all when the
/// neighbourhoods that depth adds (those not laid out already) together hold at most
/// ``deeperBudget`` nodes for each process laying them out (``RenderOptions/layoutWorkers``;
/// past what is left of it, the page keeps the whole graph's places at that depth, and says
/// so). Identical neighbourhoods are laid out once.
/// Each node stands in for Graphviz at its drawn size and shape, without its label, which is
/// what makes a layout cheap.
///
/// A neighbourhood of more than ``largest`` nodes (a hub's) is laid out instead as an overview
/// of itself (``NeighbourhoodOverview``), kept as an ``OverviewPlan``, for every node of a
/// laid-out depth that has one (a graph no rule collapses has none: its hubs are focused in the
/// whole graph's places).
///
/// ```swift
/// let plans = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options)
/// print("\(plans.planCount) layouts; depth 1 of node 12: plan \(plans.planOfNode[0]?[12] ?? -1)")
/// ```
struct NeighbourhoodPlans: Sendable {
  /// The most nodes one neighbourhood may hold to be laid out.
  static let largest = 1_000
  /// The most nodes all of depths 2, 3 and all may hold together, for each process that lays
  /// them out: about as long as depth 1 takes on 10,000 nodes.
  static let deeperBudget = 60_000
  /// About how many nodes' layouts are held at once while a report's plans are made.
  static let batchNodes = 1 << 16
  /// About how many hubs' overviews are made at once: each holds the hub's whole
  /// neighbourhood while it is made.
  static let overviewBatch = 256
  /// How Graphviz's SVG draws `style=dashed`, for the page drawing a plan's edges.
  static let dashedStroke = "5,2"

  /// One neighbourhood's layout, from the drawing's top left, y downwards, in tenths of a
  /// point (as the page reads it): a view of its numbers, which are
  /// its width, its height, how many nodes it has, each node (by index in the snapshot) and
  /// where its centre goes (node, x, y), then each edge: its index; 1 when it is a store
  /// driving an atom (dashed), else 0; its arrowhead's tip, x and y (``noTip`` twice without
  /// one); how many points follow; and those points, x and y each, of cubic Bézier pieces to
  /// where its arrowhead starts.
  struct Plan {
    /// The plan's numbers, as above.
    let numbers: ArraySlice<Int32>
    /// Stands for the tip of an edge without an arrowhead.
    static let noTip = Int32.min

    /// `length` points in tenths, 0 for one that does not fit (Graphviz's lengths are
    /// finite and far smaller).
    static func tenths(_ length: Double) -> Int32 { Int32(exactly: (length * 10).rounded()) ?? 0 }

    private var first: Int { numbers.startIndex }
    /// The width and height, in tenths.
    var size: (width: Int32, height: Int32) { (numbers[first], numbers[first + 1]) }
    /// The nodes' numbers: node, x, y, node, x, y…
    var nodeNumbers: ArraySlice<Int32> { numbers[(first + 3)..<edgesStart] }
    private var edgesStart: Int { first + 3 + 3 * Int(numbers[first + 2]) }

    /// The width in points.
    var width: Double { Double(size.width) / 10 }
    /// The height in points.
    var height: Double { Double(size.height) / 10 }

    /// Each node and where its centre goes, in points.
    var nodes: [(node: Int, x: Double, y: Double)] {
      let numbers = nodeNumbers
      return stride(from: numbers.startIndex, to: numbers.endIndex, by: 3).map {
        (Int(numbers[$0]), Double(numbers[$0 + 1]) / 10, Double(numbers[$0 + 2]) / 10)
      }
    }

    /// Calls `body` with each edge's index, whether it is dashed, its arrowhead's tip (x, y)
    /// and its points (x, y, x, y…), in tenths, in order.
    func forEachEdge(
      _ body: (_ edge: Int32, _ drives: Bool, _ tip: (Int32, Int32)?, _ points: ArraySlice<Int32>) -> Void
    ) {
      var index = edgesStart
      while index < numbers.endIndex {
        let end = index + 5 + 2 * Int(numbers[index + 4])
        let tip = numbers[index + 2] == Self.noTip ? nil : (numbers[index + 2], numbers[index + 3])
        body(numbers[index], numbers[index + 1] == 1, tip, numbers[(index + 5)..<end])
        index = end
      }
    }

    /// Each edge, whether it is dashed, its curve and its arrowhead's tip, in points.
    var edges: [(edge: Int, drives: Bool, points: [GraphPlaces.Point], tip: GraphPlaces.Point?)] {
      var edges: [(edge: Int, drives: Bool, points: [GraphPlaces.Point], tip: GraphPlaces.Point?)] = []
      func point(_ x: Int32, _ y: Int32) -> GraphPlaces.Point {
        GraphPlaces.Point(x: Double(x) / 10, y: Double(y) / 10)
      }
      forEachEdge { edge, drives, tip, numbers in
        let points = stride(from: numbers.startIndex, to: numbers.endIndex, by: 2).map {
          point(numbers[$0], numbers[$0 + 1])
        }
        edges.append((Int(edge), drives, points, tip.map { point($0.0, $0.1) }))
      }
      return edges
    }
  }

  /// Every plan's numbers (see ``Plan``), the plans laid out together one after another in
  /// one piece, and where each plan starts: a report holds hundreds of thousands of plans, and
  /// arrays of their own would cost several times as much, held in fragments the process does
  /// not give back.
  private var pieces: [[Int32]] = []
  private var starts: [(piece: Int, start: Int)] = []
  /// How many plans there are.
  var planCount: Int { starts.count }
  /// The plans, as views of their numbers.
  var plans: [Plan] { starts.indices.map(plan) }
  /// Plan `index`.
  func plan(_ index: Int) -> Plan {
    let (piece, start) = starts[index]
    let next = index + 1 < starts.count && starts[index + 1].piece == piece ? starts[index + 1].start : nil
    return Plan(numbers: pieces[piece][start..<(next ?? pieces[piece].count)])
  }

  /// The neighbourhoods too large for a plan, each laid out as an overview of itself.
  var overviews: [OverviewPlan] = []
  /// The labels of the overviews' groups, each once (see ``OverviewPlan/label(of:)``).
  var labels: [[String]] = []
  /// Where the page finds each node's drawing, and its size, as the plans were made from.
  var homes: NodeHomes
  /// For each of ``NeighbourhoodGraph/depths``: each node's plan (by index), `-2 - i` for
  /// overview `i`, -1 for one not laid out; `nil` for a depth not laid out at all.
  var planOfNode: [[Int]?] = []

  /// Each laid-out depth (as the page names it) with hubs whose neighbourhoods it holds no
  /// layout of (no rule collapses them), and how many: the page focuses those in the whole
  /// graph's places, saying why.
  var depthsWithHubsInPlace: [(depth: String, hubs: Int)] = []

  /// The depths laid out (`1`, `2`, `3`, `all`), as the page names them.
  var laidOutDepths: [String] {
    zip(NeighbourhoodGraph.depths, planOfNode).compactMap { depth, column in
      column == nil ? nil : Self.name(of: depth)
    }
  }

  /// A depth as the page names it: `1`, `2`, `3` or `all`.
  private static func name(of depth: Int?) -> String { depth.map(String.init) ?? "all" }

  /// About as many bytes as the page takes to hold them, or a little more (see
  /// ``ReportData/writeNeighbourhoods(_:to:)``): the page makes room for them before they are written.
  var estimatedPageBytes: Int {
    // Numbers of up to 6 digits and a comma, a few brackets a plan and an edge, 12 bytes a home.
    7 * pieces.reduce(0) { $0 + $1.count } + 16 * starts.count + 12 * homes.nodeCount
      + overviews.reduce(1 << 10) { $0 + 7 * ($1.plan.count + $1.groups.count + $1.merged.count) + 64 }
      + labels.reduce(0) { $0 + 8 + $1.reduce(0) { $0 + 2 * $1.utf8.count + 3 } }
  }

  /// The plans of `snapshot`'s neighbourhoods, its nodes the size `homes` says, to the depths
  /// `options.focusLayouts` says; automatically, depths past 1 within `budget` nodes together
  /// for each process that lays them out.
  static func make(
    for snapshot: Snapshot, homes: NodeHomes, options: RenderOptions, budget: Int = deeperBudget,
    batchNodes: Int = batchNodes, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> NeighbourhoodPlans {
    let graph = NeighbourhoodGraph(snapshot)
    var result = NeighbourhoodPlans(homes: homes)
    var planOfSet: [[Int]: Int] = [:]
    var budget = budget * (options.layoutWorkers?.count ?? 1)
    // Workers that failed once are not asked again (one warning says so).
    var workers = options.layoutWorkers
    var overviewSource: NeighbourhoodOverview.Source?
    let nodeCount = snapshot.nodes.count
    for (position, depth) in NeighbourhoodGraph.depths.enumerated() {
      var sets: [[Int]?]
      let asked: Bool? =
        switch options.focusLayouts {
        case .automatic: position == 0 ? true : nil
        case .throughDepth(let deepest): depth.map { $0 <= deepest } ?? false
        case .everyDepth: true
        }
      if let asked {
        guard asked else {
          result.planOfNode.append(nil)
          continue
        }
        sets = (0..<nodeCount).map { graph.neighbourhood(of: $0, depth: depth, largest: largest) }
      } else {
        // All or nothing: a depth laid out for some nodes only would surprise. Only the depths
        // after one laid out are tried, so the depths laid out run from 1 without a gap. What
        // counts is what is laid out: a neighbourhood laid out before (at a shallower depth,
        // or for another node) costs nothing, so a graph whose chains are short (an app's
        // families: item, price, line) has every depth for little more than depth 1; one too
        // large to lay out counts as `largest`, which bounds the search.
        sets = []
        var total = 0
        var counted = Set<[Int]>()
        let previousLaidOut = result.planOfNode.last.map { $0 != nil } ?? false
        if previousLaidOut {
          for node in 0..<nodeCount {
            let members = graph.neighbourhood(of: node, depth: depth, largest: largest)
            if let members {
              if planOfSet[members] == nil && counted.insert(members).inserted { total += members.count }
            } else {
              total += largest
            }
            sets.append(members)
            if total > budget { break }
          }
        }
        guard sets.count == nodeCount, total <= budget else {
          result.planOfNode.append(nil)
          continue
        }
        budget -= total
      }
      var column = Array(repeating: -1, count: nodeCount)
      let hubs = (0..<nodeCount).filter { sets[$0] == nil }
      if !hubs.isEmpty {
        let source = overviewSource ?? NeighbourhoodOverview.Source(snapshot, options: options, edges: graph.edges)
        overviewSource = source
        try result.layOutOverviews(
          of: hubs, depth: depth, in: snapshot, graph: graph, source: source, options: options, column: &column,
          workers: &workers, warning: warning)
      }
      let hubsInPlace = hubs.count { column[$0] == -1 }
      if hubsInPlace > 0 { result.depthsWithHubsInPlace.append((name(of: depth), hubsInPlace)) }
      // Each set not laid out before, once, in turn or shared among the layout workers.
      var newSets: [[Int]] = []
      for node in 0..<nodeCount {
        guard let members = sets[node], members.allSatisfy({ homes[$0] != nil }) else { continue }
        if planOfSet[members] == nil {
          planOfSet[members] = result.planCount + newSets.count
          newSets.append(members)
        }
        column[node] = planOfSet[members] ?? -1
      }
      try result.layOut(
        newSets, of: snapshot, graph: graph, options: options, batchNodes: batchNodes, workers: &workers,
        warning: warning)
      result.planOfNode.append(column)
    }
    return result
  }

  /// Adds the plans of `sets`, in order: laid out by `workers` when there are many (when they
  /// fail, with a warning, here, and `workers` becomes `nil`), else here.
  mutating func layOut(
    _ sets: [[Int]], of snapshot: Snapshot, graph: NeighbourhoodGraph, options: RenderOptions, batchNodes: Int,
    workers: inout LayoutWorkers?, warning: (String) -> Void
  ) throws(RenderError) {
    // A share at a time, so that the stand-ins and places of a whole depth are never held at
    // once: at most `batchNodes` nodes' worth (or one set), whatever the depth.
    var start = 0
    starts.reserveCapacity(starts.count + sets.count)
    while start < sets.count {
      var end = start + 1
      var nodes = sets[start].count
      while end < sets.count && nodes + sets[end].count <= batchNodes {
        nodes += sets[end].count
        end += 1
      }
      let part = sets[start..<end]
      options.progress?("laying out neighbourhoods", done: start, total: sets.count)
      start = end
      let graphs = part.map { Self.standIns($0, of: snapshot, graph: graph, homes: homes, options: options) }
      let places = try Self.places(
        of: graphs, shared: sets.count >= LayoutWorkers.fewestLayouts, workers: &workers, warning: warning)
      var piece: [Int32] = []
      for (members, places) in zip(part, places) {
        starts.append((pieces.count, piece.count))
        Self.appendPlan(of: members, from: places, in: snapshot, to: &piece)
      }
      pieces.append(piece)
    }
  }

  /// Adds the overview plans of the neighbourhoods of `hubs` at `depth` and marks them in
  /// `column` (`-2 - i` for overview `i`), a batch of ``overviewBatch`` at a time; a hub whose
  /// neighbourhood no rule collapses, or with a node without a drawing, is left as it was.
  mutating func layOutOverviews(
    of hubs: [Int], depth: Int?, in snapshot: Snapshot, graph: NeighbourhoodGraph,
    source: NeighbourhoodOverview.Source, options: RenderOptions, column: inout [Int], workers: inout LayoutWorkers?,
    warning: (String) -> Void
  ) throws(RenderError) {
    var indexOfLabel: [[String]: Int] = Dictionary(
      labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    for start in stride(from: 0, to: hubs.count, by: Self.overviewBatch) {
      options.progress?("laying out hubs' overviews", done: start, total: hubs.count)
      // Each hub's overview is found on its own (its whole neighbourhood walked), on every
      // processor; what they find is gathered in order.
      let batch = Array(hubs[start..<min(start + Self.overviewBatch, hubs.count)])
      let found = LockedValue<[(hub: NeighbourhoodOverview, labels: [[String]])?]>(
        Array(repeating: nil, count: batch.count))
      DispatchQueue.concurrentPerform(iterations: batch.count) { at in
        guard var hub = NeighbourhoodOverview(of: batch[at], depth: depth, graph: graph, source: source) else { return }
        let texts = hub.overview.groups.map(OverviewPlan.label(of:))
        // Their labels say how many members the groups have: their ids are not kept.
        for group in hub.overview.groups.indices { hub.overview.groups[group].memberIDs = [] }
        found.withLock { $0[at] = (hub, texts) }
      }
      var made: [(node: Int, hub: NeighbourhoodOverview, labels: [Int], standIns: StandInGraph)] = []
      for (node, result) in zip(batch, found.withLock { $0 }) {
        guard let (hub, texts) = result else { continue }
        guard
          let standIns = OverviewPlan.standIns(
            of: hub, labels: texts, in: snapshot, edges: graph.edges, homes: homes, options: options)
        else { continue }
        let numbers = texts.map { text in
          if let known = indexOfLabel[text] { return known }
          indexOfLabel[text] = labels.count
          labels.append(text)
          return labels.count - 1
        }
        made.append((node, hub, numbers, standIns))
      }
      let places = try Self.places(
        of: made.map(\.standIns), shared: hubs.count >= LayoutWorkers.fewestLayouts, workers: &workers,
        warning: warning)
      for (hub, places) in zip(made, places) {
        guard let plan = OverviewPlan(hub.hub, labels: hub.labels, places: places, in: snapshot) else { continue }
        column[hub.node] = -2 - overviews.count
        overviews.append(plan)
      }
    }
  }

  /// Where Graphviz puts `graphs`' stand-ins, in order: laid out by `workers` when `shared`
  /// (when they fail, with a warning, here, and `workers` becomes `nil`), else here.
  static func places(
    of graphs: [StandInGraph], shared: Bool, workers: inout LayoutWorkers?, warning: (String) -> Void
  ) throws(RenderError) -> [GraphPlaces] {
    if let sharing = workers, shared {
      do {
        return try sharing.layOut(graphs, warning: warning)
      } catch {
        warning("\(error.description); laying out in this process instead")
        workers = nil
      }
    }
    return try graphs.map { (graph) throws(RenderError) in try graph.places(warning: warning) }
  }

  /// `members` and the edges among them, each node a stand-in of its drawn size and shape.
  static func standIns(
    _ members: [Int], of snapshot: Snapshot, graph: NeighbourhoodGraph, homes: NodeHomes, options: RenderOptions
  ) -> StandInGraph {
    var standIns = emptyStandIns(itemCount: members.count, options: options)
    for node in members {
      guard let home = homes[node] else { continue }
      standIns.nodes.append(standIn(of: node, at: home, in: snapshot))
    }
    let kept = Set(members)
    for edge in graph.edges.edges(from: members) {
      let (from, to) = graph.edges.ends[edge]
      guard kept.contains(to) else { continue }
      standIns.edges.append(.init(tail: from, head: to, id: edge))
    }
    return standIns
  }

  /// A stand-in graph with the whole drawing's direction and spacing for `itemCount` nodes;
  /// nothing is drawn, so no fonts or colours.
  static func emptyStandIns(itemCount: Int, options: RenderOptions) -> StandInGraph {
    let spacing: Set = ["rankdir", "nodesep", "ranksep"]
    return StandInGraph(
      attributes: LayoutSettings.graphAttributes(
        nodeCount: itemCount, isLarge: false, rankDirection: options.rankDirection
      ).filter { spacing.contains($0.0) })
  }

  /// Node `node`'s stand-in: its shape, at the size its drawing has at `home`.
  static func standIn(of node: Int, at home: NodeHomes.Home, in snapshot: Snapshot) -> StandInGraph.Node {
    .init(
      name: node, shape: NodeLook(kind: snapshot.nodes[node].kind).shape, width: inches(home.width),
      height: inches(home.height))
  }

  /// Appends to `numbers` the plan of `members` from where Graphviz put their stand-ins.
  static func appendPlan(of members: [Int], from places: GraphPlaces, in snapshot: Snapshot, to numbers: inout [Int32])
  {
    numbers.append(Plan.tenths(places.maximum.x - places.minimum.x))
    numbers.append(Plan.tenths(places.maximum.y - places.minimum.y))
    let nodeCount = numbers.count
    numbers.append(0)
    for node in members {
      guard let place = places.nodes["n\(node)"] else { continue }
      numbers.append(Int32(node))
      appendPoint(place.centre, of: places, to: &numbers)
      numbers[nodeCount] += 1
    }
    for edge in places.edges {
      guard edge.id.first == "e", let index = Int(edge.id.dropFirst()), snapshot.edges.indices.contains(index)
      else { continue }
      numbers.append(Int32(index))
      numbers.append(snapshot.edges[index].kind == .drives ? 1 : 0)
      appendCurve(edge, of: places, to: &numbers)
    }
  }

  /// Appends an edge's arrowhead tip (``Plan/noTip`` twice without one), how many points
  /// follow, and its points, each as ``appendPoint(_:of:to:)`` writes it.
  static func appendCurve(_ edge: GraphPlaces.Edge, of places: GraphPlaces, to numbers: inout [Int32]) {
    if let tip = edge.arrowTip {
      appendPoint(tip, of: places, to: &numbers)
    } else {
      numbers.append(Plan.noTip)
      numbers.append(Plan.noTip)
    }
    numbers.append(Int32(edge.points.count))
    for point in edge.points { appendPoint(point, of: places, to: &numbers) }
  }

  /// Appends `point` of `places` in tenths, from the drawing's top left, y downwards (Graphviz
  /// puts y upwards from the bottom left).
  static func appendPoint(_ point: GraphPlaces.Point, of places: GraphPlaces, to numbers: inout [Int32]) {
    numbers.append(Plan.tenths(point.x - places.minimum.x))
    numbers.append(Plan.tenths(places.maximum.y - point.y))
  }

  /// `points` in inches, as Graphviz reads a size.
  static func inches(_ points: Double) -> String {
    String(Double((points / 72 * 10_000).rounded()) / 10_000)
  }
}
