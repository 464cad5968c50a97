import RecoilSnapshot

/// Each node's dependencies and dependents by index, as the page reads the edges, and the
/// neighbourhoods focus shows: for a node and a depth, the node and what it reaches up- and
/// downstream in that many steps (the same set the page's selection marks).
///
/// ```swift
/// let graph = NeighbourhoodGraph(snapshot)
/// let members = graph.neighbourhood(of: 12, depth: 1)  // [3, 12, 40], sorted
/// ```
struct NeighbourhoodGraph: Sendable {
  /// The depths the page offers, `nil` for all.
  static let depths: [Int?] = [1, 2, 3, nil]

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
  /// what the page's selection marks at that depth (its `ReportModel.reach`); `nil` once it
  /// holds more than `largest` nodes.
  func neighbourhood(of node: Int, depth: Int?, largest: Int = .max) -> [Int]? {
    guard let above = reach(from: node, depth: depth, upstream: true, largest: largest - 1),
      let below = reach(from: node, depth: depth, upstream: false, largest: largest - 1)
    else { return nil }
    let members = above.union(below).union([node])
    return members.count > largest ? nil : members.sorted()
  }

  /// What `node` reaches up- (`upstream`) or downstream in at most `depth` steps (`nil`: any),
  /// without the node itself; `nil` once that is more than `largest` nodes.
  func reach(from node: Int, depth: Int?, upstream: Bool, largest: Int = .max) -> Set<Int>? {
    let next = upstream ? self.upstream : downstream
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
      if seen.count > largest { return nil }
    }
    return seen
  }
}
