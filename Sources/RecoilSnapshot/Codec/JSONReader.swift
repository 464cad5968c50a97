import Foundation

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that records where each value starts.
///
/// Each value keeps its byte offset; line and column are worked out only when an error is
/// reported (``SourceText``), so parsing a file written on one line stays linear.
///
/// Invalid UTF-8 and lone surrogate escapes become U+FFFD rather than failing: snapshot text
/// comes from arbitrary app values, and a preview is still worth showing.
struct JSONReader {
  /// Deep nesting is refused rather than risking the stack.
  static let maximumDepth = 512

  /// The text, borrowed for the length of one `parse` call, which owns it: the parser reads
  /// every byte of a large file, so it reads them in place, without a copy or bounds checks
  /// beyond its own `index < bytes.count` tests.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// Members and elements of the containers being read, innermost last. Each container is
  /// copied out once, at its exact size, instead of growing an array of its own.
  private var memberStack: [(key: String, value: JSONValue)] = []
  private var elementStack: [JSONValue] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    memberStack.reserveCapacity(32)
    elementStack.reserveCapacity(32)
  }

  /// Parses one JSON value that fills `bytes`, apart from whitespace and a byte order mark.
  ///
  /// - Throws: ``SnapshotError/malformedJSON(message:at:)`` with an unresolved position (a byte
  ///   offset); ``SnapshotError/resolvingPositions(in:)`` turns it into a line and column.
  static func parse(_ text: [UInt8]) throws(SnapshotError) -> JSONValue {
    let result = text.withUnsafeBufferPointer { buffer in
      Result { () throws(SnapshotError) -> JSONValue in try parse(buffer) }
    }
    return try result.get()
  }

  /// Parses JSON held in `Data`, in place.
  static func parse(_ data: Data) throws(SnapshotError) -> JSONValue {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(SnapshotError) -> JSONValue in try parse(raw.bindMemory(to: UInt8.self)) }
    }
    return try result.get()
  }

  /// Parses JSON in a buffer that stays valid for the call.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SnapshotError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    // A UTF-8 byte order mark is tolerated.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
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

  // MARK: - Failures

  private func failure(_ message: String) -> SnapshotError {
    .malformedJSON(message: message, at: SourcePosition(byteOffset: index))
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
      case 0x20, 0x09, 0x0D, 0x0A: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(SnapshotError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw failure("values are nested more than \(Self.maximumDepth) levels deep")
    }
    let start = index
    guard index < bytes.count else { throw failure("unexpected end of file; expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return JSONValue(content: .string(try parseString()), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(content: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(content: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(content: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(content: try parseNumber(), offset: start)
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

  private mutating func parseObject(depth: Int) throws(SnapshotError) -> JSONValue {
    let start = index
    index += 1
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONValue(content: .object([]), offset: start)
    }
    let base = memberStack.count
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
      memberStack.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of file; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        let members = Array(memberStack[base...])
        memberStack.removeSubrange(base...)
        return JSONValue(content: .object(members), offset: start)
      }
      throw failure("unexpected \(describeCurrent()); expected ',' or '}'")
    }
  }

  private mutating func parseArray(depth: Int) throws(SnapshotError) -> JSONValue {
    let start = index
    index += 1
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSONValue(content: .array([]), offset: start)
    }
    let base = elementStack.count
    while true {
      skipWhitespace()
      let element = try parseValue(depth: depth + 1)
      elementStack.append(element)
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of file; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        let elements = Array(elementStack[base...])
        elementStack.removeSubrange(base...)
        return JSONValue(content: .array(elements), offset: start)
      }
      throw failure("unexpected \(describeCurrent()); expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(SnapshotError) -> String {
    index += 1  // opening quote
    let first = index
    // The common case: no escapes, so the string is one slice of the input.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: bytes[first..<index - 1], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    return try parseEscapedString(from: first)
  }

  /// The rest of a string that holds escapes (or a fault), from its first byte at `first`.
  private mutating func parseEscapedString(from first: Int) throws(SnapshotError) -> String {
    // UTF-8 is gathered as bytes and decoded once, which also repairs invalid sequences.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(index - first + 16)
    utf8.append(contentsOf: bytes[first..<index])
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        let scalar = try parseEscape()
        if scalar.isASCII {
          utf8.append(UInt8(scalar.value))
        } else {
          UTF8.encode(scalar) { utf8.append($0) }
        }
      case 0x0A:
        throw failure("unterminated string (a raw line break must be written as \\n)")
      case 0x00..<0x20:
        throw failure(
          "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped"
        )
      default:
        utf8.append(byte)
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
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // Integers are accumulated as they are read; text is made only for the rest.
    var magnitude = 0
    var fitsInt = true
    let firstDigit = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      let digit = Int(bytes[index] - UInt8(ascii: "0"))
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(digit)
      if overflow1 || overflow2 { fitsInt = false } else { magnitude = sum }
      index += 1
    }
    let integerDigits = index - firstDigit
    guard integerDigits > 0 else { throw failure("invalid number; expected a digit") }
    if integerDigits > 1 && bytes[firstDigit] == UInt8(ascii: "0") {
      throw failure("invalid number; leading zeros are not allowed")
    }
    var isInteger = true
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() > 0 else { throw failure("invalid number; expected a digit after '.'") }
    }
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard skipDigits() > 0 else { throw failure("invalid number; expected an exponent") }
    }
    if isInteger && fitsInt { return .integer(negative ? -magnitude : magnitude) }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      throw failure("number \(shown) is out of range")
    }
    return .double(value)
  }

  private mutating func skipDigits() -> Int {
    let start = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      index += 1
    }
    return index - start
  }
}
