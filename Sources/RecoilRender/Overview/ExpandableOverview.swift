import RecoilSnapshot

/// A large graph's overview for the HTML report, where groups open in place: the drawing of the
/// whole graph with its groups closed, and for every closed group the drawing of what it holds
/// directly (its nodes, and its own groups closed), each laid out on its own.
///
/// Opening a group shows its drawing where the group was; a group inside it opens the same
/// way, one level at a time, so no drawing is larger than a page's worth: a group holding more
/// than `GraphOverview.loosest` nodes of its own holds them as runs (`Catalog.item(0) …
/// Catalog.item(332)`). Every node is drawn in exactly one drawing, the one of its innermost
/// closed group (``containerOfNode``), and every group in the one of its parent.
///
/// ```swift
/// if let overview = try ExpandableOverview.make(from: snapshot, options: options) {
///   print("\(overview.root.groups.count) groups at the top, \(overview.insides.count) in all")
/// }
/// ```
struct ExpandableOverview: Sendable {
  /// A closed group and the drawing of what it holds.
  struct Inside: Sendable {
    /// The group's place in the tree: its SVG node is `g<key>`.
    var key: Int
    /// The closed group whose drawing shows this one, or `nil` for the top drawing.
    var container: Int?
    /// How the group is named (`family Catalog.item`, `Catalog.*`).
    var title: String
    var kind: GraphOverview.Group.Kind
    /// Every node inside, nested groups' included.
    var memberCount: Int
    /// What is directly inside, drawn.
    var drawing: GraphOverview
  }

  /// The whole graph, groups closed.
  var root: GraphOverview
  /// Every closed group, by key.
  var insides: [Inside]
  /// The group in whose drawing each node is, or `nil` for the top drawing.
  var containerOfNode: [Int?]

  /// The overview of `snapshot`, or `nil` when it is drawn whole (see
  /// ``GraphOverview/make(from:options:)``, whose top drawing this one's is).
  static func make(from snapshot: Snapshot, options: RenderOptions) throws(RenderError) -> ExpandableOverview? {
    guard var tree = try GraphOverview.tree(of: snapshot, options: options) else { return nil }
    tree.cutIntoRuns()
    let edges = SnapshotEdgeIndex(snapshot)
    let root = tree.overview(edges: edges)
    guard !root.groups.isEmpty else { return nil }
    var insides: [Inside] = []
    for key in tree.groups.indices where !tree.groups[key].isOpen {
      let group = tree.groups[key]
      insides.append(
        Inside(
          key: key, container: tree.closedAncestor(of: key), title: group.title, kind: group.kind,
          memberCount: group.size, drawing: tree.overview(inside: key, edges: edges)))
    }
    return ExpandableOverview(
      root: root, insides: insides, containerOfNode: snapshot.nodes.indices.map(tree.innermostClosedGroup(of:)))
  }
}
