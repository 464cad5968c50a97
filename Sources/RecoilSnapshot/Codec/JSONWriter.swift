/// Writes JSON with members in the order given: pretty, with two-space indentation, so that
/// snapshots diff well in review; or compact, on one line, for JSON Lines. Package-wide, so
/// that the command line's `--format json` outputs are written the same way.
package struct JSONWriter: ~Copyable {
  private var output: ByteOutput
  private var indent = 0
  /// Whether the innermost open object or array has a member yet (a comma goes before the
  /// next), and the same for each one around it, innermost last: kept apart so that the
  /// member being written touches no array.
  private var hasMembers = false
  private var outerHasMembers: [Bool] = []
  private var isOpen = false
  private let compact: Bool

  package init(compact: Bool = false) {
    self.compact = compact
    output = ByteOutput(capacity: compact ? 256 : 4096)
  }

  /// A writer appending to `output`, which ``finishedOutput()`` hands back.
  package init(compact: Bool = false, output: consuming ByteOutput) {
    self.compact = compact
    self.output = output
  }

  /// A writer for members of an object `depth` levels deep that already has members: what it
  /// writes is appended to the output of the writer of that object (see `append(_:)`), as if
  /// that writer had written it. Lets parts of one document be written at the same time.
  package init(compact: Bool = false, membersAtDepth depth: Int, capacity: Int) {
    self.compact = compact
    output = ByteOutput(capacity: capacity)
    indent = depth
    isOpen = true
    hasMembers = true
  }

  /// Appends what a writer made by `init(compact:membersAtDepth:capacity:)` wrote, for the
  /// object this writer has open at that depth, which has members.
  package mutating func append(_ part: consuming JSONWriter) {
    part.output.withBytes { output.append($0) }
  }

  /// Ends the document with a newline and hands over its output, uncopied.
  package consuming func finishedOutput() -> ByteOutput {
    output.append(0x0A)
    return output
  }

  /// The bytes written so far.
  package var bytes: [UInt8] { output.bytes }

  package mutating func beginObject(key: StaticString? = nil) { open(key: key, bracket: UInt8(ascii: "{")) }

  /// An array member of one object per element, each object's members written by `fields`.
  package mutating func writeObjects<Elements: Sequence>(
    key: StaticString, _ elements: Elements, _ fields: (inout JSONWriter, Elements.Element) -> Void
  ) {
    beginArray(key: key)
    for element in elements {
      beginObject()
      fields(&self, element)
      endObject()
    }
    endArray()
  }
  package mutating func endObject() { close(bracket: UInt8(ascii: "}")) }
  package mutating func beginArray(key: StaticString? = nil) { open(key: key, bracket: UInt8(ascii: "[")) }
  package mutating func endArray() { close(bracket: UInt8(ascii: "]")) }

  package mutating func write(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    prefix(key: key)
    appendQuoted(value)
  }

  package mutating func write(_ key: StaticString, _ value: Int?) {
    guard let value else { return }
    prefix(key: key)
    appendDecimal(value)
  }

  /// A number member whose key is made at run time, escaped like any text.
  package mutating func write(textKey key: String, _ value: Int) {
    prefix(key: nil)
    appendQuoted(key)
    output.append(compact ? ":" : ": ")
    appendDecimal(value)
  }

  package mutating func write(_ key: StaticString, _ value: Bool) {
    prefix(key: key)
    output.append(value ? "true" : "false")
  }

  /// A number with two decimals, or null when it is not finite (JSON has no infinity).
  package mutating func write(_ key: StaticString, twoDecimals value: Double) {
    prefix(key: key)
    guard value.isFinite else {
      output.append("null")
      return
    }
    let hundredths = Int((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = abs(hundredths)
    let fraction = magnitude % 100
    output.append("\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)")
  }

  /// A string element of an array.
  package mutating func writeElement(_ value: String) {
    prefix(key: nil)
    appendQuoted(value)
  }

  /// A number element of an array.
  package mutating func writeElement(_ value: Int) {
    prefix(key: nil)
    appendDecimal(value)
  }

  /// The text written so far, ending in a newline.
  package var text: String { String(decoding: output.bytes, as: UTF8.self) + "\n" }

  /// A member whose value is written on the same line, for short objects such as edges.
  package mutating func writeInline(_ members: [(String, String)]) {
    prefix(key: nil)
    output.append(UInt8(ascii: "{"))
    for (offset, member) in members.enumerated() {
      if offset > 0 { output.append(compact ? "," : ", ") }
      appendQuoted(member.0)
      output.append(compact ? ":" : ": ")
      appendQuoted(member.1)
    }
    output.append(UInt8(ascii: "}"))
  }

  // MARK: - Layout

  private mutating func open(key: StaticString?, bracket: UInt8) {
    prefix(key: key)
    output.append(bracket)
    indent += 1
    if isOpen { outerHasMembers.append(hasMembers) }
    isOpen = true
    hasMembers = false
  }

  private mutating func close(bracket: UInt8) {
    indent -= 1
    if hasMembers { newline() }
    output.append(bracket)
    if let outer = outerHasMembers.popLast() {
      hasMembers = outer
    } else {
      isOpen = false
    }
  }

  private mutating func prefix(key: StaticString?) {
    if isOpen {
      newline(afterComma: hasMembers)
      hasMembers = true
    }
    if let key {
      // Keys are the program's own literals, plain ASCII: copied as they are, not escaped.
      assert(
        key.hasPointerRepresentation
          && key.withUTF8Buffer { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C } })
      output.appendKey(key, spaced: !compact)
    }
  }

  /// Starts a member's line, after a comma when the object or array has members already.
  private mutating func newline(afterComma comma: Bool = false) {
    if compact {
      if comma { output.append(UInt8(ascii: ",")) }
      return
    }
    // The comma, the newline and the indentation, cut from a literal of static lifetime; an
    // indentation deeper than it (rare) is continued from its spaces.
    let literal = Self.commaNewlineAndSpaces.utf8Start
    let spaces = Self.commaNewlineAndSpaces.utf8CodeUnitCount - 2
    let depth = indent * 2
    let start = comma ? literal : literal + 1
    guard depth > spaces else {
      output.append(UnsafeRawBufferPointer(start: start, count: (comma ? 2 : 1) + depth))
      return
    }
    output.append(UnsafeRawBufferPointer(start: start, count: (comma ? 2 : 1) + spaces))
    var remaining = depth - spaces
    while remaining > 0 {
      let more = min(remaining, spaces)
      output.append(UnsafeRawBufferPointer(start: literal + 2, count: more))
      remaining -= more
    }
  }

  /// A comma, a newline and 64 spaces: indentation 32 levels deep.
  private static let commaNewlineAndSpaces: StaticString =
    ",\n                                                                "

  /// A decimal integer, its digits written straight into the output.
  private mutating func appendDecimal(_ value: Int) {
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for Int.min's 20 digits and sign
    withUnsafeMutableBytes(of: &digits) { buffer in
      var position = buffer.count
      repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        position -= 1
        buffer[position] = UInt8(ascii: "-")
      }
      output.append(UnsafeRawBufferPointer(rebasing: buffer[position...]))
    }
  }

  /// Writes `string` as a JSON string. Besides what JSON requires, it escapes what a terminal or
  /// a JSON Lines reader would act on (DEL, C1 controls, U+2028/U+2029, bidi overrides and
  /// isolates), so printed JSON is inert; it reads back exactly.
  private mutating func appendQuoted(_ string: String) {
    output.append(UInt8(ascii: "\""))
    // Read in place: a native string's bytes are contiguous, and no copy is made to get them.
    if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
      let bytes = Array(string.utf8)
      bytes.withUnsafeBufferPointer { appendEscaped($0) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Copies `bytes` as they are, in runs, with the characters that need it escaped.
  private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var run = 0  // start of bytes copied as they are
    var index = 0
    // Eight bytes at a time while none of them needs a look (see `PlainWord`).
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count,
        PlainWord.isPlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      // Fast path: printable ASCII and UTF-8 lead and continuation bytes that start nothing
      // escaped are copied in runs.
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0x7F
        && byte != 0xC2 && byte != 0xE2
      {
        index += 1
        continue
      }
      let (escape, length) = Self.escape(bytes, at: index)
      guard let escape else {
        index += length
        continue
      }
      output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[run..<index])))
      output.append(escape)
      index += length
      run = index
    }
    output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[run..<bytes.count])))
  }

  /// The escape for the character starting at `index`, or `nil` to copy it, and its length in bytes.
  private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String?, Int) {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\""): return ("\\\"", 1)
    case UInt8(ascii: "\\"): return ("\\\\", 1)
    case 0x0A: return ("\\n", 1)
    case 0x0D: return ("\\r", 1)
    case 0x09: return ("\\t", 1)
    case 0x00..<0x20, 0x7F: return (unicodeEscape(UInt32(byte)), 1)
    case 0xC2:
      // U+0080–U+009F, the C1 controls, are C2 80 to C2 9F.
      if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
        return (unicodeEscape(UInt32(bytes[index + 1])), 2)
      }
      return (nil, 1)
    default:  // 0xE2
      // U+2028–U+202E are E2 80 A8 to E2 80 AE; U+2066–U+2069 are E2 81 A6 to E2 81 A9.
      guard index + 2 < bytes.count else { return (nil, 1) }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      if second == 0x80, (0xA8...0xAE).contains(third) { return (unicodeEscape(0x2000 + UInt32(third - 0x80)), 3) }
      if second == 0x81, (0xA6...0xA9).contains(third) { return (unicodeEscape(0x2040 + UInt32(third - 0x80)), 3) }
      return (nil, 1)
    }
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
