/// A parsed JSON value that remembers where in the text it started (a byte offset), so that
/// decoding errors can name a line and column as well as a field path.
struct JSONValue: Sendable {
  enum Content: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order; a repeated key keeps its last value.
    case object([(key: String, value: JSONValue)])
  }

  var content: Content
  /// The offset of the value's first byte in the text.
  var offset: Int

  /// Where the value starts, to be resolved to a line and column if an error is reported.
  var position: SourcePosition { SourcePosition(byteOffset: offset) }

  /// The JSON type name used in "expected X, found Y" messages.
  var typeName: String {
    switch content {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A short rendering of the value for error messages: strings are quoted, containers named.
  var preview: String {
    switch content {
    case .null: "null"
    case .bool(let value): String(value)
    case .integer(let value): String(value)
    case .double(let value): String(value)
    case .string(let value):
      "\"" + (value.count > 40 ? String(value.prefix(40)) + "…" : value) + "\""
    case .array: "an array"
    case .object: "an object"
    }
  }

  func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = content else { return nil }
    return members.last(where: { $0.key == key })?.value
  }
}

/// A line and column in a JSON text, both starting at 1. Columns count Unicode scalars.
///
/// ```swift
/// let position = SourcePosition(line: 12, column: 15)
/// print(position)  // 12:15
/// ```
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
  /// The line, starting at 1.
  public var line: Int
  /// The column, starting at 1.
  public var column: Int
  /// While decoding, a position is only a byte offset; ``SourceText`` turns it into a line and
  /// column when an error is reported, so that success never pays for counting lines.
  var byteOffset: Int?

  /// Creates a position.
  ///
  /// ```swift
  /// let start = SourcePosition(line: 1, column: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - line: The line, starting at 1.
  ///   - column: The column, starting at 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// A position known only by its byte offset, until it is resolved.
  init(byteOffset: Int) {
    self.line = 0
    self.column = 0
    self.byteOffset = byteOffset
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
