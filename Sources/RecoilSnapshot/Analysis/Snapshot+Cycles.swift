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
    var indexOfID: [String: Int] = [:]
    for (index, node) in nodes.enumerated() where indexOfID[node.id] == nil { indexOfID[node.id] = index }
    var successors = Array(repeating: [Int](), count: nodes.count)
    var selfLoops = Set<Int>()
    for edge in edges {
      guard let from = indexOfID[edge.from], let to = indexOfID[edge.to] else { continue }
      successors[from].append(to)
      if from == to { selfLoops.insert(from) }
    }
    let parts = StronglyConnectedParts(successors: successors)
    var members = Array(repeating: [Int](), count: parts.sizes.count)
    for (node, part) in parts.partOf.enumerated() { members[part].append(node) }
    // A cycle is a part of two or more nodes, or one node with an edge to itself.
    let components = members.filter { $0.count > 1 || ($0.count == 1 && selfLoops.contains($0[0])) }
    return components.sorted { $0[0] < $1[0] }.map { $0.map { nodes[$0].id } }
  }
}
