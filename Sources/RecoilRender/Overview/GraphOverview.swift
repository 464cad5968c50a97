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
    }
    var kind: Kind
    /// The family's or store's id, the module's namespace, or the band's levels after the
    /// group it is in (`levels 12–15`, `Cart.* levels 12–15`).
    var name: String
    /// Every node inside, nested groups' included.
    var memberIDs: [String]
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
      case .levels: name
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
  static let budget = 80
  /// A container with more loose nodes than this bands them by level.
  static let loosest = 60
  /// The most level bands the top of the graph is cut into (a group's own nodes make one).
  static let mostBands = 30

  /// The nodes drawn whole and the edges between them.
  var shown: Snapshot
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
    if options.collapse.contains(.levels) { tree.levels = DependencyLevels(snapshot).level }
    tree.openSmallestFirst(within: budget)
    tree.bandLooseNodes()
    let overview = tree.overview()
    // Nothing collapsed (every group too small to close): the picture is the whole graph.
    return overview.groups.isEmpty ? nil : overview
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

/// The groups a snapshot's nodes fall in, as a tree, and which are open.
private struct GroupTree {
  struct Node {
    var kind: GraphOverview.Group.Kind
    var name: String
    var parent: Int?
    var childGroups: [Int] = []
    /// Node indices directly inside.
    var nodes: [Int] = []
    /// Every node inside, nested included.
    var size = 0
    var isOpen = false

    /// The name a drawn group has (see ``GraphOverview/Group/title``).
    var title: String { GraphOverview.Group(kind: kind, name: name, memberIDs: []).title }

    /// Whether an `--expand` pattern names this group, by its name or its title.
    func isNamed(by glob: Glob) -> Bool { glob.matches(name) || glob.matches(title) }
  }

  struct Key: Hashable {
    var kind: GraphOverview.Group.Kind
    var name: String
  }

  let snapshot: Snapshot
  var groups: [Node] = []
  var topGroups: [Int] = []
  var topNodes: [Int] = []
  /// The innermost group of each node, or `nil`.
  var groupOfNode: [Int?]
  /// Each node's dependency level, when loose nodes are banded by level.
  var levels: [Int]?
  /// The nodes an `--expand` pattern matched, and the own nodes of the groups it named: drawn
  /// whole, never banded.
  var kept: Set<Int> = []

  init(snapshot: Snapshot, rules: Set<CollapseRule>) {
    self.snapshot = snapshot
    groupOfNode = Array(repeating: nil, count: snapshot.nodes.count)
    var indexOfKey: [Key: Int] = [:]
    let storeIDs = Set(snapshot.nodes.lazy.filter { $0.kind == .store }.map(\.id))
    for (index, node) in snapshot.nodes.enumerated() {
      var path: [Key] = []
      let store = node.kind == .store ? node.id : node.owner.flatMap { storeIDs.contains($0) ? $0 : nil }
      if let store, rules.contains(.stores) {
        path.append(Key(kind: .store, name: store))
      } else if rules.contains(.modules) {
        path += GraphOverview.namespaces(of: node.family ?? node.id).map { Key(kind: .module, name: $0) }
      }
      if let family = node.family, rules.contains(.families) { path.append(Key(kind: .family, name: family)) }
      var parent: Int?
      for key in path {
        let group: Int
        if let known = indexOfKey[key] {
          group = known
        } else {
          group = groups.count
          indexOfKey[key] = group
          groups.append(Node(kind: key.kind, name: key.name, parent: parent))
          if let parent { groups[parent].childGroups.append(group) } else { topGroups.append(group) }
        }
        groups[group].size += 1
        parent = group
      }
      groupOfNode[index] = parent
      if let parent { groups[parent].nodes.append(index) } else { topNodes.append(index) }
    }
    // A group of one node says nothing: it stays open.
    for index in groups.indices where groups[index].size < 2 { groups[index].isOpen = true }
  }

