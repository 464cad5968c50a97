import RecoilSnapshot

/// `recoil-inspect why SNAPSHOT NODE [--at SEQ]`: the chain of causes behind a node's latest
/// change or evaluation, from the root cause (an action, a write the app made) to the node,
/// one line per hop.
struct WhyCommand: Command {
  static let name = "why"
  static let summary = "Explain why a node changed (the chain from the root cause to it), or with --not why it did not."
  static let operands = "<snapshot> <node>"
  static let discussion = """
    Finds NODE's latest write, evaluation or resolution in the snapshot's causal timeline (or
    the latest at or before timeline entry SEQ, with --at) and prints the chain of causes that
    led to it, root first: for example the action that changed a setting, the notification of
    the store's subscribers, the write one of them made to an atom, and the evaluation that
    write caused. Each hop shows its timeline number, duration and, for actions and writes,
    where the app asked for it. For a store, it is the store's latest action; for a slice,
    the latest action that changed it. The chain ends at the subscriptions the change reached
    (views, observe, scopes), each with how long its callback took when timed.

    A node that was never changed or evaluated in the timeline gets a sentence saying so. An
    unknown node is a usage error (64) that names the near matches.

    --format json prints {"node": ID, "chain": [ENTRY, ...], "reached": [{"id", "name",
    "durationNanos", "notification"}]}, root first and the node last, each entry with the
    timeline's fields (seq, kind, store, action, name, node, trigger, durationNanos, site,
    ...); an empty chain comes with a "message".

    --not explains why NODE did not change or re-evaluate after timeline entry SEQ (--after,
    SEQ itself not counted; by default the latest action, else the latest write, else the
    latest entry), naming the entries that prove it: nothing read it since a
    dependency changed (a selector with no subscriber is evaluated only when read); none of
    the dependencies of its last evaluation changed (each with its last change); upstream, an
    evaluation gave the value it already had and the change stopped there; it is stubbed, in
    error or loading; for a store selector, the store's actions changed no path it reads; for
    a slice, nothing at its path; for an atom, nothing wrote it. --format json prints
    {"node", "after", "changed", "changedAt", "reasons": [{"reason", "entry", "node",
    "dependencies": [{"id", "lastChange", "changedAfter"}], "paths", "actions", "message"}]}.
    """
  static let options: [OptionSpec] = [
    .option("at", value: "seq", help: "Explain the latest change at or before this timeline entry."),
    .flag("not", help: "Explain why the node did not change after a step."),
    .option(
      "after", value: "seq", help: "With --not: the step, itself not counted (default: the latest action, else write)."),
    OutputFormat.option,
  ]

