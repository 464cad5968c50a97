import Foundation

/// Reads and writes snapshots as JSON, format `recoil-inspect/snapshot` version 1.
///
/// Reading is strict about what it needs and lenient about the rest: unknown fields are
/// ignored, so newer writers may add fields. Every failure is a ``SnapshotError`` that says
/// what is wrong and where (line, column and field path).
///
/// ```swift
/// let snapshot = try SnapshotCodec.decode(Data(contentsOf: url))
/// let data = SnapshotCodec.encode(snapshot)
/// ```
public enum SnapshotCodec {
  /// Decodes a snapshot from JSON bytes.
  ///
  /// ```swift
  /// let snapshot = try SnapshotCodec.decode(Data(json.utf8))
  /// ```
  ///
  /// - Parameter data: UTF-8 JSON text.
  /// - Returns: The snapshot.
  /// - Throws: ``SnapshotError`` when the text is not JSON or not a valid version 1 snapshot.
  public static func decode(_ data: Data) throws(SnapshotError) -> Snapshot {
    do throws(SnapshotError) {
      return try ByteInput.read(data) { bytes throws(SnapshotError) in try SnapshotDecoder.decode(bytes) }
    } catch {
      throw error.resolvingPositions(in: SourceText(bytes: data))
    }
  }

  /// How encoded JSON is laid out.
  public enum Layout: Sendable {
    /// Two-space indentation, one member per line, so that snapshots diff well in review.
    case pretty
    /// One line with no spaces, as `JSONEncoder` or `jq -c` write it.
    case compact
  }

  /// Encodes a snapshot as JSON with a stable member order.
  ///
  /// Optional fields that are `nil` (and `async` when false) are left out.
  ///
  /// ```swift
  /// try SnapshotCodec.encode(snapshot).write(to: url)
  /// let oneLine = SnapshotCodec.encode(snapshot, layout: .compact)
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to encode.
  ///   - layout: Pretty-printed (the default) or compact.
  /// - Returns: UTF-8 JSON text ending in a newline.
  public static func encode(_ snapshot: Snapshot, layout: Layout = .pretty) -> Data {
    encodedOutput(snapshot, layout: layout).data
  }

  /// ``encode(_:layout:)``'s bytes, before they are copied into `Data`.
  ///
  /// A snapshot with at least `concurrentFrom` actions and timeline events in all has its
  /// timeline written on another thread while this one writes its actions.
  package static func encodedOutput(
    _ snapshot: Snapshot, layout: Layout = .pretty, concurrentFrom: Int = 4096
  ) -> ByteOutput {
    // Roughly what a pretty snapshot takes per record, so that a large one is not copied as
    // it grows; a compact one takes less.
    let output = ByteOutput(
      capacity: 1024 + 400 * snapshot.nodes.count + 64 * snapshot.edges.count + 480 * snapshot.actions.count + 240
        * snapshot.timeline.count)
    return encode(snapshot, layout: layout, concurrentFrom: concurrentFrom, into: output)
  }

  /// Writes a snapshot's JSON (ending in a newline) into `output`, which a file may drain as it
  /// fills (see ``AtomicFile``), and hands it back.
  package static func encode(
    _ snapshot: Snapshot, layout: Layout = .pretty, concurrentFrom: Int = 4096, into output: consuming ByteOutput
  ) -> ByteOutput {
    var writer = JSONWriter(compact: layout == .compact, output: output)
    writer.beginObject()
    writer.write("format", Snapshot.format)
    writer.write("version", Snapshot.version)
    writer.write("capturedAt", snapshot.capturedAt.map(ISO8601.format))
    writer.write("elapsedNanos", snapshot.elapsedNanos)
    if let app = snapshot.app {
      writer.beginObject(key: "app")
      writer.write("name", app.name)
      writer.write("processID", app.processID)
      writer.write("instance", app.instance)
      writer.endObject()
    }
    writer.beginArray(key: "nodes")
    for node in snapshot.nodes {
      writer.beginObject()
      writer.writeFields(of: node)
      writer.endObject()
    }
    writer.endArray()
    writer.beginArray(key: "edges")
    for edge in snapshot.edges {
      if edge.kind == .dependency {
        writer.writeInline([("from", edge.from), ("to", edge.to)])
      } else {
        writer.writeInline([("from", edge.from), ("to", edge.to), ("kind", edge.kind.rawValue)])
      }
    }
    writer.endArray()
    if snapshot.actions.count + snapshot.timeline.count < concurrentFrom {
      writeActions(of: snapshot, into: &writer)
      writeTimeline(of: snapshot, into: &writer)
    } else {
      // Most of a large snapshot: the timeline is written on another thread, into its own
      // output, while this one writes the actions; it is then appended after them.
      let timeline = WrittenPart()
      let written = DispatchGroup()
      DispatchQueue.global(qos: .userInitiated).async(group: written) {
        var part = JSONWriter(compact: layout == .compact, membersAtDepth: 1, capacity: 240 * snapshot.timeline.count)
        writeTimeline(of: snapshot, into: &part)
        timeline.store(part)
      }
      writeActions(of: snapshot, into: &writer)
      written.wait()
      writer.append(timeline.take())
    }
    if !snapshot.subscriptions.isEmpty {
      writer.writeObjects(key: "subscriptions", snapshot.subscriptions) { $0.writeFields(of: $1) }
    }
    if let dropped = snapshot.dropped { write(dropped, to: &writer) }
    writer.endObject()
    return writer.finishedOutput()
  }

  private static func writeActions(of snapshot: Snapshot, into writer: inout JSONWriter) {
    if !snapshot.actions.isEmpty {
      writer.writeObjects(key: "actions", snapshot.actions) { $0.writeFields(of: $1) }
    }
  }

