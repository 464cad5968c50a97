import Foundation

/// Reads and writes live events as JSON Lines: one compact JSON object per line.
///
/// ```swift
/// var text = ""
/// for event in events { text += InspectorEventCodec.encode(event) + "\n" }
/// let again = try text.split(separator: "\n").enumerated().map {
///   try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1)
/// }
/// ```
public enum InspectorEventCodec {
  /// Encodes one event as a single line of JSON, without the line break.
  ///
  /// - Parameter event: The event.
  /// - Returns: The JSON text.
  public static func encode(_ event: InspectorEvent) -> String {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    func header(_ type: String) {
      writer.write("type", type)
      writer.write("eventSeq", event.eventSeq)
      writer.write("at", event.atNanos)
      // Not "seq": an action's `seq` is its store's number.
      writer.write("timelineSeq", event.seq)
      writer.write("cause", event.cause)
    }
    switch event.kind {
    case .node(let node):
      header("node")
      writer.writeFields(of: node)
    case .edgeAdded(let edge), .edgeRemoved(let edge):
      if case .edgeAdded = event.kind { header("edgeAdded") } else { header("edgeRemoved") }
      writer.write("from", edge.from)
      writer.write("to", edge.to)
    case .evaluation(let evaluation):
      header("evaluation")
      writer.write("id", evaluation.node)
      writer.write("durationNanos", evaluation.durationNanos)
      writer.write("trigger", evaluation.trigger)
      writer.write("changed", evaluation.changed)
      writer.write("value", evaluation.value)
    case .action(let action):
      header("action")
      writer.writeFields(of: action)
    case .effect(let effect):
      header("effect")
      writer.write("store", effect.store)
      writer.write("effect", effect.effect)
      writer.write("run", effect.run)
      writer.write("phase", effect.phase.rawValue)
      writer.write("error", effect.error)
    case .error(let node, let message):
      header("error")
      writer.write("id", node)
      writer.write("message", message)
    case .dropped(let count):
      header("dropped")
      writer.write("count", count)
    case .nodeRemoved(let id):
      header("nodeRemoved")
      writer.write("id", id)
    case .hello(let hello):
      header("hello")
      writer.write("app", hello.app)
      writer.write("pid", hello.processID)
      writer.write("instance", hello.instance)
      writer.write("version", hello.version)
      writer.write("token", hello.token)
    case .answer(let answer):
      header("answer")
      writer.write("id", answer.id)
      writer.write("ok", answer.ok)
      writer.write("message", answer.message)
      writer.write("seq", answer.seq)
    case .step(let step):
      // An atom effect's phase is an entry of kind effect, apart from a store's effect runs.
      header(step.kind == .effect ? "atomEffect" : step.kind.rawValue)
      writer.writeFields(of: step, identity: false)
    }
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Decodes one line. Unknown fields are ignored; an unknown `type` is an error.
  ///
  /// - Parameters:
  ///   - line: One line of JSON.
  ///   - lineNumber: The line's number in its file, used in error positions.
  /// - Returns: The event.
  /// - Throws: ``SnapshotError`` naming the line, column and field.
  public static func decode(line: String, lineNumber: Int = 1) throws(SnapshotError) -> InspectorEvent {
    try decode(line: Array(line.utf8), lineNumber: lineNumber)
  }

  /// Decodes one line given as UTF-8 bytes, without its line break. Contiguous bytes (an
  /// array, or a slice of a read buffer) are parsed in place.
  ///
  /// ```swift
  /// let event = try InspectorEventCodec.decode(line: Array(#"{"type":"dropped","count":2}"#.utf8))
  /// ```
  ///
  /// - Parameters:
  ///   - line: One line of JSON, as UTF-8.
  ///   - lineNumber: The line's number in its file, used in error positions.
  /// - Returns: The event.
  /// - Throws: ``SnapshotError`` naming the line, column and field.
  public static func decode<Bytes: Collection<UInt8>>(line: Bytes, lineNumber: Int = 1) throws(SnapshotError)
    -> InspectorEvent
  {
    try ByteInput.read(line) { bytes throws(SnapshotError) in try decode(line: bytes, lineNumber: lineNumber) }
  }

  /// Decodes one line read in place: what every public entry ends in, so the event goes
  /// straight to the caller.
  static func decode(line: ByteInput, lineNumber: Int = 1) throws(SnapshotError) -> InspectorEvent {
    do throws(SnapshotError) {
      return try EventDecoder.decode(line)
    } catch {
      throw error.resolvingPositions(in: SourceText(bytes: line.data)).onLine(lineNumber)
    }
  }
}

extension SnapshotError {
  /// The same error with every position passed through `transform`.
  func mapPositions(_ transform: (SourcePosition) -> SourcePosition) -> SnapshotError {
    func move(_ location: SnapshotLocation) -> SnapshotLocation {
      SnapshotLocation(path: location.path, position: transform(location.position))
    }
    switch self {
    case .malformedJSON(let message, let position): return .malformedJSON(message: message, at: transform(position))
    case .wrongFormat(let found, let location): return .wrongFormat(found: found, at: move(location))
    case .unsupportedVersion(let found, let location): return .unsupportedVersion(found: found, at: move(location))
    case .missingField(let location): return .missingField(at: move(location))
    case .typeMismatch(let expected, let found, let location):
      return .typeMismatch(expected: expected, found: found, at: move(location))
    case .invalidValue(let expected, let found, let location):
      return .invalidValue(expected: expected, found: found, at: move(location))
    case .duplicateNodeID(let id, let firstPath, let location):
      return .duplicateNodeID(id: id, firstPath: firstPath, at: move(location))
    case .unknownNode(let id, let location): return .unknownNode(id: id, at: move(location))
    }
  }

  /// The same error with byte offsets turned into lines and columns of `text`.
  func resolvingPositions(in text: SourceText) -> SnapshotError {
    mapPositions { text.resolve($0) }
  }

  /// The same error, placed on a given line of a JSON Lines file.
  func onLine(_ line: Int) -> SnapshotError {
    mapPositions { SourcePosition(line: line, column: $0.column) }
  }
}
