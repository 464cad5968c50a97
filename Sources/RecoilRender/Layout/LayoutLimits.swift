/// What Graphviz's `dot` layout can be given, measured on Graphviz 2.43 (Debian 12), and the
/// check made before calling it: past these, dot crashes or does not finish, so the renderer
/// uses `sfdp`, which lays out any graph in near-linear time, and says why.
///
/// - A chain of more than 32,767 ranks crashes dot (a rank is kept in 16 bits): a 32,766-node
///   chain draws in 4 s, a 32,770-node one is a segmentation fault.
/// - A strongly connected part (nodes that all reach each other through cycles) makes dot's
///   cycle breaking and crossing minimisation blow up: a random one of 400 nodes and 800 edges
///   takes 2.6 s, 800 nodes 17 s, 2,000 nodes did not finish in 100 s (sfdp: 0.6 s).
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

  /// Each node's part and each part's size (Tarjan's algorithm, with an explicit stack).
  /// Parts are numbered in reverse topological order: an edge between parts goes from a
  /// higher number to a lower one.
  func stronglyConnectedParts() -> (partOf: [Int], sizes: [Int]) {
    let count = successors.count
    var order = Array(repeating: -1, count: count)
    var low = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var partOf = Array(repeating: -1, count: count)
    var sizes: [Int] = []
    var stack: [Int] = []
    var next = 0
    for start in 0..<count where order[start] < 0 {
      var frames: [(node: Int, edge: Int)] = [(start, 0)]
      order[start] = next
      low[start] = next
      next += 1
      stack.append(start)
      onStack[start] = true
      while let (node, edge) = frames.last {
        if edge < successors[node].count {
          frames[frames.count - 1].edge += 1
          let successor = successors[node][edge]
          if order[successor] < 0 {
            order[successor] = next
            low[successor] = next
            next += 1
            stack.append(successor)
            onStack[successor] = true
            frames.append((successor, 0))
          } else if onStack[successor] {
            low[node] = min(low[node], order[successor])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
        guard low[node] == order[node] else { continue }
        var size = 0
        while let member = stack.popLast() {
          onStack[member] = false
          partOf[member] = sizes.count
          size += 1
          if member == node { break }
        }
        sizes.append(size)
      }
    }
    return (partOf, sizes)
  }

  /// The number of nodes on the longest path once each part is one node of its size.
  func longestChain(parts: (partOf: [Int], sizes: [Int])) -> Int {
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
