/// Gathers a ``SnapshotAction``'s fields as an object's members arrive, in any order, and
/// builds the action at the end: the one reading of action fields, for snapshots and live
/// events.
///
/// ```swift
/// var fields = ActionFieldDecoder()
/// let action = try reader.decode(&fields)
/// ```
struct ActionFieldDecoder: FieldDecoder {
  private var action = SnapshotAction(seq: 0, store: "", name: "")
  private var hasSeq = false
  private var hasStore = false
  private var hasName = false

  /// Reads `key`'s value into the action if it is an action field, and says whether it was.
  mutating func read(_ key: JSONKey, from reader: inout FieldReader) throws(SnapshotError) -> Bool {
    switch key {
    case "seq":
      action.seq = try reader.count().noting(presenceIn: &hasSeq, else: 0)
    case "store":
      action.store = try reader.string().noting(presenceIn: &hasStore, else: "")
    case "name":
      action.name = try reader.string().noting(presenceIn: &hasName, else: "")
    case "payload": action.payload = try reader.string()
    case "atNanos": action.atNanos = try reader.count()
    case "durationNanos": action.durationNanos = try reader.count()
    case "site": action.site = try reader.string()
    case "changes": action.changes = try reader.elements(Self.readChange) ?? []
    case "slices": action.slices = try reader.elements(Self.readChange) ?? []
    default: return false
    }
    return true
  }

  /// The action, once every member has been read; fails if a required field is missing.
  func build(_ reader: FieldReader, objectStart: Int) throws(SnapshotError) -> SnapshotAction {
    guard hasSeq else { throw reader.missing("seq", objectStart: objectStart) }
    guard hasStore else { throw reader.missing("store", objectStart: objectStart) }
    guard hasName else { throw reader.missing("name", objectStart: objectStart) }
    return action
  }

  private static func readChange(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotChange {
    try reader.record(SnapshotChange(path: "", before: nil, after: nil), requiring: "path", at: \.path) {
      reader, key, change throws(SnapshotError) in
      switch key {
      case "before": change.before = try reader.string()
      case "after": change.after = try reader.string()
      default: return false
      }
      return true
    }
  }
}
