extension Snapshot {
  /// The dependency cycles in the graph: each is a strongly connected set of two or more
  /// nodes, or one node with an edge to itself, listed in snapshot order.
  ///
  /// A healthy graph has none; the atom graph refuses to evaluate a cycle and marks its nodes
  /// in error, and `recoil-inspect validate` and `check` report them.
  ///
  /// ```swift
  /// for cycle in snapshot.cycles() { print(cycle.joined(separator: " -> ")) }
  /// ```
  ///
  /// - Returns: The cycles, each as node ids in snapshot order; cycles ordered by their first node.
  public func cycles() -> [[String]] {
    // Tarjan's algorithm, iterative so that a long chain cannot exhaust the stack.
    var indexOfID: [String: Int] = [:]
    for (index, node) in nodes.enumerated() where indexOfID[node.id] == nil { indexOfID[node.id] = index }
    var successors = Array(repeating: [Int](), count: nodes.count)
    var selfLoops = Set<Int>()
    for edge in edges {
      guard let from = indexOfID[edge.from], let to = indexOfID[edge.to] else { continue }
      successors[from].append(to)
      if from == to { selfLoops.insert(from) }
    }
    var order = Array(repeating: -1, count: nodes.count)
    var lowLink = Array(repeating: 0, count: nodes.count)
    var onStack = Array(repeating: false, count: nodes.count)
    var stack: [Int] = []
    var counter = 0
    var components: [[Int]] = []
    for start in nodes.indices where order[start] < 0 {
      var frames: [(node: Int, next: Int)] = [(start, 0)]
      order[start] = counter
      lowLink[start] = counter
      counter += 1
      stack.append(start)
      onStack[start] = true
      while var frame = frames.popLast() {
        if frame.next < successors[frame.node].count {
          let successor = successors[frame.node][frame.next]
          frame.next += 1
          frames.append(frame)
          if order[successor] < 0 {
            order[successor] = counter
            lowLink[successor] = counter
            counter += 1
            stack.append(successor)
            onStack[successor] = true
            frames.append((successor, 0))
          } else if onStack[successor] {
            lowLink[frame.node] = min(lowLink[frame.node], order[successor])
          }
          continue
        }
        if let parent = frames.last {
          lowLink[parent.node] = min(lowLink[parent.node], lowLink[frame.node])
        }
        guard lowLink[frame.node] == order[frame.node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == frame.node { break }
        }
        if component.count > 1 || selfLoops.contains(frame.node) { components.append(component.sorted()) }
      }
    }
    return components.sorted { $0[0] < $1[0] }.map { $0.map { nodes[$0].id } }
  }
}
