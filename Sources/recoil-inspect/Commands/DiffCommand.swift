import RecoilSnapshot

/// `recoil-inspect diff OLD NEW`: how the state graph changed between two snapshots.
struct DiffCommand: Command {
  static let name = "diff"
  static let summary = "Compare the graphs of two snapshots: nodes and edges added or removed."
  static let usage = "recoil-inspect diff <old> <new> [--exit-code]"
  static let discussion = """
    Compares the structure of two snapshots (node ids, kinds, value types, owners, families and
    edges; values and timings are ignored) and lists what was added, removed or changed, so a
    pull request's effect on the state graph can be reviewed. With --exit-code, exits 1 when
    the graphs differ and 0 when they are the same.
    """
  static let options: [OptionSpec] = [
    .flag("exit-code", help: "Exit 1 when the graphs differ.")
  ]

  var old: String
  var new: String
  var exitCode: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count >= 2 else {
      throw .missingArgument(arguments.positionals.isEmpty ? "<old>" : "<new>")
    }
    if arguments.positionals.count > 2 { throw .unexpectedArgument(arguments.positionals[2]) }
    old = arguments.positionals[0]
    new = arguments.positionals[1]
    exitCode = arguments.has("exit-code")
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let before = try SnapshotInput.load(old, streams: streams)
    let after = try SnapshotInput.load(new, streams: streams)
    let difference = GraphDifference(from: before, to: after)
    let style = streams.outputStyle
    if difference.isEmpty {
      streams.output("no structural changes (\(after.nodes.count) nodes, \(after.edges.count) edges)\n")
      return
    }
    for node in difference.addedNodes {
      streams.output(style.green("+ node \(node.id) (\(node.kind.rawValue))") + "\n")
    }
    for node in difference.removedNodes {
      streams.output(style.red("- node \(node.id) (\(node.kind.rawValue))") + "\n")
    }
    for change in difference.changedNodes {
      streams.output(style.yellow("~ node \(change.id): \(change.description)") + "\n")
    }
    for edge in difference.addedEdges { streams.output(style.green("+ edge \(edge.from) -> \(edge.to)") + "\n") }
    for edge in difference.removedEdges { streams.output(style.red("- edge \(edge.from) -> \(edge.to)") + "\n") }
    streams.output(
      "\(difference.addedNodes.count) node(s) added, \(difference.removedNodes.count) removed, "
        + "\(difference.changedNodes.count) changed; \(difference.addedEdges.count) edge(s) added, "
        + "\(difference.removedEdges.count) removed\n")
    if exitCode { throw .findingsReported }
  }
}

/// The structural difference between two snapshots' graphs.
struct GraphDifference {
  struct NodeChange {
    var id: String
    var description: String
  }

  var addedNodes: [SnapshotNode] = []
  var removedNodes: [SnapshotNode] = []
  var changedNodes: [NodeChange] = []
  var addedEdges: [SnapshotEdge] = []
  var removedEdges: [SnapshotEdge] = []

  var isEmpty: Bool {
    addedNodes.isEmpty && removedNodes.isEmpty && changedNodes.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
  }

  init(from before: Snapshot, to after: Snapshot) {
    let old = Dictionary(before.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(after.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    addedNodes = after.nodes.filter { old[$0.id] == nil }
    removedNodes = before.nodes.filter { new[$0.id] == nil }
    for node in after.nodes {
      guard let previous = old[node.id] else { continue }
      var parts: [String] = []
      func compare(_ name: String, _ a: String?, _ b: String?) {
        if a != b { parts.append("\(name) \(a ?? "none") -> \(b ?? "none")") }
      }
      compare("kind", previous.kind.rawValue, node.kind.rawValue)
      compare("type", previous.valueType, node.valueType)
      compare("owner", previous.owner, node.owner)
      compare("family", previous.family, node.family)
      if previous.isAsync != node.isAsync { parts.append(node.isAsync ? "became async" : "no longer async") }
      if !parts.isEmpty { changedNodes.append(NodeChange(id: node.id, description: parts.joined(separator: ", "))) }
    }
    let oldEdges = Set(before.edges)
    let newEdges = Set(after.edges)
    addedEdges = after.edges.filter { !oldEdges.contains($0) }
    removedEdges = before.edges.filter { !newEdges.contains($0) }
  }
}
