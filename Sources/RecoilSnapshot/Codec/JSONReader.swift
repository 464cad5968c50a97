/// A strict JSON parser (RFC 8259) over UTF-8 bytes that records each value's position.
///
/// Invalid UTF-8 and lone surrogate escapes become U+FFFD rather than failing: snapshot text
/// comes from arbitrary app values, and a preview is still worth showing.
struct JSONReader {
  /// Deep nesting is refused rather than risking the stack.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  static func parse(_ bytes: [UInt8]) throws(SnapshotError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    // A UTF-8 byte order mark is tolerated.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      reader.index = 3
      reader.lineStart = 3
    }
    reader.skipWhitespace()
    if reader.index == bytes.count {
      throw reader.failure("the file is empty; expected a JSON object")
    }
    let value = try reader.parseValue(depth: 0)
    reader.skipWhitespace()
    if reader.index < bytes.count {
      throw reader.failure("unexpected \(reader.describeCurrent()) after the end of the JSON value")
    }
    return value
  }

  // MARK: - Positions and failures

  private var position: SourcePosition {
    // Columns count scalars, not bytes: skip UTF-8 continuation bytes.
    var column = 1
    var cursor = lineStart
    while cursor < index {
      if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
      cursor += 1
    }
    return SourcePosition(line: line, column: column)
  }

  private func failure(_ message: String) -> SnapshotError {
    .malformedJSON(message: message, at: position)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F {
      return "character '\(Character(Unicode.Scalar(byte)))'"
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  // MARK: - Values

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D:
        index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(SnapshotError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw failure("values are nested more than \(Self.maximumDepth) levels deep")
    }
    let start = position
    guard index < bytes.count else { throw failure("unexpected end of file; expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
    case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
    case UInt8(ascii: "\""): return JSONValue(content: .string(try parseString()), position: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(content: .bool(true), position: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(content: .bool(false), position: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(content: .null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(content: try parseNumber(), position: start)
    default:
      throw failure("unexpected \(describeCurrent()); expected a value")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(SnapshotError) {
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      index + count <= bytes.count && bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { throw failure("invalid literal; expected \(literal)") }
    index += count
  }

  private mutating func parseObject(depth: Int, start: SourcePosition) throws(SnapshotError)
    -> JSONValue
  {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONValue(content: .object(members), position: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("unexpected \(describeCurrent()); expected a quoted member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("unexpected \(describeCurrent()); expected ':' after member name")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      members.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of file; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return JSONValue(content: .object(members), position: start)
      }
      throw failure("unexpected \(describeCurrent()); expected ',' or '}'")
    }
  }

  private mutating func parseArray(depth: Int, start: SourcePosition) throws(SnapshotError)
    -> JSONValue
  {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSONValue(content: .array(elements), position: start)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of file; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return JSONValue(content: .array(elements), position: start)
      }
      throw failure("unexpected \(describeCurrent()); expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(SnapshotError) -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var run = index  // start of a run of unescaped bytes
    func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) {
      if end > run {
        scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        flush(index, into: &scalars)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(index, into: &scalars)
        index += 1
        scalars.append(try parseEscape())
        run = index
      case 0x0A:
        throw failure("unterminated string (a raw line break must be written as \\n)")
      case 0x00..<0x20:
        throw failure(
          "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped"
        )
      default:
        index += 1
      }
    }
  }

  private mutating func parseEscape() throws(SnapshotError) -> Unicode.Scalar {
    guard index < bytes.count else { throw failure("unterminated escape sequence") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      if (0xD800..<0xDC00).contains(unit) {
        // A high surrogate must be followed by an escaped low surrogate.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          let save = index
          index += 2
          let low = try parseHex4()
          if (0xDC00..<0xE000).contains(low) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
          }
          index = save
        }
        return "\u{FFFD}"
      }
      return Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
    default:
      index -= 1
      throw failure("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseHex4() throws(SnapshotError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw failure("unterminated \\u escape") }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid \\u escape; expected 4 hexadecimal digits")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(SnapshotError) -> JSONValue.Content {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ reader: inout JSONReader) -> Int {
      var count = 0
      while reader.index < reader.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
      {
        reader.index += 1
        count += 1
      }
      return count
    }
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw failure("invalid number; expected a digit") }
    if integerDigits > 1 && bytes[index - integerDigits] == UInt8(ascii: "0") {
      throw failure("invalid number; leading zeros are not allowed")
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits(&self) > 0 else { throw failure("invalid number; expected a digit after '.'") }
    }
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard digits(&self) > 0 else { throw failure("invalid number; expected an exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      throw failure("number \(text) is out of range")
    }
    return .double(value)
  }
}
