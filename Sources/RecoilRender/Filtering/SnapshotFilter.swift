import RecoilSnapshot

/// Keeps the part of a snapshot the user asked to see: drops excluded nodes, then keeps the
/// focus node and everything within `depth` hops up- and downstream of it.
struct SnapshotFilter {
  var focus: String?
  var depth: Int
  var excludes: [Glob]

  init(options: RenderOptions) throws(RenderError) {
    focus = options.focus
    depth = max(options.depth, 0)
    var globs: [Glob] = []
    for pattern in options.excludes {
      do {
        globs.append(try Glob(pattern))
      } catch {
        throw .invalidPattern(error.pattern, reason: error.reason)
      }
    }
    excludes = globs
  }

  func apply(to snapshot: Snapshot) throws(RenderError) -> Snapshot {
    var kept = Set(snapshot.nodes.lazy.map(\.id).filter { id in !excludes.contains { $0.matches(id) } })
    if let focus {
      guard snapshot.nodes.contains(where: { $0.id == focus }) else { throw .unknownFocus(focus) }
      guard kept.contains(focus) else { return Self.restrict(snapshot, to: []) }
      kept = neighbourhood(of: focus, in: snapshot, within: kept)
    }
    return Self.restrict(snapshot, to: kept)
  }

  /// Nodes reachable from `focus` by following edges forwards or backwards (separately, not
  /// mixing directions) for at most `depth` hops, through kept nodes only. A store is kept when
  /// any of its slices or selectors is, so the cluster can be drawn.
  private func neighbourhood(of focus: String, in snapshot: Snapshot, within allowed: Set<String>) -> Set<String> {
    var downstream: [String: [String]] = [:]
    var upstream: [String: [String]] = [:]
    for edge in snapshot.edges where allowed.contains(edge.from) && allowed.contains(edge.to) {
      downstream[edge.from, default: []].append(edge.to)
      upstream[edge.to, default: []].append(edge.from)
    }
    var result: Set<String> = [focus]
    for adjacency in [downstream, upstream] {
      var frontier = [focus]
      var seen: Set<String> = [focus]
      for _ in 0..<depth {
        var next: [String] = []
        for id in frontier {
          for neighbour in adjacency[id, default: []] where seen.insert(neighbour).inserted {
            next.append(neighbour)
          }
        }
        result.formUnion(next)
        frontier = next
      }
    }
    for node in snapshot.nodes where result.contains(node.id) {
      if let owner = node.owner, allowed.contains(owner) { result.insert(owner) }
    }
    return result
  }

  static func restrict(_ snapshot: Snapshot, to kept: Set<String>) -> Snapshot {
    var result = snapshot
    result.nodes = snapshot.nodes.filter { kept.contains($0.id) }
    result.edges = snapshot.edges.filter { kept.contains($0.from) && kept.contains($0.to) }
    for index in result.nodes.indices where result.nodes[index].owner.map({ !kept.contains($0) }) ?? false {
      result.nodes[index].owner = nil
    }
    return result
  }
}
