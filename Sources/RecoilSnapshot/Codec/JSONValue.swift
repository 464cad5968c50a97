/// A short JSON message read whole into a tree: a control request, the server's answer to it,
/// a store's action cases. The snapshot and the live stream are read by their pull decoders
/// straight into their models; this is for messages too small and too loose for a decoder of
/// their own. Each value keeps where it stood, so a part can be passed on exactly as written
/// (``text``): the value a control request carries reaches the app's `Decodable` untouched.
///
/// ```swift
/// let answer = try JSONValue(parsing: Array(#"{"ok":true,"message":"set A"}"#.utf8))
/// answer["ok"]?.bool        // true
/// answer["message"]?.string // "set A"
/// ```
package struct JSONValue: Sendable {
  /// What a value is, with its parts.
  package indirect enum Content: Sendable {
    /// Members in the order written; a repeated name keeps each.
    case object([(name: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    case bool(Bool)
    case null
  }

  /// What it is.
  package let content: Content
  /// The whole message's bytes (shared by every part, not copied) and this value's place in them.
  private let source: [UInt8]
  private let range: Range<Int>

  /// Reads one JSON value that fills `bytes`.
  ///
  /// ```swift
  /// let value = try JSONValue(parsing: Array("[1, 2]".utf8))
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The message.
  ///   - kind: What it is, as an error names its end: a file, or a control request.
  /// - Throws: ``SnapshotError/malformedJSON(message:at:)`` at the first byte that is not JSON.
  package init(parsing bytes: some Collection<UInt8>, as kind: JSONSource = .file) throws(SnapshotError) {
    let source = Array(bytes)
    self = try ByteInput.read(source) { input throws(SnapshotError) in
      try JSONReader.withReader(input, source: kind) { reader throws(SnapshotError) in
        let value = try Self.read(&reader, source: source)
        try reader.finish()
        return value
      }
    }
  }

  private init(_ content: Content, source: [UInt8], range: Range<Int>) {
    self.content = content
    self.source = source
    self.range = range
  }

  private static func read(_ reader: inout JSONReader, source: [UInt8]) throws(SnapshotError) -> JSONValue {
    let kind = try reader.peek()
    let start = reader.valueStart
    let content: Content
    switch kind {
    case .object:
      try reader.beginObject()
      var members: [(name: String, value: JSONValue)] = []
      var first = true
      while let name = try reader.nextMember(isFirst: &first) {
        members.append((name.string, try read(&reader, source: source)))
      }
      content = .object(members)
    case .array:
      try reader.beginArray()
      var elements: [JSONValue] = []
      var first = true
      while try reader.nextElement(isFirst: &first) { elements.append(try read(&reader, source: source)) }
      content = .array(elements)
    case .string: content = .string(try reader.readString())
    case .number:
      switch try reader.readNumber() {
      case .integer(let value): content = .integer(value)
      case .double(let value): content = .double(value)
      }
    case .bool: content = .bool(try reader.readBool())
    case .null:
      try reader.readNull()
      content = .null
    }
    return JSONValue(content, source: source, range: start..<reader.position)
  }

  /// The value as it was written, byte for byte.
  package var text: String { String(decoding: source[range], as: UTF8.self) }

  /// The last member named `name` of an object (as most readers of JSON take a repeated
  /// name), or `nil` when there is none or this is not an object.
  package subscript(name: String) -> JSONValue? {
    guard case .object(let members) = content else { return nil }
    return members.last { $0.name == name }?.value
  }

  /// The members' names, in order, when this is an object.
  package var names: [String]? {
    guard case .object(let members) = content else { return nil }
    return members.map(\.name)
  }

  /// The elements, when this is an array.
  package var elements: [JSONValue]? {
    guard case .array(let elements) = content else { return nil }
    return elements
  }

  /// The string, when this is one.
  package var string: String? {
    guard case .string(let text) = content else { return nil }
    return text
  }

  /// The boolean, when this is one.
  package var bool: Bool? {
    guard case .bool(let value) = content else { return nil }
    return value
  }

  /// Whether this is `null`.
  package var isNull: Bool {
    if case .null = content { return true }
    return false
  }
}
