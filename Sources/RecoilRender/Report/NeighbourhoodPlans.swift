import RecoilSnapshot

/// The neighbourhoods a static report's focus shows, each laid out on its own by Graphviz and
/// kept as a plan: where each of its nodes goes and the curve of each of its edges. The page
/// draws a plan from copies of the nodes' own drawings (see ``NodeHomes``), so a plan costs
/// a few numbers a node, and a report holds one for every node.
///
/// Depth 1 (what a large graph's selection marks first) is planned for every node whose
/// neighbourhood holds at most ``largest`` nodes. A deeper depth is planned for every node or
/// for none: unless ``RenderOptions/focusLayouts`` asks for it, for all when that depth's
/// neighbourhoods together hold at most ``deeperBudget`` nodes for each process laying them
/// out (``RenderOptions/layoutWorkers``; past what is left of it, the page keeps the whole
/// graph's places at that depth, and says so). Identical neighbourhoods are laid out once.
/// Each node stands in for Graphviz at its drawn size and shape, without its label, which is
/// what makes a layout cheap.
///
/// A neighbourhood of more than ``largest`` nodes (a hub's) is drawn instead, as an overview
/// of itself (see ``NeighbourhoodDrawing``), for every node of a laid-out depth that has one
/// when they are at most ``mostOverviews`` all told; past that, for none at that depth.
///
/// ```swift
/// let plans = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options)
/// print("\(plans.plans.count) layouts; depth 1 of node 12: plan \(plans.planOfNode[0]?[12] ?? -1)")
/// ```
struct NeighbourhoodPlans: Sendable {
  /// The most nodes one neighbourhood may hold to be laid out.
  static let largest = 1_000
  /// The most nodes all of depths 2, 3 and all may hold together, for each process that lays
  /// them out: about as long as depth 1 takes on 10,000 nodes.
  static let deeperBudget = 60_000
  /// The most neighbourhoods a report draws as overviews of themselves.
  static let mostOverviews = 100
  /// How Graphviz's SVG draws `style=dashed`, for the page drawing a plan's edges.
  static let dashedStroke = "5,2"

  /// One neighbourhood's layout, in points, from the drawing's top left, y downwards.
  struct Plan: Sendable {
    var width: Double
    var height: Double
    /// Each node (by index in the snapshot) and where its centre goes.
    var nodes: [(node: Int, x: Double, y: Double)]
    /// Each edge (by index), whether it is a store driving an atom (dashed), and its curve:
    /// cubic Bézier pieces to where its arrowhead starts, and the arrowhead's tip.
    var edges: [(edge: Int, drives: Bool, points: [GraphPlaces.Point], tip: GraphPlaces.Point?)]
  }

  var plans: [Plan] = []
  /// The neighbourhoods too large for a plan, each drawn as an overview of itself (SVG, inline-ready).
  var overviews: [[UInt8]] = []
  /// Where the page finds each node's drawing, and its size, as the plans were made from.
  var homes: NodeHomes
  /// For each of ``NeighbourhoodGraph/depths``: each node's plan (by index), `-2 - i` for
  /// overview `i`, -1 for one not laid out; `nil` for a depth not laid out at all.
  var planOfNode: [[Int]?] = []

