/// A graph ready for Graphviz, described in Swift: names, attributes and clusters.
///
/// The renderer first turns a snapshot into this plain description (easy to test), and only
/// then hands it to ``Graphviz``, the one file that talks to the C libraries.
struct GraphDescription: Sendable {
  struct Node: Sendable {
    /// A synthetic name (`n12`): snapshot ids may hold any text, so they never become
    /// Graphviz names, which leak into SVG titles and DOT identifiers.
    var name: String
    var attributes: [(String, String)]
    /// The text of an HTML-like label, already escaped; empty for a stand-in whose size and
    /// label its attributes give (a neighbourhood's node, see `NeighbourhoodPlans`).
    var htmlLabel: String
  }

  struct Edge: Sendable {
    var tail: String
    var head: String
    var attributes: [(String, String)]
  }

  /// A `cluster_…` subgraph; nodes are listed by name.
  struct Cluster: Sendable {
    var name: String
    var attributes: [(String, String)]
    var htmlLabel: String
    var nodeNames: [String]
    var clusters: [Cluster]
    /// Nodes created inside this cluster only (the legend's samples).
    var ownNodes: [Node] = []
  }

  /// Graphviz's layout engine: `dot` (ranked, the default) or `sfdp` for graphs dot cannot
  /// lay out (see ``LayoutLimits``).
  var engine = "dot"
  /// When set, a layout whose one side is more than this many times the other is laid out
  /// again with Graphviz's `ratio`, which spreads the short side until the picture is this
  /// shape (nodes and labels keep their size). An overview sets it: it must fit a page.
  var maximumAspect: Double?
  var graphAttributes: [(String, String)] = []
  var nodeDefaults: [(String, String)] = []
  var edgeDefaults: [(String, String)] = []
  var nodes: [Node] = []
  var edges: [Edge] = []
  var clusters: [Cluster] = []

  /// The names of the attributes any node sets, the clusters' own nodes (the legend's samples)
  /// included: those Graphviz must know a neutral default of.
  var nodeAttributeNames: Set<String> {
    var names = Set(nodes.lazy.flatMap { $0.attributes.lazy.map(\.0) })
    var pending = clusters
    while let cluster = pending.popLast() {
      for node in cluster.ownNodes { names.formUnion(node.attributes.lazy.map(\.0)) }
      pending += cluster.clusters
    }
    return names
  }
}