  var input: SnapshotInput
  var node: String
  var at: Int?
  /// `--not`: why it did not change, after `after` (``defaultStep(in:)`` when `nil`).
  var whyNot = false
  var after: Int?
  var json = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let limit = try InputLimit(arguments)
    let positional = arguments.positionals
    guard positional.count == 2 else {
      throw .invalidValue(
        option: "why", value: positional.isEmpty ? "(nothing)" : positional.joined(separator: " "),
        expected: "a snapshot and a node id")
    }
    input = SnapshotInput(path: positional[0], limit: limit)
    node = positional[1]
    if let text = arguments.value("at") {
      guard let seq = Int(text), seq > 0 else {
        throw .invalidValue(option: "--at", value: text, expected: "a timeline entry number (#74 is 74)")
      }
      at = seq
    }
    whyNot = arguments.has("not")
    if let text = arguments.value("after") {
      guard whyNot else {
        throw .invalidValue(option: "--after", value: text, expected: "--not as well (--at without it)")
      }
      guard let seq = Int(text), seq > 0 else {
        throw .invalidValue(option: "--after", value: text, expected: "a timeline entry number (#74 is 74)")
      }
      after = seq
    }
    if whyNot, let at {
      throw .invalidValue(option: "--at", value: String(at), expected: "--after with --not")
    }
    json = try OutputFormat(arguments) == .json
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try input.load(streams: streams)
    guard let subject = snapshot.nodes.first(where: { $0.id == node }) else {
      throw .usage(.unknownName(option: "<node>", kind: "node", name: node, known: snapshot.nodes.map(\.id)))
    }
    let index = TimelineIndex(snapshot)
    if whyNot {
      try explainNonChange(of: subject, in: snapshot, index: index, streams: streams)
      return
    }
    guard let latest = Self.latest(about: subject, in: index, atOrBefore: at) else {
      let when = at.map { " at or before #\($0)" } ?? ""
      let message =
        snapshot.timeline.isEmpty
        ? "The snapshot has no causal timeline (it was written before timelines were recorded), so there is no why for \(node)."
        : "\(node) was never changed or evaluated\(when) in the recorded timeline (\(index.events.count) entries)."
      if json {
        var writer = JSONWriter(compact: true)
        writer.beginObject()
        writer.write("node", node)
        writer.beginArray(key: "chain")
        writer.endArray()
        writer.write("message", message)
        writer.endObject()
        streams.output(writer.text)
      } else {
        streams.output(inert(message) + "\n")
      }
      return
    }
    let chain = index.chain(to: latest)
    let reached = Self.reached(by: latest, in: index, subscriptions: snapshot.subscriptions)
    if json {
      var writer = JSONWriter(compact: true)
      writer.beginObject()
      writer.write("node", node)
      writer.beginArray(key: "chain")
      for step in chain {
        writer.beginObject()
        writer.writeFields(of: step)
        writer.endObject()
      }
      writer.endArray()
      writer.writeObjects(key: "reached", reached) { writer, reach in
        writer.write("id", reach.subscription.id)
        writer.write("name", reach.subscription.name)
        writer.write("durationNanos", reach.durationNanos)
        writer.write("notification", reach.notification)
      }
      writer.endObject()
      streams.output(writer.text)
      return
    }
    let style = streams.outputStyle
    streams.output("why \(style.bold(node)) \(style.dim("(#\(latest.seq))")):\n")
    for (hop, step) in chain.enumerated() {
      let text = TimelineEntryText.text(step, action: index.action(for: step), style: style)
      streams.output((hop == 0 ? "  " : "  -> ") + text)
    }
    if chain.count == 1 {
      streams.output(style.dim("  (a root cause: nothing recorded led to it)") + "\n")
    }
    if let first = reached.first {
      let count = "\(reached.count) subscription\(reached.count == 1 ? "" : "s")"
      streams.output("  => reached \(count) \(style.dim("(#\(first.notification))")):\n")
      for reach in reached {
        let time = reach.durationNanos.map { "  " + DurationText.format(nanos: $0) } ?? ""
        let site =
          reach.subscription.label != nil
          ? reach.subscription.site.map { style.dim("  at ") + style.plain($0) } ?? "" : ""
        streams.output("       \(style.plain(reach.subscription.name))\(time)\(site)\n")
      }
    }
  }

  /// The subscriptions the notifications that `change` caused reached: where the chain ends.
  static func reached(
    by change: SnapshotEntry, in index: TimelineIndex, subscriptions: [SnapshotSubscription]
  ) -> [(subscription: SnapshotSubscription, durationNanos: Int?, notification: Int)] {
    let byID = Dictionary(subscriptions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return index.consequences(of: change).filter { $0.kind == .notification }.flatMap { notification in
      notification.reached.map { reach in
        (
          byID[reach.subscription] ?? SnapshotSubscription(id: reach.subscription, node: notification.node ?? "?"),
          reach.durationNanos, notification.seq
        )
      }
    }
  }

  /// `--not`: why `subject` did not change after the step.
  private func explainNonChange(
    of subject: SnapshotNode, in snapshot: Snapshot, index: TimelineIndex, streams: StandardStreams
  ) throws(CommandFailure) {
    guard let step = after ?? Self.defaultStep(in: index) else {
      // An empty timeline: nothing to start from.
      throw .usage(.invalidValue(option: "--after", value: "(none)", expected: "a snapshot with a causal timeline"))
    }
    let answer = WhyNotAnswer(
      answer: NonChange(node: subject.id, after: step, in: snapshot), index: index, kind: subject.kind)
    streams.output(json ? answer.json() : answer.text(style: streams.outputStyle))
  }

  /// The step `--not` starts from without `--after`: the latest action, else (an app of atoms
  /// and selectors only) the latest write, else the latest entry; `nil` for an empty timeline.
  static func defaultStep(in index: TimelineIndex) -> Int? {
    (index.events.last { $0.kind == .action } ?? index.events.last { $0.kind == .write } ?? index.events.last)?.seq
  }

  /// The entry that a question about `node` is about: its latest write, evaluation or
  /// resolution; for a store its latest action; for a slice the latest action that changed it.
  static func latest(about node: SnapshotNode, in index: TimelineIndex, atOrBefore seq: Int?) -> SnapshotEntry? {
    func inRange(_ event: SnapshotEntry) -> Bool { seq.map { event.seq <= $0 } ?? true }
    switch node.kind {
    case .atom, .selector:
      return index.latest(about: node.id, atOrBefore: seq)
    case .store:
      return index.events.last { $0.kind == .action && $0.store == node.id && inRange($0) }
    case .slice:
      guard let store = node.owner, let path = node.statePath else { return nil }
      return index.events.last { event in
        guard event.kind == .action, event.store == store, inRange(event), let action = index.action(for: event) else {
          return false
        }
        return action.changes.contains { $0.concerns(path: path) }
      }
    }
  }
}
