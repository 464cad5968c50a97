import RecoilSnapshot

/// What Graphviz's `dot` layout can be given, and the check made before calling it: past
/// these, dot crashes or does not finish, so the renderer uses `sfdp`, which lays out any
/// graph in near-linear time, and says why. The measurements on Graphviz 2.43 (Debian 12)
/// behind both limits are in Benchmarks/README.md.
///
/// - A chain of more than 32,767 ranks crashes dot: a rank is kept in 16 bits.
/// - A strongly connected part (nodes that all reach each other through cycles) makes dot's
///   cycle breaking and crossing minimisation grow much faster than the graph.
/// - Past ``mostNodes`` dot's time grows far faster than the graph; only `--full` draws that
///   many, since `render` and `report` otherwise draw a larger graph as an overview.
///
/// ```swift
/// if let reason = LayoutLimits.reasonDotCannotLayOut(description) { print(reason) }
/// ```
enum LayoutLimits {
  /// The longest chain of nodes dot is given; its hard limit is 32,767 ranks, and the
  /// renderer stretches a source's edges over at most 4 ranks.
  static let longestChain = 30_000
  /// The largest strongly connected part dot is given.
  static let largestCycle = 400
  /// The most nodes dot is given.
  static let mostNodes = 10_000

  /// Why `description` should not go to dot, or `nil` when it can.
  static func reasonDotCannotLayOut(_ description: GraphDescription) -> String? {
    guard description.nodes.count > min(longestChain, largestCycle) else { return nil }
    let graph = IndexedGraph(description)
    let parts = graph.stronglyConnectedParts()
    if let largest = parts.sizes.max(), largest > largestCycle {
      return
        "the graph has \(largest) nodes in cycles through each other, more than dot lays out in reasonable time (\(largestCycle))"
    }
    let chain = graph.longestChain(parts: parts)
    if chain > longestChain {
      return "the graph's longest chain has \(chain) nodes, more than dot lays out (\(longestChain))"
    }
    if description.nodes.count > mostNodes {
      return
        "the graph has \(description.nodes.count) nodes to draw, more than dot lays out in reasonable time (\(mostNodes))"
    }
    return nil
  }
}

/// A description's nodes as numbers and its edges as adjacency lists, for the two linear
/// walks ``LayoutLimits`` makes (no recursion: a chain may be 100,000 long).
private struct IndexedGraph {
  var successors: [[Int]]

  init(_ description: GraphDescription) {
    var index: [String: Int] = [:]
    for node in description.nodes { index[node.name] = index.count }
    for cluster in description.clusters { Self.addOwnNodes(of: cluster, to: &index) }
    successors = Array(repeating: [], count: index.count)
    for edge in description.edges {
      if let tail = index[edge.tail], let head = index[edge.head], tail != head { successors[tail].append(head) }
    }
  }

  private static func addOwnNodes(of cluster: GraphDescription.Cluster, to index: inout [String: Int]) {
    for node in cluster.ownNodes where index[node.name] == nil { index[node.name] = index.count }
    for inner in cluster.clusters { addOwnNodes(of: inner, to: &index) }
  }

  func stronglyConnectedParts() -> StronglyConnectedParts {
    StronglyConnectedParts(successors: successors)
  }

  /// The number of nodes on the longest path once each part is one node of its size.
  func longestChain(parts: StronglyConnectedParts) -> Int {
    // Parts in increasing number are sinks first: each part's longest chain follows from the
    // parts it points to, which all have lower numbers.
    var membersOfPart = Array(repeating: [Int](), count: parts.sizes.count)
    for (node, part) in parts.partOf.enumerated() { membersOfPart[part].append(node) }
    var longest = Array(repeating: 0, count: parts.sizes.count)
    for part in longest.indices {
      var below = 0
      for node in membersOfPart[part] {
        for successor in successors[node] where parts.partOf[successor] != part {
          below = max(below, longest[parts.partOf[successor]])
        }
      }
      longest[part] = below + parts.sizes[part]
    }
    return longest.max() ?? 0
  }
}
