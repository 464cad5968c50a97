import Foundation

/// Reads a snapshot document straight into a ``Snapshot``, checking types, enumerations and
/// references. Unknown fields are ignored so that newer writers can add them.
///
/// The format and version are checked first, wherever they stand in the root object; node
/// references (edges, owners) are checked once every node is known.
enum SnapshotDecoder {
  static func decode(_ bytes: ByteInput) throws(SnapshotError) -> Snapshot {
    try FieldReader.decodeDocument(bytes) { reader throws(SnapshotError) in
      try checkHeader(reader)
      return try decodeBody(&reader)
    }
  }

  // MARK: - Format and version

  /// Checks `format` and `version` on a copy of the reader, reading no further than it must:
  /// writers put them first, so this usually reads two members.
  private static func checkHeader(_ reader: FieldReader) throws(SnapshotError) {
    var probe = reader
    guard try probe.json.peek() == .object else { return }  // the body reports it
    let start = probe.json.valueStart
    try probe.json.beginObject()
    var first = true
    var sawFormat = false
    var sawVersion = false
    while !(sawFormat && sawVersion), let key = try probe.json.nextMember(isFirst: &first) {
      switch key {
      case "format": sawFormat = try probe.within(key, checkFormat)
      case "version": sawVersion = try probe.within(key, checkVersion)
      default: try probe.skip()
      }
    }
    guard sawFormat else { throw reader.missing("format", objectStart: start) }
    guard sawVersion else { throw reader.missing("version", objectStart: start) }
  }

  /// Whether `format` was given (it may be null), failing if it names another format.
  private static func checkFormat(_ reader: inout FieldReader) throws(SnapshotError) -> Bool {
    _ = try reader.json.peek()
    let before = reader
    guard let format = try reader.string() else { return false }
    guard format == Snapshot.format else {
      throw .wrongFormat(found: before.json.preview(), at: before.location)
    }
    return true
  }

  private static func checkVersion(_ reader: inout FieldReader) throws(SnapshotError) -> Bool {
    let kind = try reader.json.peek()
    switch kind {
    case .null:
      try reader.json.readNull()
      return false
    case .number:
      let before = reader
      switch try reader.json.readNumber() {
      case .integer(Snapshot.version): return true
      case .integer(let version): throw .unsupportedVersion(found: String(version), at: before.location)
      case .double: throw .unsupportedVersion(found: before.json.preview(), at: before.location)
      }
    default:
      throw .typeMismatch(expected: "an integer", found: kind.name, at: reader.location)
    }
  }

  // MARK: - The body

