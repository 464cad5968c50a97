import RecoilSnapshot

/// How a drawing of two snapshots' union marks what changed: each node and edge gets a class
/// (`added`, `removed`, `changed`, `slower`) that its SVG group carries, and a look.
struct DifferenceMarks: Sendable {
  enum Mark: String, Sendable {
    case added, removed, changed, slower
  }

  var nodes: [String: Mark] = [:]
  var edges: [SnapshotEdge: Mark] = [:]
  /// What changed in each marked node, for the report: old → new value and timing, and
  /// how its structure changed.
  var details: [String: Detail] = [:]

  /// What changed in one node, as the difference found it.
  struct Detail: Sendable {
    /// How its kind, type, owner or family changed, one sentence each.
    var structure: [String] = []
    /// Its value before and after, when it changed.
    var value: GraphDifference.ValueChange?
    /// Its times before and after, when it got slower.
    var timing: GraphDifference.TimingChange?
  }

  /// The union of both snapshots (the new one's nodes and edges, then the removed ones) and
  /// its marks.
  static func union(from old: Snapshot, to new: Snapshot, slower: Double) -> (Snapshot, DifferenceMarks) {
    let difference = GraphDifference(from: old, to: new, slower: slower)
    var union = new
    union.nodes += difference.removedNodes
    union.edges += difference.removedEdges
    var marks = DifferenceMarks()
    for node in difference.addedNodes { marks.nodes[node.id] = .added }
    for node in difference.removedNodes { marks.nodes[node.id] = .removed }
    for change in difference.changedNodes {
      marks.nodes[change.id] = .changed
      marks.details[change.id, default: Detail()].structure.append(change.description)
    }
    for value in difference.values {
      if marks.nodes[value.id] == nil { marks.nodes[value.id] = .changed }
      marks.details[value.id, default: Detail()].value = value
    }
    // Slower wins over a value change: it is what a reviewer of a pull request looks for.
    for timing in difference.timings {
      marks.nodes[timing.id] = .slower
      marks.details[timing.id, default: Detail()].timing = timing
    }
    for edge in difference.addedEdges { marks.edges[edge] = .added }
    for edge in difference.removedEdges { marks.edges[edge] = .removed }
    return (union, marks)
  }

  /// The attributes that draw `mark`, added after a node's own (later ones win).
  static func nodeAttributes(_ mark: Mark) -> [(String, String)] {
    switch mark {
    case .added: [("color", Palette.addedBorder), ("penwidth", "3")]
    case .removed:
      [
        ("color", Palette.removedBorder), ("penwidth", "2.5"), ("fillcolor", Palette.removedFill),
        ("fontcolor", "#868e96"),
      ]
    case .changed: [("color", Palette.changedBorder), ("penwidth", "3")]
    case .slower: [("color", Palette.heat[7]), ("penwidth", "4.5")]
    }
  }

  static func edgeAttributes(_ mark: Mark) -> [(String, String)] {
    switch mark {
    case .added: [("color", Palette.addedBorder), ("penwidth", "2")]
    case .removed: [("color", Palette.removedBorder), ("style", "dashed"), ("penwidth", "2")]
    case .changed, .slower: []
    }
  }
}
