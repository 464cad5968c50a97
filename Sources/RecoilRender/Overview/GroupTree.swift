import RecoilSnapshot

/// The groups a snapshot's nodes fall in, as a tree, and which are open: what an overview
/// draws (its closed groups, each as one node) and, in the report, what each group holds.
///
/// ```swift
/// var tree = GroupTree(snapshot: snapshot, rules: [.families, .stores, .modules])
/// tree.openSmallestFirst(within: GraphOverview.budget)
/// let top = tree.overview(edges: SnapshotEdgeIndex(snapshot))
/// ```
struct GroupTree {
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

  /// The tree of `members` alone (indexes in the snapshot, ascending): the groups that hold
  /// any of them, each holding only those, closed but for those of one node, none open or
  /// banded yet. A neighbourhood's overview starts from it (see ``NeighbourhoodOverview``):
  /// the same groups as the whole graph's, found without a snapshot of the neighbourhood or
  /// its ids' namespaces read again, so that a report can make one for every hub.
  ///
  /// ```swift
  /// let whole = GroupTree(snapshot: snapshot, rules: options.collapse)
  /// var part = whole.restricted(to: [3, 4, 12])
  /// ```
  func restricted(to members: [Int]) -> GroupTree {
    var result = GroupTree(snapshot: snapshot, groupOfNode: Array(repeating: nil, count: snapshot.nodes.count))
    var placeOfGroup = Array(repeating: -1, count: groups.count)
    var chain: [Int] = []
    for node in members {
      guard let innermost = groupOfNode[node] else {
        result.topNodes.append(node)
        continue
      }
      // The groups on the way to the node not made yet, outermost last.
      chain.removeAll(keepingCapacity: true)
      var current: Int? = innermost
      while let group = current, placeOfGroup[group] < 0 {
        chain.append(group)
        current = groups[group].parent
      }
      for group in chain.reversed() {
        let parent = groups[group].parent.map { placeOfGroup[$0] }
        placeOfGroup[group] = result.groups.count
        if let parent {
          result.groups[parent].childGroups.append(result.groups.count)
        } else {
          result.topGroups.append(result.groups.count)
        }
        result.groups.append(Node(kind: groups[group].kind, name: groups[group].name, parent: parent))
      }
      let place = placeOfGroup[innermost]
      result.groups[place].nodes.append(node)
      result.groupOfNode[node] = place
      var counted: Int? = place
      while let group = counted {
        result.groups[group].size += 1
        counted = result.groups[group].parent
      }
    }
    for index in result.groups.indices where result.groups[index].size < 2 { result.groups[index].isOpen = true }
    return result
  }

  private init(snapshot: Snapshot, groupOfNode: [Int?]) {
    self.snapshot = snapshot
    self.groupOfNode = groupOfNode
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
    keep(snapshot.nodes.indices.filter { index in globs.contains { $0.matches(snapshot.nodes[index].id) } })
  }

