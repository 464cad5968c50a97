import RecoilSnapshot

/// Each node's dependency level: 0 for a node that depends on nothing, else one more than the
/// highest level among its dependencies. Computed in one pass in topological order (Kahn's
/// algorithm, no recursion: a chain may be 100,000 long); nodes on a cycle, which have no such
/// order, take one more than the highest level reached.
///
/// ```swift
/// let levels = DependencyLevels(snapshot).level  // indexed like snapshot.nodes
/// ```
struct DependencyLevels {
  /// Indexed like the snapshot's nodes.
  let level: [Int]

  init(_ snapshot: Snapshot) {
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }
    var dependents = Array(repeating: [Int](), count: snapshot.nodes.count)
    var waitingFor = Array(repeating: 0, count: snapshot.nodes.count)
    for edge in snapshot.edges {
      guard let from = indexOfID[edge.from], let to = indexOfID[edge.to], from != to else { continue }
      dependents[from].append(to)
      waitingFor[to] += 1
    }
    var level = Array(repeating: 0, count: snapshot.nodes.count)
    var ready = waitingFor.indices.filter { waitingFor[$0] == 0 }
    var placed = Array(repeating: false, count: snapshot.nodes.count)
    while let node = ready.popLast() {
      placed[node] = true
      for dependent in dependents[node] {
        level[dependent] = max(level[dependent], level[node] + 1)
        waitingFor[dependent] -= 1
        if waitingFor[dependent] == 0 { ready.append(dependent) }
      }
    }
    let highest = level.max() ?? 0
    for index in level.indices where !placed[index] { level[index] = max(level[index], highest + 1) }
    self.level = level
  }
}