  private static func writeTimeline(of snapshot: Snapshot, into writer: inout JSONWriter) {
    if !snapshot.timeline.isEmpty {
      // A plain loop, each event borrowed from the array: a closure would be handed a copy.
      writer.beginArray(key: "timeline")
      for index in snapshot.timeline.indices {
        writer.beginObject()
        writer.writeFields(of: snapshot.timeline[index])
        writer.endObject()
      }
      writer.endArray()
    }
  }

  /// A part of a document written on another thread: stored there, taken here once the
  /// thread is done.
  private final class WrittenPart: @unchecked Sendable {
    // @unchecked Sendable: stored by one thread before it leaves its dispatch group, taken
    // by another after waiting for that group.
    private var part: JSONWriter?

    func store(_ written: consuming JSONWriter) {
      part = consume written
    }

    func take() -> JSONWriter {
      guard let written = part.take() else { preconditionFailure("the part was not written") }
      return written
    }
  }

  /// The `dropped` member, as snapshots and the HTML report's data write it.
  package static func write(_ dropped: SnapshotDropCounts, to writer: inout JSONWriter) {
    writer.beginObject(key: "dropped")
    writer.write("actions", dropped.actions)
    writer.write("evaluations", dropped.evaluations)
    writer.write("events", dropped.events)
    if dropped.timeline > 0 { writer.write("timeline", dropped.timeline) }
    if !dropped.notRecorded.isEmpty {
      writer.beginObject(key: "notRecorded")
      for (name, count) in dropped.notRecorded.sorted(by: { $0.key < $1.key }) { writer.write(textKey: name, count) }
      writer.endObject()
    }
    writer.endObject()
  }
}

extension JSONWriter {
  /// A node's members, in the documented order; shared by snapshots and live events.
  package mutating func writeFields(of node: SnapshotNode) {
    write("id", node.id)
    write("kind", node.kind.rawValue)
    write("label", node.label)
    if node.isAsync { write("async", true) }
    write("family", node.family)
    write("parameter", node.parameter)
    write("owner", node.owner)
    write("path", node.path)
    write("valueType", node.valueType)
    write("value", node.value)
    write("status", node.status?.rawValue)
    write("error", node.error)
    write("subscribers", node.subscribers)
    if let stats = node.evaluations { write(stats, key: "evaluations") }
    if let rows = node.structure {
      writeObjects(key: "structure", rows) { writer, row in
        writer.write("path", row.path)
        writer.write("type", row.type)
        writer.write("value", row.value)
        writer.write("more", row.more)
      }
    }
  }

  /// A timeline entry's members, in the documented order; shared by snapshots and live events.
  /// A live step leaves out `seq`, `kind` and `cause` (`identity` false): its event's
  /// `timelineSeq`, `type` and `cause` say them.
  package mutating func writeFields(of event: borrowing SnapshotEntry, identity: Bool = true) {
    // Borrowed, and called directly: each member is read where the event is, with no copy
    // of the event (a retain and a release of each of its strings).
    if identity {
      write("seq", event.seq)
      write("kind", event.kind.rawValue)
      write("cause", event.cause)
    }
    write("store", event.store)
    write("action", event.action)
    write("node", event.node)
    write("name", event.name)
    write("before", event.before)
    write("after", event.after)
    write("trigger", event.trigger)
    if let changed = event.changed { write("changed", changed) }
    write("value", event.value)
    write("durationNanos", event.durationNanos)
    write("atNanos", event.atNanos)
    write("site", event.site)
    write("subscribers", event.subscribers)
    write("phase", event.phase)
    write("error", event.error)
    if !event.reads.isEmpty { writeArray(key: "reads", event.reads) }
    if !event.reached.isEmpty {
      writeObjects(key: "reached", event.reached) { writer, reach in
        writer.write("subscription", reach.subscription)
        writer.write("durationNanos", reach.durationNanos)
      }
    }
  }

  /// Evaluation (or callback) timings as an object under `key`.
  private mutating func write(_ stats: SnapshotEvaluations, key: StaticString) {
    beginObject(key: key)
    write("count", stats.count)
    write("totalNanos", stats.totalNanos)
    write("minNanos", stats.minNanos)
    write("maxNanos", stats.maxNanos)
    write("lastNanos", stats.lastNanos)
    write("timedCount", stats.timedCount)
    endObject()
  }

  /// A subscription's members, in the documented order.
  package mutating func writeFields(of subscription: SnapshotSubscription) {
    write("id", subscription.id)
    write("node", subscription.node)
    write("label", subscription.label)
    write("site", subscription.site)
    write("calls", subscription.calls)
    if let timings = subscription.timings { write(timings, key: "timings") }
    if !subscription.isActive { write("active", false) }
  }

  /// An action's members, in the documented order; shared by snapshots and live events.
  package mutating func writeFields(of action: SnapshotAction) {
    write("seq", action.seq)
    write("store", action.store)
    write("name", action.name)
    write("payload", action.payload)
    write("atNanos", action.atNanos)
    write("durationNanos", action.durationNanos)
    write("site", action.site)
    writeChanges(action.changes)
    writeChanges(action.slices, key: "slices")
  }

  /// A `changes` member (or another list of changes), left out when there are none.
  package mutating func writeChanges(_ changes: [SnapshotChange], key: StaticString = "changes") {
    guard !changes.isEmpty else { return }
    writeObjects(key: key, changes) { writer, change in
      writer.write("path", change.path)
      writer.write("before", change.before)
      writer.write("after", change.after)
    }
  }
}
