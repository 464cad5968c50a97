/// The strongly connected parts of a graph given as adjacency lists: sets of nodes that all
/// reach each other. One walk (Tarjan's algorithm) with an explicit stack, so a chain of
/// 100,000 nodes cannot exhaust the thread's stack; used for a snapshot's cycles and for the
/// renderer's check of what Graphviz's dot can lay out.
///
/// ```swift
/// let parts = StronglyConnectedParts(successors: [[1], [0], []])
/// parts.sizes   // [1, 2]: node 2 alone, then nodes 0 and 1
/// parts.partOf  // [1, 1, 0]
/// ```
package struct StronglyConnectedParts: Sendable {
  /// The part of each node, by the node's number.
  package let partOf: [Int]
  /// The number of nodes in each part. Parts are numbered in reverse topological order: an
  /// edge between two parts goes from a higher number to a lower one.
  package let sizes: [Int]

  /// Finds the parts of the graph whose node `n` has edges to `successors[n]`.
  package init(successors: [[Int]]) {
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
    self.partOf = partOf
    self.sizes = sizes
  }
}
