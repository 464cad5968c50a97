import RecoilSnapshot

/// `recoil-inspect trace SNAPSHOT`: prints the action trace, one action and its changes at a time.
struct TraceCommand: Command {
  static let name = "trace"
  static let summary = "Print the action trace of a snapshot: which action changed what."
  static let usage =
    "recoil-inspect trace <snapshot> [--store <id>] [--node <glob>] [--kind <kinds>] [--grep <text>] [--path <path>]"
  static let discussion = """
    Prints each recorded action with its sequence number, store, reducer time and the state
    paths it changed (before -> after). The filters combine: --store keeps one store's
    actions; --node keeps actions that went to a matching store or changed a matching slice
    (app.user for a change of user.name in store app); --kind keeps the kinds named (a trace
    holds actions); --grep keeps actions whose name, payload, paths or values contain the text,
    ignoring case; --path keeps actions that changed PATH, one of its ancestors (replacing all
    of lines[1] changes lines[1].quantity) or a descendant. An unknown store, node or kind is a
    usage error that lists the near matches.
    """
  static let options: [OptionSpec] = EventFilter.options + [OutputFormat.option]

  var input: String
  var filter: EventFilter
  var json = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let input = try arguments.onlyPositional("<snapshot>")
    self.input = input
    filter = try EventFilter(arguments)
    json = try OutputFormat(arguments) == .json
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try SnapshotInput.load(input, streams: streams)
    // A --node without wildcards names one node: it must exist.
    if let id = filter.node?.literalText, !snapshot.nodes.contains(where: { $0.id == id }) {
      throw .usage(.unknownName(option: "--node", kind: "node", name: id, known: snapshot.nodes.map(\.id)))
    }
    if let store = filter.store {
      var stores: [String] = []
      for action in snapshot.actions where !stores.contains(action.store) { stores.append(action.store) }
      for node in snapshot.nodes where node.kind == .store && !stores.contains(node.id) { stores.append(node.id) }
      guard stores.contains(store) else {
        throw .usage(.unknownName(option: "--store", kind: "store", name: store, known: stores))
      }
    }
    let style = streams.outputStyle
    var shown = 0
    for action in snapshot.actions {
      guard filter.accepts(.action(action)) else { continue }
      shown += 1
      if json {
        // JSON Lines: one action per line, with the snapshot's action fields.
        var writer = JSONWriter(compact: true)
        writer.beginObject()
        writer.writeFields(of: action)
        writer.endObject()
        streams.output(writer.text)
        continue
      }
      var line = style.dim("#\(action.seq)") + " " + style.cyan(action.store) + " " + style.bold(action.name)
      if let payload = action.payload { line += " " + inert(payload) }
      if let duration = action.durationNanos { line += style.dim("  (\(DurationText.format(nanos: duration)))") }
      streams.output(line + "\n")
      for change in action.changes {
        let before = change.before ?? "∅"
        let after = change.after ?? "∅"
        streams.output("    \(inert(change.path)): \(style.red(before)) -> \(style.green(after))\n")
      }
      if action.changes.isEmpty { streams.output(style.dim("    (no state change)") + "\n") }
    }
    if json { return }
    if snapshot.actions.isEmpty {
      streams.output(style.dim("no actions recorded") + "\n")
    } else if shown == 0 {
      streams.output(
        style.dim("no actions matched \(inert(filter.description)) (of \(snapshot.actions.count) recorded)") + "\n")
    }
  }
}
