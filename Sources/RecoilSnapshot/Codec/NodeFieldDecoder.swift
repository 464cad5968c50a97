/// Gathers a ``SnapshotNode``'s fields as an object's members arrive, in any order, and
/// builds the node at the end: the one reading of node fields, for snapshots and live events.
///
/// ```swift
/// var fields = NodeFieldDecoder()
/// let node = try reader.decode(&fields)
/// ```
struct NodeFieldDecoder: FieldDecoder {
  private var node = SnapshotNode(id: "", kind: .atom)
  private var hasID = false
  private var hasKind = false
  /// Where the `id` and `owner` values start, for errors found after the node is read.
  private(set) var idOffset = 0
  private(set) var ownerOffset = 0

  /// Reads `key`'s value into the node if it is a node field, and says whether it was.
  mutating func read(_ key: JSONKey, from reader: inout FieldReader) throws(SnapshotError) -> Bool {
    switch key {
    case "id":
      let id = try reader.string()
      idOffset = reader.json.valueStart
      if id?.isEmpty == true {
        throw .invalidValue(expected: "a non-empty id", found: "\"\"", at: reader.location)
      }
      node.id = id.noting(presenceIn: &hasID, else: "")
    case "kind":
      node.kind = try reader.enumeration(SnapshotNodeKind.self, expected: "atom, selector, store or slice").noting(
        presenceIn: &hasKind, else: .atom)
    case "label": node.label = try reader.string()
    case "async": node.isAsync = try reader.bool() ?? false
    case "family": node.family = try reader.string()
    case "parameter": node.parameter = try reader.string()
    case "owner":
      node.owner = try reader.string()
      ownerOffset = reader.json.valueStart
    case "path": node.path = try reader.string()
    case "valueType": node.valueType = try reader.string()
    case "value": node.value = try reader.string()
    case "status":
      node.status = try reader.enumeration(SnapshotNodeStatus.self, expected: "ready, loading or error")
    case "error": node.error = try reader.string()
    case "subscribers": node.subscribers = try reader.count()
    case "evaluations": node.evaluations = try Self.readEvaluations(&reader)
    case "structure": node.structure = try reader.elements(Self.readRow)
    default: return false
    }
    return true
  }

  /// The node, once every member has been read; fails if a required field is missing.
  func build(_ reader: FieldReader, objectStart: Int) throws(SnapshotError) -> SnapshotNode {
    guard hasID else { throw reader.missing("id", objectStart: objectStart) }
    guard hasKind else { throw reader.missing("kind", objectStart: objectStart) }
    return node
  }

  private static func readRow(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotValueRow {
    try reader.record(SnapshotValueRow(path: ""), requiring: "path", at: \.path) {
      reader, key, row throws(SnapshotError) in
      switch key {
      case "type": row.type = try reader.string()
      case "value": row.value = try reader.string()
      case "more": row.more = try reader.count()
      default: return false
      }
      return true
    }
  }

  /// An `evaluations` (or a subscription's `timings`) object.
  static func readEvaluations(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotEvaluations? {
    if try reader.isNull() { return nil }
    var count: Int?
    var total: Int?
    var stats = SnapshotEvaluations(count: 0, totalNanos: 0)
    let start = try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "count": count = try reader.count()
      case "totalNanos": total = try reader.count()
      case "minNanos": stats.minNanos = try reader.count()
      case "maxNanos": stats.maxNanos = try reader.count()
      case "lastNanos": stats.lastNanos = try reader.count()
      case "timedCount": stats.timedCount = try reader.count()
      default: try reader.skip()
      }
    }
    guard let count else { throw reader.missing("count", objectStart: start) }
    guard let total else { throw reader.missing("totalNanos", objectStart: start) }
    stats.count = count
    stats.totalNanos = total
    return stats
  }
}
