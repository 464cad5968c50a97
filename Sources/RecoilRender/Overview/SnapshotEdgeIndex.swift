import RecoilSnapshot

/// A snapshot's edges by the indexes of their ends, and each node's outgoing edges, so that
/// the edges among a few nodes are found without going through all of them.
///
/// ```swift
/// let index = SnapshotEdgeIndex(snapshot)
/// for edge in index.edges(from: [0, 3]) { print(index.ends[edge]) }
/// ```
struct SnapshotEdgeIndex: Sendable {
  /// Each edge's ends as node indexes; -1 for an id the snapshot has no node for.
  let ends: [(from: Int, to: Int)]
  /// Each node's outgoing edges, by index.
  private let outgoing: [[Int]]

  init(_ snapshot: Snapshot) {
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }
    var outgoing = Array(repeating: [Int](), count: snapshot.nodes.count)
    ends = snapshot.edges.enumerated().map { index, edge in
      let from = indexOfID[edge.from] ?? -1
      if from >= 0 { outgoing[from].append(index) }
      return (from, indexOfID[edge.to] ?? -1)
    }
    self.outgoing = outgoing
  }

  /// The edges leaving any of `nodes`, in the snapshot's order.
  func edges(from nodes: some Sequence<Int>) -> [Int] {
    var result: [Int] = []
    for node in nodes { result += outgoing[node] }
    return result.sorted()
  }
}
