extension GraphDescription {
  /// The same graph with node names and edge ids replaced: a node's name (and its SVG id, which
  /// is the name) by `node`, an edge's SVG id by `edge`; names either returns `nil` for stay.
  ///
  /// The report draws a large graph in parts, each laid out on its own, yet finds every node as
  /// `n<index in the snapshot>` and every group as `g<key>` in whichever part shows it.
  ///
  /// ```swift
  /// let named = description.renamed(node: { $0 == "n0" ? "n42" : nil }, edge: { _ in nil })
  /// ```
  func renamed(node: (String) -> String?, edge: (String) -> String?) -> GraphDescription {
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