  /// Opens every group an `--expand` pattern names, and those on the way to each node it
  /// matches; the nodes it matches and the own nodes of the groups it names are drawn whole,
  /// never banded.
  mutating func open(matching globs: [Glob]) {
    guard !globs.isEmpty else { return }
    for index in groups.indices where globs.contains(where: groups[index].isNamed(by:)) {
      openWithAncestors(index)
      kept.formUnion(groups[index].nodes)
    }
    for (index, node) in snapshot.nodes.enumerated() where globs.contains(where: { $0.matches(node.id) }) {
      kept.insert(index)
      if let group = groupOfNode[index] { openWithAncestors(group) }
    }
  }

  private mutating func openWithAncestors(_ index: Int) {
    var current: Int? = index
    while let group = current {
      groups[group].isOpen = true
      current = groups[group].parent
    }
  }

  /// How many items an open container shows: its loose nodes (as bands, see ``bands(of:)``),
  /// and each child group as one item when closed or its own items when open.
  private func shownCount(ofGroups childGroups: [Int], nodes: [Int], atTop: Bool = true) -> Int {
    var count = bands(of: nodes, atTop: atTop).count
    for child in childGroups {
      count +=
        groups[child].isOpen
        ? shownCount(ofGroups: groups[child].childGroups, nodes: groups[child].nodes, atTop: false) : 1
    }
    return count
  }

  /// Opens closed groups that are shown (families aside), smallest opening first, while
  /// everything shown stays within `budget` items (loose nodes counted as the bands they will
  /// become); a group's children are candidates once it is open.
  mutating func openSmallestFirst(within budget: Int) {
    var shown = shownCount(ofGroups: topGroups, nodes: topNodes)
    // What opening each group adds does not change as others open: computed once.
    var adds: [Int: Int?] = [:]
    var changed = true
    while changed {
      changed = false
      var candidates: [(group: Int, adds: Int)] = []
      var pending = topGroups
      while let group = pending.popLast() {
        if groups[group].isOpen {
          pending += groups[group].childGroups
        } else if groups[group].kind != .family {
          // A family stays one node unless --expand opens it: its members are alike. A group
          // whose own nodes would need level bands stays closed too: bands cut across its
          // structure, and edges between the bands of many groups would be a thicket.
          let added = adds[group] ?? openingCost(of: group)
          adds[group] = added
          if let added { candidates.append((group, added)) }
        }
      }
      for candidate in candidates.sorted(by: { ($0.adds, $0.group) < ($1.adds, $1.group) }) {
        guard shown + candidate.adds <= budget else { break }
        groups[candidate.group].isOpen = true
        shown += candidate.adds
        changed = true
      }
    }
  }

  /// How many items opening `group` adds, or `nil` when opening shows nothing new: its own
  /// nodes would be one band and it holds no other group.
  private func openingCost(of group: Int) -> Int? {
    let bands = bands(of: groups[group].nodes, atTop: false)
    if groups[group].childGroups.isEmpty && bands.count == 1 && bands[0].count > 1 { return nil }
    return groups[group].childGroups.count + bands.count - 1
  }

  /// What a container's loose nodes are drawn as: each node alone, or, when levels are banded
  /// and there are more than `GraphOverview.loosest` of them, runs of consecutive levels (a
  /// band never splits a level; nodes an `--expand` matched stay alone). At the top, where
  /// there is no other structure, at most about `GraphOverview.mostBands` runs; inside a group,
  /// which has its own structure beside, one (its own nodes, apart from its nested groups).
  func bands(of nodes: [Int], atTop: Bool) -> [[Int]] {
    let loose = nodes.filter { !kept.contains($0) }
    guard let levels, loose.count > GraphOverview.loosest else { return nodes.map { [$0] } }
    let sorted = loose.sorted { (levels[$0], $0) < (levels[$1], $1) }
    let most = atTop ? GraphOverview.mostBands : 1
    let bandSize = max(2, (sorted.count + most - 1) / most)
    var bands: [[Int]] = []
    var current: [Int] = []
    for node in sorted {
      // A band ends between levels, never inside one, once it is full.
      if current.count >= bandSize, let last = current.last, levels[last] != levels[node] {
        bands.append(current)
        current = []
      }
      current.append(node)
    }
    if !current.isEmpty { bands.append(current) }
    return bands + nodes.filter { kept.contains($0) }.map { [$0] }
  }

