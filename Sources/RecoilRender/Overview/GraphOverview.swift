import RecoilSnapshot

/// What a large graph's overview draws: the nodes still drawn whole, each collapsed group as
/// one node (with its member count and its members' errors, loading and time), and the edges
/// between collapsed groups merged, with their count.
///
/// Groups nest: a store holds its slices, selectors and families; a module (`Catalog.*`)
/// holds its sub-modules (`Catalog.Items.*`), families and nodes. The overview starts with
/// every group closed and opens the smallest first while the drawing stays within ``budget``
/// items; `--expand` opens the groups on the way to what it matches. Loose nodes that are
/// still too many are banded by dependency level.
///
/// ```swift
/// if let overview = try GraphOverview.make(from: snapshot, options: options) {
///   print("\(overview.groups.count) groups stand for \(overview.collapsedNodeCount) nodes")
/// }
/// ```
struct GraphOverview: Sendable {
  /// A collapsed group, drawn as one node.
  struct Group: Sendable, Equatable {
    enum Kind: String, Sendable {
      case family, store, module, levels
      /// A run of a container's nodes, cut so that opening a large group shows a page's worth:
      /// only in the report, where groups open one level at a time.
      case run
    }
    var kind: Kind
    /// The family's or store's id, the module's namespace, or the band's levels after the
    /// group it is in (`levels 12–15`, `Cart.* levels 12–15`).
    var name: String
    /// Every node inside, nested groups' included.
    var memberIDs: [String]
    /// The group's place in its ``GroupTree``: the same group in every drawing of the graph.
    var key = 0
    var failedCount = 0
    var loadingCount = 0
    var evaluationCount = 0
    var estimatedNanos = 0
    var isSampled = false

    /// Failed when any member failed, else loading when any is.
    var status: SnapshotNodeStatus? {
      failedCount > 0 ? .error : loadingCount > 0 ? .loading : nil
    }

    /// How the group is named in a picture and in search: `family Catalog.item`,
    /// `Catalog.*`, `store app`, `levels 12–15`.
    var title: String {
      switch kind {
      case .family: "family \(name)"
      case .store: "store \(name)"
      case .module: "\(name).*"
      case .levels, .run: name
      }
    }
  }

  /// One end of a merged edge.
  enum End: Hashable, Sendable {
    case node(String)
    case group(Int)
  }

  /// Edges between the same two drawn ends, at least one a group.
  struct MergedEdge: Sendable, Equatable {
    var from: End
    var to: End
    var count: Int
  }

  /// How many items (nodes and groups) the overview opens groups up to.
  static let budget = 48
  /// A container with more loose nodes than this bands them by level.
  static let loosest = 60
  /// The most level bands the top of the graph is cut into (a group's own nodes make one).
  static let mostBands = 30

  /// The nodes drawn whole and the edges between them.
  var shown: Snapshot
  /// Where each of `shown`'s nodes is in the snapshot.
  var shownNodeIndices: [Int]
  /// Where each of `shown`'s edges is in the snapshot.
  var shownEdgeIndices: [Int]
  /// The collapsed groups, drawn as one node each.
  var groups: [Group]
  /// Edges with at least one collapsed end, merged.
  var mergedEdges: [MergedEdge]
  /// How many nodes the snapshot had.
  var totalNodeCount: Int

  /// How many of the snapshot's nodes are inside collapsed groups.
  var collapsedNodeCount: Int { groups.reduce(0) { $0 + $1.memberIDs.count } }

  /// The overview of `snapshot`, or `nil` when it is drawn whole: at most
  /// `options.overviewThreshold` nodes, `--full`, or no collapse rule.
  ///
  /// - Throws: ``RenderError/invalidExpandPattern(_:reason:)`` for a bad `--expand` pattern, and
  ///   ``RenderError/expandMatchesNothing(_:)`` for one that matches no node or group.
  static func make(from snapshot: Snapshot, options: RenderOptions) throws(RenderError) -> GraphOverview? {
    guard let tree = try tree(of: snapshot, options: options) else { return nil }
    let overview = tree.overview(edges: SnapshotEdgeIndex(snapshot))
    // Nothing collapsed (every group too small to close): the picture is the whole graph.
    return overview.groups.isEmpty ? nil : overview
  }

  /// The groups of `snapshot` with those the overview opens marked open, or `nil` when it is
  /// drawn whole (see ``make(from:options:)``, which draws the tree's closed groups); the
  /// nodes `keeping` lists (by index) are drawn whole, as an `--expand` of each would.
  static func tree(of snapshot: Snapshot, options: RenderOptions, keeping: [Int] = []) throws(RenderError)
    -> GroupTree?
  {
    var globs: [(pattern: String, glob: Glob)] = []
    for pattern in options.expands {
      do {
        globs.append((pattern, try Glob(pattern)))
      } catch {
        throw .invalidExpandPattern(error.pattern, reason: error.reason)
      }
    }
    var tree = GroupTree(snapshot: snapshot, rules: options.full ? [] : options.collapse)
    // Every --expand must name something, whether or not the graph is large enough to collapse.
    for (pattern, glob) in globs {
      let matchesNode = snapshot.nodes.contains { glob.matches($0.id) }
      let matchesGroup = tree.groups.contains { $0.isNamed(by: glob) }
      if !matchesNode && !matchesGroup { throw .expandMatchesNothing(pattern) }
    }
    guard !options.full, !options.collapse.isEmpty, snapshot.nodes.count > options.overviewThreshold else {
      return nil
    }
    tree.open(matching: globs.map(\.glob))
    tree.keep(keeping)
    if options.collapse.contains(.levels) { tree.levels = DependencyLevels(snapshot).level }
    tree.openSmallestFirst(within: budget)
    tree.bandLooseNodes()
    return tree
  }

  /// `Catalog.Items.count` -> `Catalog`, `Catalog.Items`: the text before each dot outside
  /// brackets (a parameter such as `price(1.5)` is not a namespace), the first character aside.
  static func namespaces(of id: String) -> [String] {
    var result: [String] = []
    var depth = 0
    for index in id.indices {
      switch id[index] {
      case "(", "[", "{", "<": depth += 1
      case ")", "]", "}", ">": depth = max(depth - 1, 0)
      case "." where depth == 0 && index != id.startIndex: result.append(String(id[..<index]))
      default: break
      }
    }
    return result
  }
}