  // One function by design: a pull decoder reads the members in the order the file has them,
  // in one switch over their names, and its locals are what the later checks need.
  private static func decodeBody(_ reader: inout FieldReader) throws(SnapshotError) -> Snapshot {
    var snapshot = Snapshot()
    var sawNodes = false
    var sawEdges = false
    // Each id's node index, and where owners and edge ends stand, for the reference checks.
    var indexOfID: [String: Int] = [:]
    var ownerOffsets: [(node: Int, offset: Int)] = []
    var edgeOffsets: [(from: Int, to: Int)] = []

    let start = try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "format", "version":
        try reader.skip()  // checked first, by checkHeader
      case "capturedAt":
        _ = try reader.json.peek()
        let before = reader
        guard let text = try reader.string() else {
          snapshot.capturedAt = nil
          return
        }
        guard let date = ISO8601.parse(text) else {
          throw before.invalid(expected: "an ISO 8601 date such as 2026-11-30T07:00:00Z")
        }
        snapshot.capturedAt = date
      case "elapsedNanos":
        snapshot.elapsedNanos = try reader.count()
      case "app": snapshot.app = try reader.isNull() ? nil : Self.readApp(&reader)
      case "nodes":
        snapshot.nodes = []
        indexOfID = [:]
        ownerOffsets = []
        sawNodes = !(try reader.isNull())
        guard sawNodes else { return }
        try reader.array { reader, index throws(SnapshotError) in
          var fields = NodeFieldDecoder()
          let node = try reader.decode(&fields)
          if let first = indexOfID.updateValue(index, forKey: node.id) {
            throw .duplicateNodeID(
              id: node.id, firstPath: "nodes[\(first)]",
              at: SnapshotLocation(path: reader.path + ".id", position: SourcePosition(byteOffset: fields.idOffset)))
          }
          if node.owner != nil { ownerOffsets.append((index, fields.ownerOffset)) }
          snapshot.nodes.append(node)
        }
      case "edges":
        snapshot.edges = []
        edgeOffsets = []
        sawEdges = !(try reader.isNull())
        guard sawEdges else { return }
        try reader.array { reader, _ throws(SnapshotError) in
          let (edge, offsets) = try Self.readEdge(&reader)
          snapshot.edges.append(edge)
          edgeOffsets.append(offsets)
        }
      case "actions": snapshot.actions = try reader.elements(Self.readAction) ?? []
      case "subscriptions": snapshot.subscriptions = try reader.elements(Self.readSubscription) ?? []
      case "timeline":
        snapshot.timeline = []
        if try reader.isNull() { return }
        // Each entry's number is its own, and its cause came before it: what `trace` and `why`
        // walk is then a forest, never a loop.
        var indexOfSeq: [Int: Int] = [:]
        try reader.array { reader, index throws(SnapshotError) in
          var fields = TimelineFieldDecoder()
          let entry = try reader.decode(&fields)
          if let first = indexOfSeq.updateValue(index, forKey: entry.seq) {
            throw .invalidValue(
              expected: "a seq no other entry has (timeline[\(first)] has it)", found: String(entry.seq),
              at: location("timeline[\(index)].seq", fields.seqOffset))
          }
          if let cause = entry.cause, cause >= entry.seq {
            throw .invalidValue(
              expected: "a cause before the entry's own seq \(entry.seq)", found: String(cause),
              at: location("timeline[\(index)].cause", fields.causeOffset))
          }
          snapshot.timeline.append(entry)
        }
      case "dropped": snapshot.dropped = try reader.isNull() ? nil : Self.readDropCounts(&reader)
      default:
        try reader.skip()
      }
    }
    guard sawNodes else { throw reader.missing("nodes", objectStart: start) }
    guard sawEdges else { throw reader.missing("edges", objectStart: start) }

    // Owners and edges must name nodes; checked once every id is known.
    for (index, offset) in ownerOffsets {
      let owner = snapshot.nodes[index].owner ?? ""
      if indexOfID[owner] == nil {
        throw .unknownNode(id: owner, at: location("nodes[\(index)].owner", offset))
      }
    }
    for (index, edge) in snapshot.edges.enumerated() {
      if indexOfID[edge.from] == nil {
        throw .unknownNode(id: edge.from, at: location("edges[\(index)].from", edgeOffsets[index].from))
      }
      if indexOfID[edge.to] == nil {
        throw .unknownNode(id: edge.to, at: location("edges[\(index)].to", edgeOffsets[index].to))
      }
    }
    return snapshot
  }

  private static func location(_ path: String, _ offset: Int) -> SnapshotLocation {
    SnapshotLocation(path: path, position: SourcePosition(byteOffset: offset))
  }

  /// One edge, with where its ends' ids stand, for the check that they name nodes.
  private static func readEdge(_ reader: inout FieldReader) throws(SnapshotError)
    -> (SnapshotEdge, offsets: (from: Int, to: Int))
  {
    var from: String?
    var to: String?
    var kind = SnapshotEdge.Kind.dependency
    var offsets = (from: 0, to: 0)
    let objectStart = try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "from":
        from = try reader.string()
        offsets.from = reader.json.valueStart
      case "to":
        to = try reader.string()
        offsets.to = reader.json.valueStart
      case "kind":
        kind =
          try reader.enumeration(SnapshotEdge.Kind.init(rawValue:), expected: "dependency or drives")
          ?? .dependency
      default: try reader.skip()
      }
    }
    guard let from else { throw reader.missing("from", objectStart: objectStart) }
    guard let to else { throw reader.missing("to", objectStart: objectStart) }
    return (SnapshotEdge(from: from, to: to, kind: kind), offsets)
  }

  /// The app that made the snapshot.
  private static func readApp(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotApp {
    var app = SnapshotApp(name: "")
    try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "name": app.name = try reader.string() ?? ""
      case "processID": app.processID = try reader.count()
      case "instance": app.instance = try reader.string()
      default: try reader.skip()
      }
    }
    return app
  }

  /// One recorded action.
  private static func readAction(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotAction {
    var fields = ActionFieldDecoder()
    return try reader.decode(&fields)
  }

  /// One subscription.
  private static func readSubscription(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotSubscription {
    var subscription = SnapshotSubscription(id: "", node: "")
    var (hasID, hasNode) = (false, false)
    let start = try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "id":
        subscription.id = try reader.string().noting(presenceIn: &hasID, else: "")
      case "node":
        subscription.node = try reader.string().noting(presenceIn: &hasNode, else: "")
      case "label": subscription.label = try reader.string()
      case "site": subscription.site = try reader.string()
      case "calls": subscription.calls = try reader.count() ?? 0
      case "timings": subscription.timings = try NodeFieldDecoder.readEvaluations(&reader)
      case "active": subscription.isActive = try reader.bool() ?? true
      default: try reader.skip()
      }
    }
    guard hasID else { throw reader.missing("id", objectStart: start) }
    guard hasNode else { throw reader.missing("node", objectStart: start) }
    return subscription
  }

  /// What the recorders dropped, by kind.
  private static func readDropCounts(_ reader: inout FieldReader) throws(SnapshotError) -> SnapshotDropCounts {
    var dropped = SnapshotDropCounts()
    try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "actions": dropped.actions = try reader.count() ?? 0
      case "evaluations": dropped.evaluations = try reader.count() ?? 0
      case "events": dropped.events = try reader.count() ?? 0
      case "timeline": dropped.timeline = try reader.count() ?? 0
      case "notRecorded":
        if try reader.isNull() { return }
        try reader.object { reader, key throws(SnapshotError) in
          dropped.notRecorded[key.string] = try reader.count() ?? 0
        }
      default: try reader.skip()
      }
    }
    return dropped
  }
}

/// ISO 8601 timestamps, with or without fractional seconds, to the millisecond.
///
/// Snapshots keep capture times to the millisecond: a parsed time is rounded to it, and a
/// written one is rounded to it rather than truncated, so that text, `Date` and text again
/// agree exactly (`…30.214Z` is 30.2139999… s as a `Double`, which truncation writes as `.213`).
enum ISO8601 {
  static func parse(_ text: String) -> Date? {
    let date =
      (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
      ?? (try? Date.ISO8601FormatStyle().parse(text))
    return date.map { Date(timeIntervalSince1970: Double(milliseconds(of: $0)) / 1000) }
  }

  static func format(_ date: Date) -> String {
    let total = milliseconds(of: date)
    let (seconds, fraction) = total.quotientAndRemainder(dividingBy: 1000)
    let adjusted = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
    let whole = Date(timeIntervalSince1970: Double(adjusted.0)).formatted(Date.ISO8601FormatStyle())
    guard adjusted.1 != 0 else { return whole }
    let digits = String(adjusted.1)
    return String(whole.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  private static func milliseconds(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1000).rounded())
  }
}
