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
    var writer = JSONLineWriter()
    switch event.kind {
    case .node(let node):
      writer.field("type", "node")
      writer.field("at", event.atNanos)
      writer.field("id", node.id)
      writer.field("kind", node.kind.rawValue)
      writer.field("label", node.label)
      if node.isAsync { writer.field("async", true) }
      writer.field("family", node.family)
      writer.field("parameter", node.parameter)
      writer.field("owner", node.owner)
      writer.field("valueType", node.valueType)
      writer.field("value", node.value)
      writer.field("status", node.status?.rawValue)
      writer.field("error", node.error)
      writer.field("subscribers", node.subscribers)
    case .edgeAdded(let edge), .edgeRemoved(let edge):
      if case .edgeAdded = event.kind { writer.field("type", "edgeAdded") } else { writer.field("type", "edgeRemoved") }
      writer.field("at", event.atNanos)
      writer.field("from", edge.from)
      writer.field("to", edge.to)
    case .evaluation(let evaluation):
      writer.field("type", "evaluation")
      writer.field("at", event.atNanos)
      writer.field("id", evaluation.node)
      writer.field("durationNanos", evaluation.durationNanos)
      writer.field("trigger", evaluation.trigger)
      writer.field("changed", evaluation.changed)
    case .action(let action):
      writer.field("type", "action")
      writer.field("at", event.atNanos)
      writer.field("seq", action.seq)
      writer.field("store", action.store)
      writer.field("name", action.name)
      writer.field("payload", action.payload)
      writer.field("durationNanos", action.durationNanos)
      writer.changes(action.changes)
    case .effect(let effect):
      writer.field("type", "effect")
      writer.field("at", event.atNanos)
      writer.field("store", effect.store)
      writer.field("effect", effect.effect)
      writer.field("run", effect.run)
      writer.field("phase", effect.phase.rawValue)
      writer.field("error", effect.error)
    case .error(let node, let message):
      writer.field("type", "error")
      writer.field("at", event.atNanos)
      writer.field("id", node)
      writer.field("message", message)
    case .dropped(let count):
      writer.field("type", "dropped")
      writer.field("at", event.atNanos)
      writer.field("count", count)
    }
    return writer.finish()
  }

  /// Decodes one line. Unknown fields are ignored; an unknown `type` is an error.
  ///
  /// - Parameters:
  ///   - line: One line of JSON.
  ///   - lineNumber: The line's number in its file, used in error positions.
  /// - Returns: The event.
  /// - Throws: ``SnapshotError`` naming the line, column and field.
  public static func decode(line: String, lineNumber: Int = 1) throws(SnapshotError) -> InspectorEvent {
    let value: JSONValue
    do {
      value = try JSONReader.parse(Array(line.utf8))
    } catch {
      throw error.onLine(lineNumber)
    }
    do {
      return try EventDecoder.decode(value)
    } catch {
      throw error.onLine(lineNumber)
    }
  }
}

extension SnapshotError {
  /// The same error, placed on a given line of a JSON Lines file.
  func onLine(_ line: Int) -> SnapshotError {
    func move(_ position: SourcePosition) -> SourcePosition { SourcePosition(line: line, column: position.column) }
    func move(_ location: SnapshotLocation) -> SnapshotLocation {
      SnapshotLocation(path: location.path, position: move(location.position))
    }
    switch self {
    case .malformedJSON(let message, let position): return .malformedJSON(message: message, at: move(position))
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
}

/// Compact one-line JSON output for events.
private struct JSONLineWriter {
  private var text = "{"
  private var first = true

  mutating func field(_ key: String, _ value: String?) {
    guard let value else { return }
    writeKey(key)
    text += JSONLineWriter.quote(value)
  }

  mutating func field(_ key: String, _ value: Int?) {
    guard let value else { return }
    writeKey(key)
    text += String(value)
  }

  mutating func field(_ key: String, _ value: Bool) {
    writeKey(key)
    text += value ? "true" : "false"
  }

  mutating func changes(_ changes: [SnapshotChange]) {
    guard !changes.isEmpty else { return }
    writeKey("changes")
    text += "["
    for (index, change) in changes.enumerated() {
      if index > 0 { text += "," }
      var inner = JSONLineWriter()
      inner.field("path", change.path)
      inner.field("before", change.before)
      inner.field("after", change.after)
      text += inner.finish()
    }
    text += "]"
  }

  mutating func finish() -> String {
    text + "}"
  }

  private mutating func writeKey(_ key: String) {
    if !first { text += "," }
    first = false
    text += JSONLineWriter.quote(key) + ":"
  }

  static func quote(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += String(format: "\\u%04x", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
