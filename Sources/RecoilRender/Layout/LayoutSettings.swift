/// Graph attributes for the layout, including the speed settings for large graphs.
enum LayoutSettings {
  /// Past this many points on a side, the picture is scaled down (100 inches).
  static let maximumSideInches = 100

  static func graphAttributes(
    nodeCount: Int, isLarge: Bool, rankDirection: RenderOptions.RankDirection
  ) -> [(String, String)] {
    var attributes: [(String, String)] = [
      ("rankdir", rankDirection.rawValue), ("fontname", "Helvetica"), ("fontsize", "12"),
      ("bgcolor", "white"), ("nodesep", "0.25"), ("ranksep", "0.45"), ("compound", "true"),
      ("tooltip", "state graph"),
    ]
    if isLarge {
      // On big graphs dot spends its time in network simplex (ranking, then x positions on a
      // graph several times larger) and in crossing minimisation. The whole-graph ranker
      // (newrank) plus bounded iterations make a large graph several times faster to lay out,
      // at somewhat more crossings (measured with `dot -v`: Benchmarks/README.md).
      attributes += [
        ("newrank", "true"), ("nslimit", "0.1"), ("nslimit1", "0.1"), ("mclimit", "0.3"),
        ("splines", "line"),
        // A huge graph is scaled down rather than drawn kilometres wide.
        ("size", "\(maximumSideInches),\(maximumSideInches)"),
      ]
    }
    return attributes
  }

  /// `description` without the whole-graph ranker, for a large graph Graphviz could not rank
  /// with it; `nil` when it does not use it.
  static func withoutWholeGraphRanking(_ description: GraphDescription) -> GraphDescription? {
    guard description.graphAttributes.contains(where: { $0 == ("newrank", "true") }) else { return nil }
    var plain = description
    plain.graphAttributes.removeAll { $0.0 == "newrank" }
    return plain
  }

  /// Spreads out nodes that would otherwise all sit on the top rank (sources with many
  /// siblings, and isolated nodes), as Graphviz's `unflatten` does, so a graph with hundreds of
  /// atoms is not one very wide row.
  static func staggerSources(of description: inout GraphDescription, isLarge: Bool) {
    let stagger = isLarge ? 4 : 1
    guard stagger > 1 else { return }
    var hasIncoming = Set<String>()
    var hasEdges = Set<String>()
    for edge in description.edges {
      hasIncoming.insert(edge.head)
      hasEdges.insert(edge.tail)
      hasEdges.insert(edge.head)
    }
    var sourceIndex = 0
    var firstEdgeOfTail: [String: Int] = [:]
    for index in description.edges.indices {
      let tail = description.edges[index].tail
      guard !hasIncoming.contains(tail) else { continue }
      if firstEdgeOfTail[tail] == nil {
        firstEdgeOfTail[tail] = sourceIndex
        sourceIndex += 1
      }
      let minlen = 1 + (firstEdgeOfTail[tail, default: 0] % stagger)
      if minlen > 1 { description.edges[index].attributes.append(("minlen", String(minlen))) }
    }
    // Isolated nodes: chain them invisibly in columns of `stagger`.
    let isolated = description.nodes.map(\.name).filter { !hasEdges.contains($0) }
    for (offset, name) in isolated.enumerated() where offset % stagger != 0 {
      description.edges.append(
        GraphDescription.Edge(tail: isolated[offset - 1], head: name, attributes: [("style", "invis")]))
    }
  }
}