  /// The plans of `snapshot`'s neighbourhoods, its nodes the size `homes` says, to the depths
  /// `options.focusLayouts` says; automatically, depths past 1 within `budget` nodes together
  /// for each process that lays them out.
  static func make(
    for snapshot: Snapshot, homes: NodeHomes, options: RenderOptions, budget: Int = deeperBudget,
    mostOverviews: Int = mostOverviews, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> NeighbourhoodPlans {
    let graph = NeighbourhoodGraph(snapshot)
    var result = NeighbourhoodPlans(homes: homes)
    var planOfSet: [[Int]: Int] = [:]
    var budget = budget * (options.layoutWorkers?.count ?? 1)
    // Workers that failed once are not asked again (one warning says so).
    var workers = options.layoutWorkers
    var overviewsLeft = mostOverviews
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
        // All or nothing: a depth laid out for some nodes only would surprise. A deeper depth
        // holds what the one before it does, so past the first that does not fit, none does;
        // a neighbourhood too large to lay out counts as `largest`, which bounds the search.
        sets = []
        var total = 0
        let previousLaidOut = result.planOfNode.last.map { $0 != nil } ?? false
        if previousLaidOut {
          for node in 0..<nodeCount {
            let members = graph.neighbourhood(of: node, depth: depth, largest: largest)
            total += members?.count ?? largest
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
      if hubs.count <= overviewsLeft {
        overviewsLeft -= hubs.count
        for node in hubs {
          guard
            let svg = try NeighbourhoodDrawing.svg(
              of: node, depth: depth, in: snapshot, graph: graph, options: options, warning: warning)
          else { continue }
          column[node] = -2 - result.overviews.count
          result.overviews.append(svg)
        }
      }
      // Each set not laid out before, once, in turn or shared among the layout workers.
      var newSets: [[Int]] = []
      for node in 0..<nodeCount {
        guard let members = sets[node], members.allSatisfy({ homes[$0] != nil }) else { continue }
        if planOfSet[members] == nil {
          planOfSet[members] = result.plans.count + newSets.count
          newSets.append(members)
        }
        column[node] = planOfSet[members] ?? -1
      }
      result.plans += try layOut(
        newSets, of: snapshot, graph: graph, homes: homes, options: options, workers: &workers, warning: warning)
      result.planOfNode.append(column)
    }
    return result
  }

  /// The plans of `sets`, in order: by `workers` when there are many (when they fail, with a
  /// warning, here, and `workers` becomes `nil`), else here.
  static func layOut(
    _ sets: [[Int]], of snapshot: Snapshot, graph: NeighbourhoodGraph, homes: NodeHomes, options: RenderOptions,
    workers: inout LayoutWorkers?, warning: (String) -> Void
  ) throws(RenderError) -> [Plan] {
    // A share at a time, so that the stand-ins of a whole depth are never held at once.
    let batch = 8_192
    var plans: [Plan] = []
    plans.reserveCapacity(sets.count)
    for start in stride(from: 0, to: sets.count, by: batch) {
      let part = sets[start..<min(start + batch, sets.count)]
      let graphs = part.map { standIns($0, of: snapshot, graph: graph, homes: homes, options: options) }
      var places: [GraphPlaces]?
      if let sharing = workers, sets.count >= LayoutWorkers.fewestLayouts {
        do {
          places = try sharing.layOut(graphs, warning: warning)
        } catch {
          warning("\(error.description); laying out in this process instead")
          workers = nil
        }
      }
      if places == nil { places = try graphs.map { (graph) throws(RenderError) in try graph.places(warning: warning) } }
      for (members, places) in zip(part, places ?? []) { plans.append(plan(of: members, from: places, in: snapshot)) }
    }
    return plans
  }

  /// `members` and the edges among them, each node a stand-in of its drawn size and shape.
  static func standIns(
    _ members: [Int], of snapshot: Snapshot, graph: NeighbourhoodGraph, homes: NodeHomes, options: RenderOptions
  ) -> StandInGraph {
    // The whole drawing's direction and spacing; nothing is drawn, so no fonts or colours.
    let spacing: Set = ["rankdir", "nodesep", "ranksep"]
    var standIns = StandInGraph(
      attributes: LayoutSettings.graphAttributes(
        nodeCount: members.count, isLarge: false, rankDirection: options.rankDirection
      ).filter { spacing.contains($0.0) })
    for node in members {
      guard let home = homes[node] else { continue }
      standIns.nodes.append(
        .init(
          name: node, shape: NodeLook(kind: snapshot.nodes[node].kind).shape, width: inches(home.width),
          height: inches(home.height)))
    }
    let kept = Set(members)
    for edge in graph.edges.edges(from: members) {
      let (from, to) = graph.edges.ends[edge]
      guard kept.contains(to) else { continue }
      standIns.edges.append(.init(tail: from, head: to, id: edge))
    }
    return standIns
  }

  /// The plan of `members` from where Graphviz put their stand-ins.
  static func plan(of members: [Int], from places: GraphPlaces, in snapshot: Snapshot) -> Plan {
    // From Graphviz's (y upwards from the bottom left) to the drawing's top left, y downwards.
    let (left, top) = (places.minimum.x, places.maximum.y)
    func moved(_ point: GraphPlaces.Point) -> GraphPlaces.Point { .init(x: point.x - left, y: top - point.y) }
    var plan = Plan(
      width: places.maximum.x - places.minimum.x, height: places.maximum.y - places.minimum.y, nodes: [], edges: [])
    for node in members {
      guard let place = places.nodes["n\(node)"] else { continue }
      let centre = moved(place.centre)
      plan.nodes.append((node, centre.x, centre.y))
    }
    for edge in places.edges {
      guard edge.id.first == "e", let index = Int(edge.id.dropFirst()), snapshot.edges.indices.contains(index)
      else { continue }
      plan.edges.append(
        (index, snapshot.edges[index].kind == .drives, edge.points.map(moved), edge.arrowTip.map(moved)))
    }
    return plan
  }

  private static func inches(_ points: Double) -> String {
    String(Double((points / 72 * 10_000).rounded()) / 10_000)
  }
}
