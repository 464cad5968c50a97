import Foundation

/// Arranges the unconnected parts of a graph (separate atom groups, several stores, the
/// legend) in columns, so that the picture is a block rather than one wide strip.
///
/// dot puts unconnected parts side by side, so an app with many small groups draws at 10:1.
/// Graphviz's own `pack` fixes that, but in 2.43 it leaks memory on every render and now and
/// then crashes on large graphs. So the parts are tiled here instead: each part's size is
/// estimated from its ranks (longest path from its sources) and widest rank, a column count
/// is chosen that brings the whole picture closest to 4:3, and the parts of each column are
/// stacked with invisible edges, bottom of one to top of the next. Clusters stay whole: a
/// cluster's nodes always belong to one part.
enum ComponentTiling {
  /// How wide a node is drawn, relative to the distance between two ranks: a node of one or
  /// two lines. An overview's groups, three or four lines each, are about as wide as
  /// ``groupWidthPerRank``.
  static let nodeWidthPerRank = 2.2
  static let groupWidthPerRank = 1.4
  /// The aspect ratio (across ranks over along ranks) the tiling aims at.
  static let targetRatio = 4.0 / 3.0

  /// A connected part: its node names, with their rank inside the part.
  struct Part {
    var nodes: [String]
    var rankOfNode: [String: Int]
    var height: Int { (rankOfNode.values.max() ?? 0) + 1 }
    var width: Int {
      var counts: [Int: Int] = [:]
      for rank in rankOfNode.values { counts[rank, default: 0] += 1 }
      return counts.values.max() ?? 1
    }
    var top: String { nodes.first { rankOfNode[$0] == 0 } ?? nodes[0] }
    var bottom: String {
      let last = height - 1
      return nodes.last { rankOfNode[$0] == last } ?? nodes[nodes.count - 1]
    }
  }

  /// Adds the invisible edges that stack `description`'s parts into columns.
  static func tile(_ description: inout GraphDescription, widthPerRank: Double = nodeWidthPerRank) {
    let parts = self.parts(of: description)
    guard parts.count > 1 else { return }
    let columns = bestColumns(for: parts, widthPerRank: widthPerRank)
    for column in columns {
      for (upper, lower) in zip(column, column.dropFirst()) {
        description.edges.append(
          GraphDescription.Edge(
            tail: parts[upper].bottom, head: parts[lower].top,
            attributes: [("style", "invis"), ("weight", "0")]))
      }
    }
  }

  /// The parts, each with ranks by longest path from its sources.
  static func parts(of description: GraphDescription) -> [Part] {
    var names = description.nodes.map(\.name)
    var groups: [[String]] = []
    func collect(_ cluster: GraphDescription.Cluster) {
      var members = cluster.nodeNames
      for inner in cluster.clusters {
        collect(inner)
        members += inner.nodeNames
      }
      names += cluster.ownNodes.map(\.name)
      groups.append(members)
    }
    description.clusters.forEach(collect)

    var index: [String: Int] = [:]
    for name in names where index[name] == nil { index[name] = index.count }
    var sets = DisjointSets(count: index.count)
    for group in groups {
      for name in group.dropFirst() {
        if let a = index[group[0]], let b = index[name] { sets.union(a, b) }
      }
    }
    var outgoing: [String: [String]] = [:]
    var incoming: [String: Int] = [:]
    for edge in description.edges {
      guard let a = index[edge.tail], let b = index[edge.head] else { continue }
      sets.union(a, b)
      outgoing[edge.tail, default: []].append(edge.head)
      incoming[edge.head, default: 0] += 1
    }

    var membersOfRoot: [Int: [String]] = [:]
    var rootOrder: [Int] = []
    for (name, position) in index.sorted(by: { $0.value < $1.value }) {
      let root = sets.find(position)
      if membersOfRoot[root] == nil { rootOrder.append(root) }
      membersOfRoot[root, default: []].append(name)
    }
    return rootOrder.map { root in
      let members = membersOfRoot[root, default: []]
      return Part(nodes: members, rankOfNode: ranks(of: members, outgoing: outgoing, incoming: incoming))
    }
  }

  /// Longest-path ranks (Kahn's order); nodes on a cycle get the rank they had reached.
  private static func ranks(of members: [String], outgoing: [String: [String]], incoming: [String: Int])
    -> [String: Int]
  {
    var remaining = incoming
    var rank: [String: Int] = [:]
    var queue = members.filter { (incoming[$0] ?? 0) == 0 }
    for name in queue { rank[name] = 0 }
    var head = 0
    while head < queue.count {
      let name = queue[head]
      head += 1
      for next in outgoing[name, default: []] {
        rank[next] = max(rank[next] ?? 0, rank[name, default: 0] + 1)
        remaining[next, default: 1] -= 1
        if remaining[next] == 0 { queue.append(next) }
      }
    }
    for name in members where rank[name] == nil { rank[name] = 0 }
    return rank
  }

  /// The columns (lists of part indexes, top first) whose estimated picture is closest to
  /// ``targetRatio``: parts go, tallest first, into the currently shortest column.
  static func bestColumns(for parts: [Part], widthPerRank: Double = nodeWidthPerRank) -> [[Int]] {
    let order = parts.indices.sorted { parts[$0].height > parts[$1].height }
    var best: (columns: [[Int]], score: Double)?
    for count in 1...parts.count {
      var columns = Array(repeating: [Int](), count: count)
      var heights = Array(repeating: 0, count: count)
      for part in order {
        let shortest = heights.indices.min { heights[$0] < heights[$1] } ?? 0
        columns[shortest].append(part)
        heights[shortest] += parts[part].height + 1
      }
      columns.removeAll { $0.isEmpty }
      let width = columns.map { column in column.map { parts[$0].width }.max() ?? 0 }.reduce(0, +)
      let height = heights.max() ?? 1
      let ratio = Double(width) * widthPerRank / Double(max(height, 1))
      let score = abs(log(ratio / targetRatio))
      if best == nil || score < best!.score { best = (columns, score) }
    }
    return best?.columns ?? [Array(parts.indices)]
  }
}

/// Union-find over `0..<count`, with path halving.
struct DisjointSets {
  private var parent: [Int]

  init(count: Int) {
    parent = Array(0..<count)
  }

  mutating func find(_ element: Int) -> Int {
    var element = element
    while parent[element] != element {
      parent[element] = parent[parent[element]]
      element = parent[element]
    }
    return element
  }

  mutating func union(_ a: Int, _ b: Int) {
    let (rootA, rootB) = (find(a), find(b))
    if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
  }
}
