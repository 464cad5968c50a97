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
    try SnapshotDecoder.decode(try JSONReader.parse([UInt8](data)))
  }

  /// Encodes a snapshot as pretty-printed JSON with a stable member order.
  ///
  /// Optional fields that are `nil` (and `async` when false) are left out.
  ///
  /// ```swift
  /// try SnapshotCodec.encode(snapshot).write(to: url)
  /// ```
  ///
  /// - Parameter snapshot: The snapshot to encode.
  /// - Returns: UTF-8 JSON text ending in a newline.
  public static func encode(_ snapshot: Snapshot) -> Data {
    var writer = JSONWriter()
    writer.beginObject()
    writer.write("format", Snapshot.format)
    writer.write("version", Snapshot.version)
    writer.write("capturedAt", snapshot.capturedAt.map(ISO8601.format))
    writer.beginArray(key: "nodes")
    for node in snapshot.nodes {
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
      if let stats = node.evaluations {
        writer.beginObject(key: "evaluations")
        writer.write("count", stats.count)
        writer.write("totalNanos", stats.totalNanos)
        writer.write("minNanos", stats.minNanos)
        writer.write("maxNanos", stats.maxNanos)
        writer.write("lastNanos", stats.lastNanos)
        writer.endObject()
      }
      writer.endObject()
    }
    writer.endArray()
    writer.beginArray(key: "edges")
    for edge in snapshot.edges {
      writer.writeInline([("from", edge.from), ("to", edge.to)])
    }
    writer.endArray()
    if !snapshot.actions.isEmpty {
      writer.beginArray(key: "actions")
      for action in snapshot.actions {
        writer.beginObject()
        writer.write("seq", action.seq)
        writer.write("store", action.store)
        writer.write("name", action.name)
        writer.write("payload", action.payload)
        writer.write("atNanos", action.atNanos)
        writer.write("durationNanos", action.durationNanos)
        if !action.changes.isEmpty {
          writer.beginArray(key: "changes")
          for change in action.changes {
            writer.beginObject()
            writer.write("path", change.path)
            writer.write("before", change.before)
            writer.write("after", change.after)
            writer.endObject()
          }
          writer.endArray()
        }
        writer.endObject()
      }
      writer.endArray()
    }
    if let dropped = snapshot.dropped {
      writer.beginObject(key: "dropped")
      writer.write("actions", dropped.actions)
      writer.write("evaluations", dropped.evaluations)
      writer.write("events", dropped.events)
      writer.endObject()
    }
    writer.endObject()
    return Data(writer.output + [0x0A])
  }
}
