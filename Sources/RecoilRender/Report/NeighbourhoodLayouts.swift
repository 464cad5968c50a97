import RecoilSnapshot

/// The neighbourhoods the report's focus shows, each laid out on its own by Graphviz: for a
/// node and a depth (1, 2, 3 or all), the node and what it reaches up- and downstream in that
/// many steps, the same set the page's selection marks.
///
/// A report holds them for its nodes, depth 1 first, while their drawings stay within
/// ``budget`` nodes in all (a neighbourhood of more than ``largest`` nodes is not a focus, and
/// is left out); identical neighbourhoods are laid out once. The page falls back to keeping the
/// whole graph's places for one it lacks; the live page's server lays out any on demand.
///
/// ```swift
/// let layouts = try NeighbourhoodLayouts.make(for: snapshot, options: options)
/// print("\(layouts.drawings.count) layouts for \(layouts.drawingOfNode.count) nodes")
/// ```
struct NeighbourhoodLayouts {
  /// The depths the page offers, `nil` for all.
  static let depths: [Int?] = [1, 2, 3, nil]
  /// The most nodes all drawings hold together.
  static let budget = 1_500
  /// The most nodes one neighbourhood may hold.
  static let largest = 150

  /// The drawings: each one's nodes (by index in the snapshot) and its SVG, inline-ready.
  var drawings: [(nodes: [Int], svg: [UInt8])] = []
  /// For a node (by index), the drawing of its neighbourhood at each of ``depths``, or -1.
  var drawingOfNode: [Int: [Int]] = [:]

  /// The neighbourhoods of `snapshot`'s nodes, within the budget.
  static func make(
    for snapshot: Snapshot, options: RenderOptions, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> NeighbourhoodLayouts {
    let graph = Adjacency(snapshot)
    var result = NeighbourhoodLayouts()
    var drawingOfSet: [[Int]: Int] = [:]
    var spent = 0
    spending: for (position, depth) in depths.enumerated() {
      for node in snapshot.nodes.indices {
        guard spent < budget else { break spending }
        guard let members = graph.neighbourhood(of: node, depth: depth, largest: largest) else { continue }
        var drawing = drawingOfSet[members]
        if drawing == nil, spent + members.count <= budget {
          drawing = result.drawings.count
          drawingOfSet[members] = drawing
          spent += members.count
          result.drawings.append(
            (members, try draw(members, of: snapshot, graph: graph, options: options, warning: warning)))
        }
        if let drawing {
          result.drawingOfNode[node, default: Array(repeating: -1, count: depths.count)][position] = drawing
        }
      }
    }
    return result
  }

  /// One neighbourhood laid out on its own, its nodes and edges named by their places in the
  /// snapshot (`n<index>`, `e<index>`), as the page finds them.
  static func draw(
    _ members: [Int], of snapshot: Snapshot, graph: Adjacency, options: RenderOptions, warning: (String) -> Void
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

  /// Each node's dependencies and dependents, by index, as the page reads the edges.
  struct Adjacency {
    var upstream: [[Int]]
    var downstream: [[Int]]
    /// The snapshot's edges by their ends, and its node ids (by index), for drawing.
    var edges: SnapshotEdgeIndex
    var nodeIDs: [String]

    init(_ snapshot: Snapshot) {
      edges = SnapshotEdgeIndex(snapshot)
      nodeIDs = snapshot.nodes.map(\.id)
      upstream = Array(repeating: [], count: snapshot.nodes.count)
      downstream = Array(repeating: [], count: snapshot.nodes.count)
      for (from, to) in edges.ends where from >= 0 && to >= 0 {
        upstream[to].append(from)
        downstream[from].append(to)
      }
    }

    /// The node and what it reaches either way in at most `depth` steps (`nil`: any), sorted:
    /// what the page's selection marks at that depth (its `ReportCore.reach`); `nil` once it
    /// holds more than `largest` nodes.
    func neighbourhood(of node: Int, depth: Int?, largest: Int = .max) -> [Int]? {
      var members: Set<Int> = [node]
      for next in [upstream, downstream] {
        var seen: Set<Int> = []
        var frontier = [node]
        var step = 0
        while !frontier.isEmpty, depth.map({ step < $0 }) ?? true {
          var following: [Int] = []
          for index in frontier {
            for target in next[index] where target != node && seen.insert(target).inserted { following.append(target) }
          }
          frontier = following
          step += 1
          if seen.count + members.count > largest { return nil }
        }
        members.formUnion(seen)
        if members.count > largest { return nil }
      }
      return members.sorted()
    }
  }
}