  /// Keeps `nodes` drawn whole: opens the groups on the way to each, and never bands them.
  mutating func keep(_ nodes: [Int]) {
    for index in nodes {
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
    let loose = kept.isEmpty ? nodes : nodes.filter { !kept.contains($0) }
    guard let levels, loose.count > GraphOverview.loosest else { return nodes.map { [$0] } }
    // By level, then index, as one number each: a neighbourhood's overview sorts tens of
    // thousands of them for every hub.
    let sorted = loose.map { levels[$0] << 32 | $0 }.sorted().map { $0 & 0xFFFF_FFFF }
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
    return kept.isEmpty ? bands : bands + nodes.filter { kept.contains($0) }.map { [$0] }
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

  /// Cuts the own nodes of every closed group with more than `GraphOverview.loosest` of them
  /// into runs (closed groups of kind `.run`, in level order when levels are known, else in
  /// the snapshot's order), runs of runs while still too long, so that what any group holds
  /// directly is a page's worth: the report opens groups one level at a time.
  mutating func cutIntoRuns() {
    var index = 0
    while index < groups.count {
      defer { index += 1 }
      let nodes = groups[index].nodes
      guard !groups[index].isOpen, nodes.count > GraphOverview.loosest else { continue }
      let ordered = levels.map { levels in nodes.sorted { (levels[$0], $0) < (levels[$1], $1) } } ?? nodes.sorted()
      let pages = (ordered.count + GraphOverview.loosest - 1) / GraphOverview.loosest
      let runCount = min(pages, GraphOverview.mostBands)
      let runSize = (ordered.count + runCount - 1) / runCount
      groups[index].nodes = []
      for start in stride(from: 0, to: ordered.count, by: runSize) {
        let run = Array(ordered[start..<min(start + runSize, ordered.count)])
        let first = snapshot.nodes[run[0]].id
        let last = snapshot.nodes[run[run.count - 1]].id
        let runIndex = groups.count
        groups.append(
          Node(kind: .run, name: "\(first) … \(last)", parent: index, nodes: run, size: run.count))
        groups[index].childGroups.append(runIndex)
        for node in run { groupOfNode[node] = runIndex }
      }
    }
  }

  /// The closed group a node is drawn in when every group on its way is open as far as it can
  /// be: its innermost closed group, or `nil` at the top.
  func innermostClosedGroup(of node: Int) -> Int? {
    var current = groupOfNode[node]
    while let group = current, groups[group].isOpen { current = groups[group].parent }
    return current
  }

  /// The closed group a group is drawn inside, or `nil` at the top.
  func closedAncestor(of group: Int) -> Int? {
    var current = groups[group].parent
    while let ancestor = current, groups[ancestor].isOpen { current = groups[ancestor].parent }
    return current
  }

  /// The closed groups a container shows (through open groups), and every node inside it.
  private func contents(of container: Int?) -> (closed: [Int], members: [Int]) {
    var closed: [Int] = []
    var members: [Int] = []
    var pending = container.map { groups[$0].childGroups } ?? topGroups
    members += container.map { groups[$0].nodes } ?? topNodes
    while let group = pending.popLast() {
      if groups[group].isOpen {
        pending += groups[group].childGroups
        members += groups[group].nodes
      } else {
        closed.append(group)
      }
    }
    return (closed.sorted(), members)
  }

  /// Every node inside `group`, nested groups' included, in order.
  func members(of group: Int) -> [Int] {
    var members: [Int] = []
    var inside = [group]
    while let next = inside.popLast() {
      members += groups[next].nodes
      inside += groups[next].childGroups
    }
    return members.sorted()
  }

  /// The drawing of a container (`nil`: the whole graph) when it is open: the nodes it shows,
  /// the closed groups inside it with their members' totals, and the edges between them, merged
  /// where an end is a group. Edges leaving the container are not drawn.
  func overview(inside container: Int? = nil, edges: SnapshotEdgeIndex) -> GraphOverview {
    let (closed, loose) = contents(of: container)
    // Each member's representative: -1 drawn itself, else the closed group's place in
    // `result`; -2 outside the container. An array, not a dictionary: a hub's overview holds
    // tens of thousands of members, and a report makes one for every hub.
    var drawnGroupOfNode = Array(repeating: -2, count: snapshot.nodes.count)
    var inside: [Int] = loose
    var result: [GraphOverview.Group] = []
    for (drawnIndex, group) in closed.enumerated() {
      let members = self.members(of: group)
      var summary = GraphOverview.Group(
        kind: groups[group].kind, name: groups[group].name, memberIDs: members.map { snapshot.nodes[$0].id },
        key: group)
      inside += members
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
    for node in loose { drawnGroupOfNode[node] = -1 }
    func end(_ node: Int) -> GraphOverview.End? {
      guard node >= 0 else { return nil }
      let group = drawnGroupOfNode[node]
      guard group > -2 else { return nil }  // outside the container
      return group >= 0 ? .group(group) : .node(snapshot.nodes[node].id)
    }
    var merged: [GraphOverview.MergedEdge] = []
    var indexOfPair: [[GraphOverview.End]: Int] = [:]
    for edge in edges.edges(from: inside) {
      let (fromNode, toNode) = edges.ends[edge]
      guard let from = end(fromNode), let to = end(toNode) else { continue }
      if case .node = from, case .node = to { continue }  // drawn as the snapshot's own edge
      guard from != to else { continue }  // inside one group
      if let known = indexOfPair[[from, to]] {
        merged[known].count += 1
      } else {
        indexOfPair[[from, to]] = merged.count
        merged.append(GraphOverview.MergedEdge(from: from, to: to, count: 1))
      }
    }
    let shownNodes = loose.sorted()
    let (shown, shownEdges) = edges.part(of: snapshot, nodes: shownNodes)
    return GraphOverview(
      shown: shown, shownNodeIndices: shownNodes, shownEdgeIndices: shownEdges, groups: result,
      mergedEdges: merged, totalNodeCount: snapshot.nodes.count)
  }
}
