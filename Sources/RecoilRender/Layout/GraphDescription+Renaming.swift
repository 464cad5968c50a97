extension GraphDescription {
  /// The same graph drawn as part of a larger one: node `n<i>` becomes `n<nodes[i]>`, group
  /// `g<i>` becomes `<groupPrefix><groups[i]>`, edge `e<i>` becomes `e<edges[i]>`, and merged
  /// edge `m<i>` becomes `m<merged>-<i>` (SVG ids follow the names). A drawing whose groups
  /// are not the page's (a neighbourhood's own overview) names them with another prefix.
  ///
  /// The report draws a large graph in parts, each laid out on its own, yet finds every node as
  /// `n<index in the snapshot>`, every edge as `e<index>` and every group as `g<key>` in
  /// whichever part shows it.
  ///
  /// ```swift
  /// let placed = description.renumbered(nodes: [42, 7], edges: [3])  // n0 -> n42, n1 -> n7, e0 -> e3
  /// ```
  func renumbered(
    nodes: [Int], edges: [Int], groups: [Int] = [], groupPrefix: String = "g", merged: String = "top"
  ) -> GraphDescription {
    func number(_ name: String, prefix: Character) -> Int? {
      guard name.first == prefix, let index = Int(name.dropFirst()), index >= 0 else { return nil }
      return index
    }
    return renamed(
      node: { name in
        if let index = number(name, prefix: "n"), index < nodes.count { return "n\(nodes[index])" }
        if let index = number(name, prefix: "g"), index < groups.count { return "\(groupPrefix)\(groups[index])" }
        return nil
      },
      edge: { id in
        if let index = number(id, prefix: "e"), index < edges.count { return "e\(edges[index])" }
        if let index = number(id, prefix: "m") { return "m\(merged)-\(index)" }
        return nil
      })
  }

  /// The same graph with node names and edge ids replaced: a node's name (and its SVG id, which
  /// is the name) by `node`, an edge's SVG id by `edge`; either returns `nil` for stay.
  private func renamed(node: (String) -> String?, edge: (String) -> String?) -> GraphDescription {
    var result = self
    func name(_ old: String) -> String { node(old) ?? old }
    func renameID(_ attributes: inout [(String, String)], _ rename: (String) -> String?) {
      guard let index = attributes.firstIndex(where: { $0.0 == "id" }), let new = rename(attributes[index].1) else {
        return
      }
      attributes[index].1 = new
    }
    for index in result.nodes.indices {
      result.nodes[index].name = name(result.nodes[index].name)
      renameID(&result.nodes[index].attributes, node)
    }
    for index in result.edges.indices {
      result.edges[index].tail = name(result.edges[index].tail)
      result.edges[index].head = name(result.edges[index].head)
      renameID(&result.edges[index].attributes, edge)
    }
    func renameMembers(of cluster: inout Cluster) {
      cluster.nodeNames = cluster.nodeNames.map(name)
      for index in cluster.clusters.indices { renameMembers(of: &cluster.clusters[index]) }
    }
    for index in result.clusters.indices { renameMembers(of: &result.clusters[index]) }
    return result
  }
}
