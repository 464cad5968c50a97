/// A strict JSON (RFC 8259) pull parser over UTF-8 bytes: the decoders ask it for the next
/// member or element and read each value straight into the model, with no intermediate tree.
///
/// Positions are byte offsets; ``SourceText`` turns the one that an error names into a line and
/// column, so reading a file written on one line stays linear. Invalid UTF-8 and lone surrogate
/// escapes become U+FFFD rather than failing: snapshot text comes from arbitrary app values.
///
/// The reader is a small value: copying it gives an independent cursor over the same text,
/// which the decoders use to look ahead.
struct JSONReader {
  /// Deep nesting is refused rather than risking the stack.
  static let maximumDepth = 512

  /// The kinds of JSON value.
  enum Kind {
    case object, array, string, number, bool, null

    /// The name used in "expected X, found Y" messages.
    var name: String {
      switch self {
      case .null: "null"
      case .bool: "a boolean"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  /// A number as written: an integer when it has no fraction or exponent and fits in `Int`.
  enum Number {
    case integer(Int)
    case double(Double)
  }

  /// The text, borrowed from the caller of ``withReader(_:source:_:)`` for the length of that call:
  /// every byte of a large file is read, so it is read in place, without a copy.
  private let bytes: ByteInput
  /// What the text is, for the messages that name its end.
  private let source: JSONSource
  private var index = 0
  private var depth = 0
  /// Where the value most recently peeked at starts.
  private(set) var valueStart = 0
  /// Where the reader is: after the value just read, the end of its text.
  var position: Int { index }

  /// Runs `body` with a reader over `bytes`, after a byte order mark if there is one.
  static func withReader<Result>(
    _ bytes: ByteInput, source: JSONSource = .file, _ body: (inout JSONReader) throws(SnapshotError) -> Result
  ) throws(SnapshotError) -> Result {
    var reader = JSONReader(bytes: bytes, source: source)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.index = 3 }
    return try body(&reader)
  }

  private init(bytes: ByteInput, source: JSONSource) {
    self.bytes = bytes
    self.source = source
  }

  /// The first syntax error in `bytes`, if any: the decoders report syntax errors before
  /// errors of meaning, wherever they are, so this runs when decoding has failed.
  static func syntaxError(in bytes: ByteInput) -> SnapshotError? {
    do throws(SnapshotError) {
      try withReader(bytes) { reader throws(SnapshotError) in
        try reader.skipValue()
        try reader.finish()
      }
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Looking at values

  /// The kind of the next value, after whitespace; it is not consumed.
  mutating func peek() throws(SnapshotError) -> Kind {
    skipWhitespace()
    valueStart = index
    guard bytes.holds(index) else {
      throw failure(
        index == 0 || isOnlyPreamble
          ? "\(source.empty); expected a JSON object" : "unexpected \(source.end); expected a value")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw failure("unexpected \(describeCurrent()); expected a value")
    }
  }

  /// Checks that nothing but whitespace follows the value just read.
  mutating func finish() throws(SnapshotError) {
    skipWhitespace()
    if bytes.holds(index) {
      throw failure("unexpected \(describeCurrent()) after the end of the JSON value")
    }
  }

  // MARK: - Containers

  /// Consumes the `{` of an object that ``peek()`` found.
  mutating func beginObject() throws(SnapshotError) {
    try enter()
  }

  /// The next member's name, with the reader placed at its value, or `nil` after the closing
  /// `}`. `isFirst` starts `true` for each object and is kept by the caller.
  mutating func nextMember(isFirst: inout Bool) throws(SnapshotError) -> JSONKey? {
    skipWhitespace()
    if isFirst {
      isFirst = false
      if bytes.holds(index) && bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return nil
      }
    } else {
      guard bytes.holds(index) else { throw failure("unexpected \(source.end); expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return nil
      }
      guard bytes[index] == UInt8(ascii: ",") else {
        throw failure("unexpected \(describeCurrent()); expected ',' or '}'")
      }
      index += 1
      skipWhitespace()
    }
    guard bytes.holds(index), bytes[index] == UInt8(ascii: "\"") else {
      throw failure("unexpected \(describeCurrent()); expected a quoted member name")
    }
    let key = try parseKey()
    skipWhitespace()
    guard bytes.holds(index), bytes[index] == UInt8(ascii: ":") else {
      throw failure("unexpected \(describeCurrent()); expected ':' after member name")
    }
    index += 1
    return key
  }

  /// Consumes the `[` of an array that ``peek()`` found.
  mutating func beginArray() throws(SnapshotError) {
    try enter()
  }

  /// Whether another element follows, with the reader placed at it; `false` after the `]`.
  mutating func nextElement(isFirst: inout Bool) throws(SnapshotError) -> Bool {
    skipWhitespace()
    guard bytes.holds(index) else {
      throw failure(
        isFirst ? "unexpected \(source.end); expected a value" : "unexpected \(source.end); expected ',' or ']'")
    }
    if bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return false
    }
    if isFirst {
      isFirst = false
      return true
    }
    guard bytes[index] == UInt8(ascii: ",") else {
      throw failure("unexpected \(describeCurrent()); expected ',' or ']'")
    }
    index += 1
    return true
  }

  private mutating func enter() throws(SnapshotError) {
    guard depth < Self.maximumDepth else {
      throw failure("values are nested more than \(Self.maximumDepth) levels deep")
    }
    depth += 1
    index += 1
  }

  // MARK: - Scalars

  /// Reads a string that ``peek()`` found.
  mutating func readString() throws(SnapshotError) -> String {
    try parseString()
  }

  /// Reads a string that ``peek()`` found as a name to match (see ``JSONKey``): its bytes in
  /// place, without making a `String`, when it holds no escape.
  mutating func readName() throws(SnapshotError) -> JSONKey {
    try parseKey()
  }

  /// Reads a number that ``peek()`` found.
  mutating func readNumber() throws(SnapshotError) -> Number {
    try parseNumber()
  }

  /// Reads `true` or `false`, which ``peek()`` found.
  mutating func readBool() throws(SnapshotError) -> Bool {
    if bytes[index] == UInt8(ascii: "t") {
      try expectLiteral("true")
      return true
    }
    try expectLiteral("false")
    return false
  }

  /// Reads `null`, which ``peek()`` found.
  mutating func readNull() throws(SnapshotError) {
    try expectLiteral("null")
  }

  /// Reads and discards the next value, checking its syntax.
  mutating func skipValue() throws(SnapshotError) {
    switch try peek() {
    case .object:
      try beginObject()
      var first = true
      while try nextMember(isFirst: &first) != nil { try skipValue() }
    case .array:
      try beginArray()
      var first = true
      while try nextElement(isFirst: &first) { try skipValue() }
    case .string: try skipString()
    case .number: _ = try parseNumber()
    case .bool: _ = try readBool()
    case .null: try readNull()
    }
  }

  /// A short rendering of the next value for error messages: strings quoted (cut at 40
  /// characters), numbers as written, containers named. It is not consumed.
  func preview() -> String {
    var copy = self
    guard let kind = try? copy.peek() else { return "nothing" }
    switch kind {
    case .string:
      guard let text = try? copy.readString() else { return "a string" }
      return "\"" + TextPreview.cut(text, limit: 41) + "\""
    case .number:
      let start = copy.index
      guard (try? copy.readNumber()) != nil else { return "a number" }
      let text = bytes.string(start..<copy.index)
      return TextPreview.cut(text, limit: 41)
    case .bool: return (try? copy.readBool()).map { String($0) } ?? "a boolean"
    case .null, .array, .object: return kind.name
    }
  }

  // MARK: - Failures

  /// Whether everything before `index` is a byte order mark and whitespace.
  private var isOnlyPreamble: Bool {
    (0..<index).allSatisfy { [0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains(bytes[$0]) }
  }

  private func failure(_ message: String) -> SnapshotError {
    .malformedJSON(message: message, at: SourcePosition(byteOffset: index))
  }

  private func describeCurrent() -> String {
    guard bytes.holds(index) else { return source.end }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F {
      return "character '\(Character(Unicode.Scalar(byte)))'"
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  // MARK: - Lexing

  @inline(__always) private mutating func skipWhitespace() {
    while bytes.holds(index) {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D, 0x0A: index += 1
      default: return
      }
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(SnapshotError) {
    guard bytes.hasPrefix(literal, at: index) else { throw failure("invalid literal; expected \(literal)") }
    index += literal.utf8CodeUnitCount
  }

  private mutating func parseString() throws(SnapshotError) -> String {
    index += 1  // opening quote
    let first = index
    // The common case: no escapes, so the string is one slice of the input.
    while bytes.holds(index) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return bytes.string(first..<index - 1)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    return try parseEscapedString(from: first)
  }

  /// A member name: its bytes in place when it holds no escape, which is nearly always.
  private mutating func parseKey() throws(SnapshotError) -> JSONKey {
    let first = index + 1
    var end = first
    while bytes.holds(end) {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        index = end + 1
        return JSONKey(raw: bytes.slice(first..<end))
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    return JSONKey(unescaped: try parseString())
  }

  /// Moves past a string without making it, checking it as ``parseString()`` would.
  private mutating func skipString() throws(SnapshotError) {
    index += 1
    while bytes.holds(index) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        index += 1
        _ = try parseEscape()
        continue
      }
      if byte < 0x20 { try throwControlCharacter(byte) }
      index += 1
    }
    throw failure("unterminated string")
  }

  /// The rest of a string that holds escapes (or a fault), from its first byte at `first`.
  private mutating func parseEscapedString(from first: Int) throws(SnapshotError) -> String {
    // UTF-8 is gathered as bytes and decoded once, which also repairs invalid sequences.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(index - first + 16)
    bytes.append(first..<index, to: &utf8)
    while true {
      // The plain bytes up to the next escape, quote or fault, copied as one run.
      let run = index
      while bytes.holds(index) {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        index += 1
      }
      if index > run { bytes.append(run..<index, to: &utf8) }
      guard bytes.holds(index) else { throw failure("unterminated string") }
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
      default:
        try throwControlCharacter(byte)
      }
    }
  }

  private func throwControlCharacter(_ byte: UInt8) throws(SnapshotError) {
    if byte == 0x0A { throw failure("unterminated string (a raw line break must be written as \\n)") }
    throw failure("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
  }

  private mutating func parseEscape() throws(SnapshotError) -> Unicode.Scalar {
    guard bytes.holds(index) else { throw failure("unterminated escape sequence") }
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
        if bytes.holds(index + 1), bytes[index] == UInt8(ascii: "\\"),
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
      guard bytes.holds(index) else { throw failure("unterminated \\u escape") }
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

  private mutating func parseNumber() throws(SnapshotError) -> Number {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // Integers are accumulated as they are read; text is made only for the rest. Downwards
    // from 0, so that Int.min, which has no positive counterpart, is read too.
    var negated = 0
    var fitsInt = true
    let firstDigit = index
    while bytes.holds(index), bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      let digit = Int(bytes[index] - UInt8(ascii: "0"))
      let (times10, overflow1) = negated.multipliedReportingOverflow(by: 10)
      let (difference, overflow2) = times10.subtractingReportingOverflow(digit)
      if overflow1 || overflow2 { fitsInt = false } else { negated = difference }
      index += 1
    }
    if !negative && negated == .min { fitsInt = false }
    let integerDigits = index - firstDigit
    guard integerDigits > 0 else { throw failure("invalid number; expected a digit") }
    if integerDigits > 1 && bytes[firstDigit] == UInt8(ascii: "0") {
      throw failure("invalid number; leading zeros are not allowed")
    }
    var isInteger = true
    if bytes.holds(index) && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() > 0 else { throw failure("invalid number; expected a digit after '.'") }
    }
    if bytes.holds(index) && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if bytes.holds(index) && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard skipDigits() > 0 else { throw failure("invalid number; expected an exponent") }
    }
    if isInteger && fitsInt { return .integer(negative ? negated : -negated) }
    let text = bytes.string(start..<index)
    guard let value = Double(text), value.isFinite else {
      let shown = TextPreview.cut(text, limit: 41)
      throw failure("number \(shown) is out of range")
    }
    return .double(value)
  }

  private mutating func skipDigits() -> Int {
    let start = index
    while bytes.holds(index), bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      index += 1
    }
    return index - start
  }
}
