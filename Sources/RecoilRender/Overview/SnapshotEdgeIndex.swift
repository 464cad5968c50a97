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

  /// The part of `snapshot` made of `nodes` (indexes, ascending) and the edges among them, each
  /// node's owner kept only when it is in the part too; and where each of the part's edges is in
  /// the snapshot.
  ///
  /// ```swift
  /// let (part, edgeIndices) = index.part(of: snapshot, nodes: [0, 3, 4])
  /// ```
  func part(of snapshot: Snapshot, nodes: [Int]) -> (snapshot: Snapshot, edgeIndices: [Int]) {
    let kept = Set(nodes)
    let edgeIndices = edges(from: nodes).filter { kept.contains(ends[$0].to) }
    var part = snapshot
    part.nodes = nodes.map { snapshot.nodes[$0] }
    part.edges = edgeIndices.map { snapshot.edges[$0] }
    let ids = Set(part.nodes.map(\.id))
    for index in part.nodes.indices where part.nodes[index].owner.map({ !ids.contains($0) }) ?? false {
      part.nodes[index].owner = nil
    }
    return (part, edgeIndices)
  }

  /// The edges leaving any of `nodes`, in the snapshot's order.
  func edges(from nodes: some Sequence<Int>) -> [Int] {
    var result: [Int] = []
    for node in nodes { result += outgoing[node] }
    return result.sorted()
  }
}