  /// In every shown container, gathers the loose nodes into their ``bands(of:)``: each band of
  /// more than one node becomes a closed group.
  mutating func bandLooseNodes() {
    guard let levels else { return }
    var containers: [Int?] = [nil]
    var pending = topGroups
    while let group = pending.popLast() {
      guard groups[group].isOpen else { continue }
      containers.append(group)
      pending += groups[group].childGroups
    }
    for container in containers {
      let nodes = container.map { groups[$0].nodes } ?? topNodes
      var stillLoose: [Int] = []
      for band in bands(of: nodes, atTop: container == nil) {
        guard band.count > 1 else {
          stillLoose += band
          continue
        }
        let (low, high) = (levels[band[0]], levels[band[band.count - 1]])
        let index = groups.count
        groups.append(
          Node(
            kind: .levels,
            name: (container.map { groups[$0].title + " " } ?? "") + "levels "
              + (low == high ? "\(low)" : "\(low)–\(high)"),
            parent: container, nodes: band, size: band.count))
        for node in band { groupOfNode[node] = index }
        if let container { groups[container].childGroups.append(index) } else { topGroups.append(index) }
      }
      if let container { groups[container].nodes = stillLoose } else { topNodes = stillLoose }
    }
  }

  /// The drawn nodes, the closed groups with their members' totals, and the merged edges.
  func overview() -> GraphOverview {
    // Each node's representative: the outermost closed group on its way down, or itself.
    var drawnGroupOfNode = Array(repeating: -1, count: snapshot.nodes.count)
    var closed: [Int] = []
    var pending = topGroups
    while let group = pending.popLast() {
      if groups[group].isOpen {
        pending += groups[group].childGroups
      } else {
        closed.append(group)
      }
    }
    closed.sort()
    var result: [GraphOverview.Group] = []
    for (drawnIndex, group) in closed.enumerated() {
      var members: [Int] = []
      var inside = [group]
      while let next = inside.popLast() {
        members += groups[next].nodes
        inside += groups[next].childGroups
      }
      members.sort()
      var summary = GraphOverview.Group(
        kind: groups[group].kind, name: groups[group].name, memberIDs: members.map { snapshot.nodes[$0].id })
      for member in members {
        drawnGroupOfNode[member] = drawnIndex
        let node = snapshot.nodes[member]
        if node.status == .error { summary.failedCount += 1 }
        if node.status == .loading { summary.loadingCount += 1 }
        if let evaluations = node.evaluations {
          // Counts and totals near `Int.max` are valid input: sums stop there.
          summary.evaluationCount = summary.evaluationCount.addingSaturated(evaluations.count)
          summary.estimatedNanos = summary.estimatedNanos.addingSaturated(evaluations.estimatedTotalNanos)
          summary.isSampled = summary.isSampled || evaluations.isSampled
        }
      }
      result.append(summary)
    }
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }
    func end(_ id: String) -> GraphOverview.End? {
      guard let index = indexOfID[id] else { return nil }
      let group = drawnGroupOfNode[index]
      return group >= 0 ? .group(group) : .node(id)
    }
    var merged: [GraphOverview.MergedEdge] = []
    var indexOfPair: [[GraphOverview.End]: Int] = [:]
    for edge in snapshot.edges {
      guard let from = end(edge.from), let to = end(edge.to), from != to else { continue }
      if case .node = from, case .node = to { continue }  // drawn as the snapshot's own edge
      if let known = indexOfPair[[from, to]] {
        merged[known].count += 1
      } else {
        indexOfPair[[from, to]] = merged.count
        merged.append(GraphOverview.MergedEdge(from: from, to: to, count: 1))
      }
    }
    let shownIDs = Set(snapshot.nodes.indices.lazy.filter { drawnGroupOfNode[$0] < 0 }.map { snapshot.nodes[$0].id })
    return GraphOverview(
      shown: SnapshotFilter.restrict(snapshot, to: shownIDs), groups: result, mergedEdges: merged,
      totalNodeCount: snapshot.nodes.count)
  }
}
