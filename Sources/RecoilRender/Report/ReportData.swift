import RecoilSnapshot

/// The data the report's script reads, as compact JSON that is safe inside an HTML `<script>`
/// element.
///
/// Nodes keep the snapshot's order, so node `i` is drawn as the SVG group `n<i>`; edges are
/// pairs of node indexes in the snapshot's order, drawn as `e<k>`. Durations arrive already
/// formatted and heat colours already chosen, so the page repeats neither rule.
///
/// A drawing of a difference gives each node its mark as `difference` (added, removed,
/// changed or slower).
///
/// The timeline is the snapshot's causal timeline, every kind of entry in order, each with
/// its number there (`seq`, the `#74` that `trace` and `why` print), its `kind`, its `cause`,
/// and the node it concerns by index (`node`). An action entry carries its store's number
/// (`storeSeq`), payload and changes; each change names the nodes it wrote: the store, and
/// each slice whose path the change concerns (at, above or below). Actions older than the
/// timeline come first, without a number. A snapshot without a causal timeline lists its
/// actions, numbered from 1 in order. Each node's ``ValueHistory`` (`history`) is kept by the
/// same numbers, so the value as of entry `seq` is the last change numbered at or before it.
/// Past the numbers a script holds exactly (2^53), the page numbers its entries from 1 and
/// each entry says its own number and its cause's as text (`seqText`, `causeText`; see
/// ``PageNumbering``), as does a store's number past it (`storeSeq`).
///
/// For the live page, `shape` says which shape of the graph the page was laid out for, and a
/// delta (`after`: a timeline number) holds only what the page lacks: the entries after it, and
/// the nodes they touched, each with the changes of its history after it.
enum ReportData {
  static func json(
    for snapshot: Snapshot, marks: DifferenceMarks? = nil, shape: Int? = nil, after: Int? = nil,
    overview: ReportPage.Overview? = nil
  ) -> [UInt8] {
    // Numbers a script holds exactly (see PageNumbering): each entry then says its own as text.
    let numbering = PageNumbering(snapshot)
    let snapshot = numbering.renumbered(snapshot)
    var writer = JSONWriter(compact: true)
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }

    // The causal timeline, for what each action caused and the values' histories; the slices
    // of each store with their state paths.
    let causal = TimelineIndex(snapshot)
    var slicesOfStore: [String: [(index: Int, path: String)]] = [:]
    for (index, node) in snapshot.nodes.enumerated() {
      guard let owner = node.owner, let path = node.statePath else { continue }
      slicesOfStore[owner, default: []].append((index, path))
    }

