/// Gathers a ``SnapshotEntry``'s fields as an object's members arrive, in any order, and
/// builds the entry at the end: the one reading of timeline fields, for snapshots and live
/// events.
///
/// ```swift
/// var fields = TimelineFieldDecoder()
/// let entry = try reader.decode(&fields)
/// ```
struct TimelineFieldDecoder: FieldDecoder {
  private var event = SnapshotEntry(seq: 0, kind: .action)
  private var hasSeq = false
  private var hasKind = false
  /// Where the `seq` and `cause` values start, for errors about them.
  private(set) var seqOffset = 0
  private(set) var causeOffset = 0

  /// Reads `key`'s value into the entry if it is a timeline field, and says whether it was.
  mutating func read(_ key: JSONKey, from reader: inout FieldReader) throws(SnapshotError) -> Bool {
    switch key {
    case "seq":
      seqOffset = reader.json.valueStart
      event.seq = try reader.count().noting(presenceIn: &hasSeq, else: 0)
    case "kind":
      event.kind = try reader.enumeration(
        SnapshotEntry.Kind.init(rawValue:),
        expected: "action, write, evaluation, notification, effect, resolution or control"
      ).noting(presenceIn: &hasKind, else: .action)
    case "cause":
      causeOffset = reader.json.valueStart
      event.cause = try reader.count()
    case "store": event.store = try reader.string()
    case "action": event.action = try reader.count()
    case "node": event.node = try reader.string()
    case "name": event.name = try reader.string()
    case "before": event.before = try reader.string()
    case "after": event.after = try reader.string()
    case "trigger": event.trigger = try reader.string()
    case "changed": event.changed = try reader.bool()
    case "value": event.value = try reader.string()
    case "durationNanos": event.durationNanos = try reader.count()
    case "atNanos": event.atNanos = try reader.count()
    case "site": event.site = try reader.string()
    case "subscribers": event.subscribers = try reader.count()
    case "phase": event.phase = try reader.string()
    case "error": event.error = try reader.string()
    case "reads":
      event.reads =
        try reader.elements { reader throws(SnapshotError) in
          guard let id = try reader.string() else { throw reader.invalid(expected: "a node id") }
          return id
        } ?? []
    case "reached": event.reached = try reader.elements(Self.readReach) ?? []
    default: return false
    }
    return true
  }

  /// One subscription a notification reached.
  private static func readReach(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotReach {
    try reader.record(SnapshotReach(subscription: ""), requiring: "subscription", at: \.subscription) {
      reader, key, reach throws(SnapshotError) in
      guard "durationNanos" ~= key else { return false }
      reach.durationNanos = try reader.count()
      return true
    }
  }

  /// The entry, once every member has been read; fails if a required field is missing.
  func build(_ reader: FieldReader, objectStart: Int) throws(SnapshotError) -> SnapshotEntry {
    try build(reader, objectStart: objectStart, requiresIdentity: true)
  }

  /// The entry, once every member has been read: a live step's event gives its seq and kind
  /// (`requiresIdentity` false).
  func build(
    _ reader: FieldReader, objectStart: Int, requiresIdentity: Bool
  ) throws(SnapshotError) -> SnapshotEntry {
    guard requiresIdentity else { return event }
    guard hasSeq else { throw reader.missing("seq", objectStart: objectStart) }
    guard hasKind else { throw reader.missing("kind", objectStart: objectStart) }
    return event
  }
}
