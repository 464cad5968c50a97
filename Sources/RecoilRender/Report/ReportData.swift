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
/// The timeline holds one entry per recorded action, in order, numbered from 1 in that order
/// (`seq`; stores number their actions each on their own, `storeSeq`). Each change names the
/// nodes it wrote: the store, and each slice whose path the change concerns (at, above or below).
/// From the snapshot's causal timeline, each action also lists what it caused (`caused`: its
/// notifications, the atoms its subscribers wrote, the evaluations and effects that followed,
/// at most ``causedLimit``), each with the node it concerns, and its own number in the causal
/// timeline (`causalSeq`), by which a node's ``ValueHistory`` (`history`) is kept.
enum ReportData {
  static func json(for snapshot: Snapshot, marks: DifferenceMarks? = nil) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }

    // The causal timeline, for what each action caused and the values' histories; the slices
    // of each store with their state paths (a slice's label is its key path).
    let causal = TimelineIndex(snapshot)
    var slicesOfStore: [String: [(index: Int, path: String)]] = [:]
    for (index, node) in snapshot.nodes.enumerated() where node.kind == .slice {
      guard let owner = node.owner else { continue }
      slicesOfStore[owner, default: []].append((index, node.label ?? String(node.id.dropFirst(owner.count + 1))))
    }

    writer.beginObject()
    let histories = ValueHistory.histories(
      of: snapshot, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore)
    writeNodes(of: snapshot, marks: marks, histories: histories, to: &writer)
    writer.beginArray(key: "edges")
    for edge in snapshot.edges {
      writer.beginArray()
      writer.writeElement(indexOfID[edge.from] ?? -1)
      writer.writeElement(indexOfID[edge.to] ?? -1)
      writer.endArray()
    }
    writer.endArray()
    writeTimeline(of: snapshot, causal: causal, indexOfID: indexOfID, slicesOfStore: slicesOfStore, to: &writer)
    if let dropped = snapshot.dropped { SnapshotCodec.write(dropped, to: &writer) }
    writer.endObject()
    return ScriptEmbedding.inert(json: writer.bytes)
  }

  private static func writeNodes(
    of snapshot: Snapshot, marks: DifferenceMarks?, histories: [Int: ValueHistory], to writer: inout JSONWriter
  ) {
    let hottest = Palette.hottestNanos(in: snapshot)
    writer.beginArray(key: "nodes")
    for (index, node) in snapshot.nodes.enumerated() {
      writer.beginObject()
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
      writer.write("subscribers", node.subscribers)
      // Its value at each step, where the recording says (see `ValueHistory`).
      histories[index]?.write(to: &writer)
      // In a drawing of a difference: how the node changed.
      writer.write("difference", marks?.nodes[node.id]?.rawValue)
      if let evaluations = node.evaluations {
        writer.beginObject(key: "evaluations")
        writer.write("count", evaluations.count)
        writer.write("timed", evaluations.timedCount ?? evaluations.count)
        writer.write("total", DurationText.format(nanos: evaluations.totalNanos))
        writer.write("mean", evaluations.meanNanos.map { DurationText.format(nanos: $0) })
        writer.write("max", evaluations.maxNanos.map { DurationText.format(nanos: $0) })
        writer.write("last", evaluations.lastNanos.map { DurationText.format(nanos: $0) })
        writer.endObject()
      }
      if let fill = Palette.heatFill(for: node, hottestNanos: hottest) {
        writer.beginObject(key: "heat")
        writer.write("fill", fill)
        writer.write("text", Palette.needsLightText(on: fill) ? "#ffffff" : "#000000")
        writer.endObject()
      }
      writer.endObject()
    }
    writer.endArray()
  }

  private static func writeTimeline(
    of snapshot: Snapshot, causal: TimelineIndex, indexOfID: [String: Int],
    slicesOfStore: [String: [(index: Int, path: String)]], to writer: inout JSONWriter
  ) {
    writer.beginArray(key: "timeline")
    for (position, action) in snapshot.actions.enumerated() {
      writer.beginObject()
      // The timeline's own number is the entry's place in the recorded order; the store's
      // number (`app #5`) is the one users know the action by.
      writer.write("seq", position + 1)
      writer.write("kind", "action")
      writer.write("store", action.store)
      writer.write("storeSeq", action.seq)
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
      if let entry = causal.entry(for: action) {
        // Its number in the causal timeline, which the values' histories are kept by.
        writer.write("causalSeq", entry.seq)
        let caused = consequences(of: entry, in: causal)
        if !caused.isEmpty {
          writer.writeObjects(key: "caused", caused) { writer, event in
            writer.write("seq", event.seq)
            writer.write("kind", event.kind.rawValue)
            writer.write("node", event.node.flatMap { indexOfID[$0] })
            writer.write("text", event.summary)
          }
        }
      }
      writer.endObject()
    }
    writer.endArray()
  }

  /// How many consequences of one action the report lists.
  static let causedLimit = 100

  /// What an entry caused, directly or not, in the order it happened.
  private static func consequences(of entry: SnapshotEvent, in timeline: TimelineIndex) -> [SnapshotEvent] {
    var found: [SnapshotEvent] = []
    var frontier = [entry]
    while let next = frontier.popLast(), found.count < causedLimit {
      let direct = timeline.consequences(of: next)
      found += direct
      frontier += direct
    }
    return Array(found.sorted { $0.seq < $1.seq }.prefix(causedLimit))
  }
}