    writer.beginObject()
    writer.write("shape", shape)
    let histories = ValueHistory.histories(
      of: snapshot, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore)
    if let after {
      writeDelta(
        of: snapshot, causal: causal, after: after, histories: histories, indexOfID: indexOfID,
        slicesOfStore: slicesOfStore, numbering: numbering, to: &writer)
      if let dropped = snapshot.dropped { SnapshotCodec.write(dropped, to: &writer) }
      writer.endObject()
      return ScriptEmbedding.inert(json: writer.bytes)
    }
    writeNodes(of: snapshot, marks: marks, histories: histories, to: &writer)
    writer.beginArray(key: "edges")
    for edge in snapshot.edges {
      writer.beginArray()
      writer.writeElement(indexOfID[edge.from] ?? -1)
      writer.writeElement(indexOfID[edge.to] ?? -1)
      writer.endArray()
    }
    writer.endArray()
    writeTimeline(
      of: snapshot, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore, numbering: numbering,
      to: &writer)
    writeSubscriptions(of: snapshot, indexOfID: indexOfID, to: &writer)
    if let overview { writeOverview(overview.layout, to: &writer) }
    if let dropped = snapshot.dropped { SnapshotCodec.write(dropped, to: &writer) }
    writer.endObject()
    return ScriptEmbedding.inert(json: writer.bytes)
  }

  /// A live page's delta: `latestSeq`, the entries after `after` (`timeline`), and the nodes
  /// they touched (`nodes`, each with its `index` and its history's changes after `after`).
  private static func writeDelta(
    of snapshot: Snapshot, causal: TimelineIndex, after: Int, histories: [Int: ValueHistory],
    indexOfID: [String: Int], slicesOfStore: [String: [(index: Int, path: String)]], numbering: PageNumbering,
    to writer: inout JSONWriter
  ) {
    let entries = causal.events.filter { $0.seq > after }
    writer.write("latestSeq", causal.events.last?.seq)
    var touched = Set<Int>()
    for event in entries {
      if let id = event.node, let index = indexOfID[id] { touched.insert(index) }
      if event.kind == .action, let store = event.store {
        if let index = indexOfID[store] { touched.insert(index) }
        for slice in slicesOfStore[store] ?? [] { touched.insert(slice.index) }
      }
    }
    var trimmed: [Int: ValueHistory] = [:]
    for index in touched {
      guard var history = histories[index] else { continue }
      history.changes.removeAll { $0.seq <= after }
      trimmed[index] = history
    }
    writeNodes(of: snapshot, marks: nil, histories: trimmed, only: touched.sorted(), to: &writer)
    writeTimeline(
      of: snapshot, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore, numbering: numbering,
      to: &writer, events: entries)
  }

  private static func writeNodes(
    of snapshot: Snapshot, marks: DifferenceMarks?, histories: [Int: ValueHistory], only: [Int]? = nil,
    to writer: inout JSONWriter
  ) {
    let hottest = Palette.hottestNanos(in: snapshot)
    writer.beginArray(key: "nodes")
    for index in only ?? Array(snapshot.nodes.indices) {
      let node = snapshot.nodes[index]
      writer.beginObject()
      if only != nil { writer.write("index", index) }
      writer.write("id", node.id)
      writer.write("kind", node.kind.rawValue)
      writer.write("label", node.label)
      if node.isAsync { writer.write("async", true) }
      writer.write("family", node.family)
      writer.write("parameter", node.parameter)
      writer.write("owner", node.owner)
      writer.write("valueType", node.valueType)
      writer.write("value", node.value)
      writer.write("status", node.status?.rawValue)
      writer.write("error", node.error)
      writeCount("subscribers", node.subscribers, to: &writer)
      // A store's or slice's latest value as tree rows; the page undoes later changes on it.
      if let rows = node.structure {
        writer.writeObjects(key: "structure", rows) { writer, row in
          writer.write("path", row.path)
          writer.write("type", row.type)
          writer.write("value", row.value)
          writer.write("more", row.more)
        }
      }
      // Its value at each step, where the recording says (see `ValueHistory`).
      histories[index]?.write(to: &writer)
      // In a drawing of a difference: how the node changed, and from what to what.
      writer.write("difference", marks?.nodes[node.id]?.rawValue)
      if let detail = marks?.details[node.id] { writeDifference(detail, to: &writer) }
      if let evaluations = node.evaluations {
        writer.beginObject(key: "evaluations")
        writeCount("count", evaluations.count, to: &writer)
        writeCount("timed", evaluations.timedCount ?? evaluations.count, to: &writer)
        writer.write("total", DurationText.format(nanos: evaluations.totalNanos))
        writer.write("mean", evaluations.meanNanos.map { DurationText.format(nanos: $0) })
        writer.write("max", evaluations.maxNanos.map { DurationText.format(nanos: $0) })
        writer.write("last", evaluations.lastNanos.map { DurationText.format(nanos: $0) })
        writer.endObject()
      }
      if let fill = Palette.heatFill(for: node, hottestNanos: hottest) {
        // Its heat: the colour, and the measure it stands for (total evaluation time), to rank
        // the slowest.
        let nanos = node.evaluations?.estimatedTotalNanos ?? 0
        writer.beginObject(key: "heat")
        writer.write("fill", fill)
        writer.write("text", Palette.needsLightText(on: fill) ? "#ffffff" : "#000000")
        writer.write("nanos", nanos)
        writer.write("label", "\(DurationText.format(nanos: nanos)) in all")
        writer.endObject()
      }
      writer.endObject()
    }
    writer.endArray()
  }

  /// A large graph's groups (`overview`): each closed group's `key` (its SVG node is
  /// `g<key>`), the group it is drawn in (`in`, -1 at the top), `kind`, `title` and member
  /// `count`; and the group each node is drawn in (`nodeIn`, by node index, -1 at the top).
  private static func writeOverview(_ overview: ExpandableOverview, to writer: inout JSONWriter) {
    writer.beginObject(key: "overview")
    writer.writeObjects(key: "groups", overview.insides) { writer, inside in
      writer.write("key", inside.key)
      writer.write("in", inside.container ?? -1)
      writer.write("kind", inside.kind.rawValue)
      writer.write("title", inside.title)
      writer.write("count", inside.memberCount)
    }
    writer.beginArray(key: "nodeIn")
    for container in overview.containerOfNode { writer.writeElement(container ?? -1) }
    writer.endArray()
    writer.endObject()
  }

  /// Each closed group's inside: `{"insides": [{"key": 3, "svg": "<svg …"}, …]}`.
  static func insides(_ insides: [(key: Int, svg: [UInt8])]) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.writeObjects(key: "insides", insides) { writer, inside in
      writer.write("key", inside.key)
      writer.write("svg", String(decoding: inside.svg, as: UTF8.self))
    }
    writer.endObject()
    return ScriptEmbedding.inert(json: writer.bytes)
  }

  /// The plans of the neighbourhoods focus shows (see ``NeighbourhoodPlans``), every length in
  /// tenths of a point, y downwards:
  /// `{"homes": [x, y, …], "looks": {…}, "depths": [[plan, …] or null, …], "labels": […],
  /// "overviews": […], "plans": [plan, …]}`.
  /// `homes` holds each node's centre in the drawing that holds it (null for none); `depths`
  /// each node's plan at depths 1, 2, 3 and all (-1: none; null: that depth is not laid out);
  /// a plan is `[width, height, [node, x, y, …], [edge, …]]`, an edge
  /// `[index, drives (0 or 1), tip x, tip y, x, y, …]` (the tip null without an arrowhead)
  /// whose points are cubic Bézier pieces; `looks` the edges' colours and dashes, and each kind
  /// of group's shape and colours. A hub's neighbourhood is `-2 - i` in `depths`: overview `i`,
  /// `{"plan": plan, "groups": [label, kind, status, sides, x, y, width, height, …],
  /// "merged": [[tail, head, count, sides, tip x, tip y, n, x, y, …], …]}` (see ``OverviewPlan``),
  /// each label an index into `labels`, each `[title, count, states, evaluations]`.
  ///
  /// The JSON goes to `chunk` a piece at a time, not yet inert for a script element (see
  /// ``ScriptEmbedding``): the page takes the pieces into itself, and the whole (the largest
  /// part of a large graph's page) is never held twice.
  static func writeNeighbourhoods(_ plans: NeighbourhoodPlans, to chunk: @escaping ([UInt8]) -> Void) {
    var writer = JSONWriter(compact: true, output: ByteOutput(capacity: 1 << 18, chunks: chunk))
    writer.beginObject()
    writer.beginArray(key: "homes")
    for node in 0..<plans.homes.nodeCount {
      if let home = plans.homes[node] {
        writer.writeElement(Int(NeighbourhoodPlans.Plan.tenths(home.x)))
        writer.writeElement(Int(NeighbourhoodPlans.Plan.tenths(home.y)))
      } else {
        writer.writeNullElement()
        writer.writeNullElement()
      }
    }
    writer.endArray()
    writer.beginObject(key: "looks")
    writer.write("edge", Palette.edge)
    writer.write("drives", Palette.driveEdge)
    writer.write("dash", NeighbourhoodPlans.dashedStroke)
    // How an overview plan's groups are drawn: each kind's shape, fill, border and style.
    writer.beginArray(key: "groups")
    for kind in OverviewPlan.kinds {
      let look = GraphDescription.groupLook(of: kind)
      writer.writeArray([kind.rawValue, look.shape, look.fill, look.border, look.style])
    }
    writer.endArray()
    writer.write("error", Palette.errorBorder)
    writer.write("text", GraphDescription.LabelColors.onLight.main)
    writer.write("muted", GraphDescription.LabelColors.onLight.muted)
    writer.endObject()
    writer.beginArray(key: "depths")
    for column in plans.planOfNode {
      if let column { writer.writeArray(column) } else { writer.writeNullElement() }
    }
    writer.endArray()
    writer.beginArray(key: "labels")
    for label in plans.labels { writer.writeArray(label) }
    writer.endArray()
    writer.beginArray(key: "overviews")
    for overview in plans.overviews {
      writer.beginObject()
      writer.beginArray(key: "plan")
      writePlan(NeighbourhoodPlans.Plan(numbers: overview.plan[...]), to: &writer)
      writer.endArray()
      writer.beginArray(key: "groups")
      for number in overview.groups { writer.writeElement(Int(number)) }
      writer.endArray()
      writer.beginArray(key: "merged")
      overview.forEachMerged { numbers in
        writer.beginArray()
        for number in numbers { writeNumberOrNull(number, to: &writer) }
        writer.endArray()
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.beginArray(key: "plans")
    for index in 0..<plans.planCount {
      writer.beginArray()
      writePlan(plans.plan(index), to: &writer)
      writer.endArray()
    }
    writer.endArray()
    writer.endObject()
    var output = writer.finishedOutput()
    output.drain()
  }

  /// A plan's numbers inside its array: `width, height, [node, x, y, …], [edge, …]`, an edge
  /// `[index, drives (0 or 1), tip x, tip y, x, y, …]` (the tip null without an arrowhead).
  private static func writePlan(_ plan: NeighbourhoodPlans.Plan, to writer: inout JSONWriter) {
    writer.writeElement(Int(plan.size.width))
    writer.writeElement(Int(plan.size.height))
    writer.beginArray()
    for number in plan.nodeNumbers { writer.writeElement(Int(number)) }
    writer.endArray()
    writer.beginArray()
    plan.forEachEdge { edge, drives, tip, points in
      writer.beginArray()
      writer.writeElement(Int(edge))
      writer.writeElement(drives ? 1 : 0)
      writeNumberOrNull(tip?.0 ?? NeighbourhoodPlans.Plan.noTip, to: &writer)
      writeNumberOrNull(tip?.1 ?? NeighbourhoodPlans.Plan.noTip, to: &writer)
      for number in points { writer.writeElement(Int(number)) }
      writer.endArray()
    }
    writer.endArray()
  }

  /// `number`, or null for ``NeighbourhoodPlans/Plan/noTip`` (the tip of an edge without an arrowhead).
  private static func writeNumberOrNull(_ number: Int32, to writer: inout JSONWriter) {
    if number == NeighbourhoodPlans.Plan.noTip { writer.writeNullElement() } else { writer.writeElement(Int(number)) }
  }

  /// A node's difference: `{"structure": […], "before": …, "after": …, "time": {"before": …,
  /// "after": …, "ratio": …}}`, each part present when it changed; times formatted as the
  /// command line prints them (mean, total and count).
  private static func writeDifference(_ detail: DifferenceMarks.Detail, to writer: inout JSONWriter) {
    writer.beginObject(key: "changed")
    if !detail.structure.isEmpty {
      writer.writeArray(key: "structure", detail.structure)
    }
    if let value = detail.value {
      // A value that was absent on one side says so, rather than leaving the key out.
      writer.write("before", value.before ?? "∅")
      writer.write("after", value.after ?? "∅")
    }
    if let timing = detail.timing {
      writer.beginObject(key: "time")
      writer.write("before", GraphDifference.TimingChange.show(timing.before))
      writer.write("after", GraphDifference.TimingChange.show(timing.after))
      writer.write("ratio", timing.ratioText)
      writer.endObject()
    }
    writer.endObject()
  }

  private static func writeTimeline(
    of snapshot: Snapshot, causal: TimelineIndex, indexOfID: [String: Int],
    slicesOfStore: [String: [(index: Int, path: String)]], numbering: PageNumbering, to writer: inout JSONWriter,
    events: [SnapshotEntry]? = nil
  ) {
    writer.beginArray(key: "timeline")
    if let events {
      // A delta's entries, all numbered.
      for event in events {
        writeEntry(
          event, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore, numbering: numbering,
          to: &writer)
      }
      writer.endArray()
      return
    }
    // Without a causal timeline, the actions are the timeline, numbered in order.
    if causal.events.isEmpty {
      for (position, action) in snapshot.actions.enumerated() {
        writer.beginObject()
        writer.write("seq", position + 1)
        writer.write("kind", "action")
        writeAction(action, indexOfID: indexOfID, slicesOfStore: slicesOfStore, to: &writer)
        writer.endObject()
      }
      writer.endArray()
      return
    }
    // Actions the timeline no longer holds (it fills faster than the action recording) come
    // first, without a number: they are older than its first entry.
    for action in snapshot.actions where causal.entry(for: action) == nil {
      writer.beginObject()
      writer.write("kind", "action")
      writeAction(action, indexOfID: indexOfID, slicesOfStore: slicesOfStore, to: &writer)
      writer.endObject()
    }
    for event in causal.events {
      writeEntry(
        event, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore, numbering: numbering,
        to: &writer)
    }
    writer.endArray()
  }

  /// One numbered entry of the timeline.
  private static func writeEntry(
    _ event: SnapshotEntry, causal: TimelineIndex, indexOfID: [String: Int],
    slicesOfStore: [String: [(index: Int, path: String)]], numbering: PageNumbering, to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.write("seq", event.seq)
    writer.write("kind", event.kind.rawValue)
    writer.write("cause", event.cause)
    if numbering.base != 0 {
      // The snapshot's own numbers, which the page shows (``PageNumbering``).
      writer.write("seqText", String(numbering.snapshotNumber(of: event.seq)))
      let cause = event.cause.map(numbering.snapshotNumber) ?? numbering.farCauses[event.seq]
      writer.write("causeText", cause.map { String($0) })
    }
    if let node = event.node {
      // A node the graph does not hold (released since) keeps its id.
      if let index = indexOfID[node] { writer.write("node", index) } else { writer.write("id", node) }
    }
    if event.kind == .action, let action = causal.action(for: event) {
      writeAction(action, indexOfID: indexOfID, slicesOfStore: slicesOfStore, to: &writer)
    } else {
      writer.write("store", event.store)
      writeCount("storeSeq", event.action, to: &writer)
      writer.write("name", event.name)
      writer.write("duration", event.durationNanos.map { DurationText.format(nanos: $0) })
      writer.write("at", event.atNanos.map { DurationText.format(nanos: $0) })
    }
    writer.write("before", event.before)
    writer.write("after", event.after)
    writer.write("trigger", event.trigger)
    if let changed = event.changed { writer.write("changed", changed) }
    writer.write("value", event.value)
    writer.write("site", event.site)
    writeCount("subscribers", event.subscribers, to: &writer)
    writer.write("phase", event.phase)
    writer.write("error", event.error)
    if !event.reads.isEmpty {
      writer.writeArray(key: "reads", event.reads)
    }
    if !event.reached.isEmpty {
      writer.writeObjects(key: "reached", event.reached) { writer, reach in
        writer.write("id", reach.subscription)
        writer.write("duration", reach.durationNanos.map { DurationText.format(nanos: $0) })
      }
    }
    writer.endObject()
  }

  /// A number the page shows (a count, a store's number), as text past what its script holds
  /// exactly (2^53), so that it shows as the snapshot has it.
  private static func writeCount(_ key: StaticString, _ number: Int?, to writer: inout JSONWriter) {
    guard let number else { return }
    if number.magnitude <= UInt(PageNumbering.largestExact) {
      writer.write(key, number)
    } else {
      writer.write(key, String(number))
    }
  }

  /// The subscriptions (`subscriptions`: `{"id", "node", "name", "calls", "mean", "max",
  /// "ended"}`, `node` the index of the node watched): a node's details list its own, a
  /// notification's the ones it reached.
  private static func writeSubscriptions(
    of snapshot: Snapshot, indexOfID: [String: Int], to writer: inout JSONWriter
  ) {
    guard !snapshot.subscriptions.isEmpty else { return }
    writer.writeObjects(key: "subscriptions", snapshot.subscriptions) { writer, subscription in
      writer.write("id", subscription.id)
      writer.write("node", indexOfID[subscription.node])
      writer.write("name", subscription.name)
      writeCount("calls", subscription.calls, to: &writer)
      writer.write("mean", subscription.timings?.meanNanos.map { DurationText.format(nanos: $0) })
      writer.write("max", subscription.timings?.maxNanos.map { DurationText.format(nanos: $0) })
      if !subscription.isActive { writer.write("ended", true) }
    }
  }

  /// An action's members: its store and the store's number, name, payload, times, and its
  /// changes with the nodes each wrote.
  private static func writeAction(
    _ action: SnapshotAction, indexOfID: [String: Int], slicesOfStore: [String: [(index: Int, path: String)]],
    to writer: inout JSONWriter
  ) {
    writer.write("store", action.store)
    writeCount("storeSeq", action.seq, to: &writer)
    writer.write("name", action.name)
    writer.write("payload", action.payload)
    writer.write("at", action.atNanos.map { DurationText.format(nanos: $0) })
    writer.write("duration", action.durationNanos.map { DurationText.format(nanos: $0) })
    let store = indexOfID[action.store]
    let slices = slicesOfStore[action.store] ?? []
    writer.beginArray(key: "changes")
    for change in action.changes {
      writer.beginObject()
      writer.write("path", change.path)
      writer.write("before", change.before)
      writer.write("after", change.after)
      writer.beginArray(key: "nodes")
      if let store { writer.writeElement(store) }
      for slice in slices where change.concerns(path: slice.path) { writer.writeElement(slice.index) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
  }
}
