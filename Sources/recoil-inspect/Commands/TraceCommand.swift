import RecoilSnapshot

/// `recoil-inspect trace SNAPSHOT`: tells what happened. With a causal timeline, each root
/// cause (an action, a write the app made) comes with what it caused indented beneath it:
/// notifications, writes, evaluations, effects. Filters turn it into a history: each matching
/// entry with its root cause. A snapshot without a timeline prints its action recording.
struct TraceCommand: Command {
  static let name = "trace"
  static let summary = "Tell what happened: actions and writes, with what each caused."
  static let operands = "<snapshot>"
  static let discussion = """
    Prints the snapshot's causal timeline as a story: each root cause (an action, with the
    state paths it changed, or a write the app made) with its timeline number (#74), and
    indented beneath it what it caused: notifications, atom writes (before -> after),
    evaluations with their durations, effects and async resolutions. Actions and writes show
    where the app asked for them (at File.swift:12).

    With filters, prints each matching entry in order, followed by its root cause: the whole
    history ("blame") of a node with --node. The filters combine: --store keeps one store's
    entries; --node keeps entries about a matching node (for actions, the store and the
    slices they changed: app.user for a change of user.name in store app); --kind keeps the
    kinds named (action, write, evaluation, notification, effect, resolution); --grep keeps
    entries whose text contains TEXT, ignoring case; --path keeps actions that changed PATH,
    an ancestor of it (replacing all of lines[1] changes lines[1].quantity) or a descendant.
    An unknown store, node or kind is a usage error that lists the near matches.

    A snapshot without a timeline (written before it existed) prints its actions only.
    --format json prints JSON Lines: one object per entry, with the timeline's fields, an
    action's payload and changes, "depth" in the story and "root" in a history.
    """
  static let options: [OptionSpec] = EventFilter.options + [OutputFormat.option]
  /// The deepest entry indented by its depth in the story; deeper ones say their depth.
  static let deepestIndentedDepth = 24

  var input: SnapshotInput
  var filter: EventFilter
  var json = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    input = try SnapshotInput(arguments)
    filter = try EventFilter(arguments)
    json = try OutputFormat(arguments) == .json
  }

  /// The names of the snapshot's subscriptions by id, for the notifications that name them.
  var subscriptionNames: [String: String] = [:]

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try input.load(streams: streams)
    // Slices registered under another name than their path are found by path.
    var command = self
    command.filter.learnSlices(of: snapshot.nodes)
    command.subscriptionNames = Dictionary(
      snapshot.subscriptions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    try command.trace(snapshot, streams: streams)
  }

  private func trace(_ snapshot: Snapshot, streams: StandardStreams) throws(CommandFailure) {
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
    if snapshot.timeline.isEmpty {
      printActions(of: snapshot, streams: streams)
    } else if filter.isEmpty {
      printStory(of: TimelineIndex(snapshot), streams: streams)
    } else {
      printHistory(of: TimelineIndex(snapshot), streams: streams)
    }
  }

  /// Every root cause with what it caused beneath it, depth first in order.
  private func printStory(of index: TimelineIndex, streams: StandardStreams) {
    var stack: [(event: SnapshotEntry, depth: Int)] = index.roots.reversed().map { ($0, 0) }
    var visited: Set<Int> = []
    while let (event, depth) = stack.popLast() {
      guard visited.insert(event.seq).inserted else { continue }
      print(event, index: index, depth: depth, root: nil, streams: streams)
      for consequence in index.consequences(of: event).reversed() { stack.append((consequence, depth + 1)) }
    }
  }

  /// Each matching entry, in order, with its root cause.
  private func printHistory(of index: TimelineIndex, streams: StandardStreams) {
    let style = streams.outputStyle
    var shown = 0
    for event in index.events where filter.accepts(event, action: index.action(for: event)) {
      shown += 1
      let root = index.root(of: event)
      print(event, index: index, depth: 0, root: root.seq == event.seq ? nil : root, streams: streams)
    }
    if shown == 0 && !json {
      streams.output(
        style.dim("nothing matched \(inert(shortened(filter.description))) (of \(index.events.count) timeline entries)")
          + "\n")
    }
  }

  private func print(
    _ event: SnapshotEntry, index: TimelineIndex, depth: Int, root: SnapshotEntry?, streams: StandardStreams
  ) {
    let action = index.action(for: event)
    if json {
      var writer = JSONWriter(compact: true)
      writer.beginObject()
      writer.writeFields(of: event)
      if let action {
        writer.write("payload", action.payload)
        writer.writeChanges(action.changes)
      }
      if root == nil { writer.write("depth", depth) } else { writer.write("root", root?.seq) }
      writer.endObject()
      streams.output(writer.text)
      return
    }
    let style = streams.outputStyle
    // Past a depth the indentation stops growing and the depth is written out: a chain of
    // 100,000 causes would otherwise print gigabytes of spaces.
    let indent = min(depth, Self.deepestIndentedDepth) * 2
    var text = TimelineEntryText.text(
      event, action: action, style: style, indent: indent, subscriptionNames: subscriptionNames)
    if depth > Self.deepestIndentedDepth {
      text = String(repeating: " ", count: indent) + style.dim("[depth \(depth)] ") + text.dropFirst(indent)
    }
    streams.output(text)
    if let action { streams.output(TimelineEntryText.changes(of: action, style: style, indent: indent + 4)) }
    if let root {
      streams.output(
        style.dim("    <- because of ")
          + TimelineEntryText.text(root, action: index.action(for: root), style: style).dropFirst(0))
    }
  }

  /// The action recording alone, for snapshots without a timeline.
  private func printActions(of snapshot: Snapshot, streams: StandardStreams) {
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
      streams.output(TimelineEntryText.changes(of: action, style: style, indent: 4))
    }
    if json { return }
    if snapshot.actions.isEmpty {
      streams.output(style.dim("no actions recorded") + "\n")
    } else if shown == 0 {
      streams.output(
        style.dim("no actions matched \(inert(shortened(filter.description))) (of \(snapshot.actions.count) recorded)")
          + "\n")
    }
  }
}
