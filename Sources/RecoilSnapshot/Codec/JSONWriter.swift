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
    output.append(part.output)
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

  /// An array member of short objects, each written on one line by `writeInline(_:)`.
  package mutating func writeInlines<Elements: Sequence>(
    key: StaticString, _ elements: Elements, _ members: (Elements.Element) -> [(String, String)]
  ) {
    beginArray(key: key)
    for element in elements { writeInline(members(element)) }
    endArray()
  }

  /// An array of strings, as a member (`key`) or an element (no key): `"reads": ["a", "b"]`.
  package mutating func writeArray(key: StaticString? = nil, _ elements: [String]) {
    beginArray(key: key)
    for element in elements { writeElement(element) }
    endArray()
  }

  /// An array of numbers, as a member (`key`) or an element (no key): `"groups": [3, 5]`.
  package mutating func writeArray(key: StaticString? = nil, _ elements: [Int]) {
    beginArray(key: key)
    for element in elements { writeElement(element) }
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
    output.appendDecimal(value)
  }

  /// A number member whose key is made at run time, escaped like any text.
  package mutating func write(textKey key: String, _ value: Int) {
    prefix(key: nil)
    appendQuoted(key)
    output.append(compact ? ":" : ": ")
    output.appendDecimal(value)
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
    // Past 2^53 a double has no fraction to write, and past Int's range no Int to make.
    guard abs(value) < 9.0e15 else {
      output.append(value.description)  // such as 9.2e+16, valid JSON
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

  /// `text` as a JSON string, quoted and escaped: for a value spliced into JSON written by hand.
  ///
  /// ```swift
  /// JSONWriter.quoted("EUR")  // "\"EUR\""
  /// ```
  package static func quoted(_ text: String) -> String {
    var writer = JSONWriter(compact: true)
    writer.writeElement(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A number element of an array.
  package mutating func writeElement(_ value: Int) {
    prefix(key: nil)
    output.appendDecimal(value)
  }

  /// A `null` element of an array.
  package mutating func writeNullElement() {
    prefix(key: nil)
    output.append("null")
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
    // The comma, the newline and the indentation, cut from a literal; an indentation deeper
    // than it (rare) is continued from its spaces.
    let literal = Self.commaNewlineAndSpaces
    let spaces = literal.utf8CodeUnitCount - 2
    let depth = indent * 2
    let start = comma ? 0 : 1
    guard depth > spaces else {
      output.append(literal, from: start, count: (comma ? 2 : 1) + depth)
      return
    }
    output.append(literal, from: start, count: (comma ? 2 : 1) + spaces)
    var remaining = depth - spaces
    while remaining > 0 {
      let more = min(remaining, spaces)
      output.append(literal, from: 2, count: more)
      remaining -= more
    }
  }

  /// A comma, a newline and 64 spaces: indentation 32 levels deep.
  private static let commaNewlineAndSpaces: StaticString =
    ",\n                                                                "

  /// Writes `string` as a JSON string. Besides what JSON requires, it escapes what a terminal or
  /// a JSON Lines reader would act on (DEL, C1 controls, U+2028/U+2029, bidi overrides and
  /// isolates), so printed JSON is inert; it reads back exactly.
  private mutating func appendQuoted(_ string: String) {
    output.append(UInt8(ascii: "\""))
    ByteInput.read(utf8Of: string) { appendEscaped($0) }
    output.append(UInt8(ascii: "\""))
  }

  /// Copies `bytes` as they are, in runs, with the characters that need it escaped (see
  /// `JSONEscape`).
  private mutating func appendEscaped(_ bytes: ByteInput) {
    let count = bytes.count
    var run = 0  // start of the bytes not yet copied
    var index = 0
    while index < count {
      // Eight bytes at a time while none of them needs a look (see `PlainWord`).
      if PlainWord.isPlain(bytes.word(at: index)) {
        index += 8
        continue
      }
      // One of the next eight does: they are looked at one by one.
      let end = min(index + 8, count)
      while index < end {
        guard JSONEscape.mayStartEscape(bytes[index]) else {
          index += 1
          continue
        }
        let escape = JSONEscape(of: bytes, at: index)
        if escape.count > 0 {
          output.append(bytes, run..<index)
          output.append(word: escape.bytes, count: escape.count)
          run = index + escape.length
        }
        index += escape.length
      }
    }
    output.append(bytes, run..<count)
  }
}
