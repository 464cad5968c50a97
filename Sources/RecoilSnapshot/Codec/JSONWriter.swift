/// Writes JSON with members in the order given: pretty, with two-space indentation, so that
/// snapshots diff well in review; or compact, on one line, for JSON Lines.
struct JSONWriter {
  private(set) var output: [UInt8] = []
  private var indent = 0
  private var needsComma: [Bool] = []
  private let compact: Bool

  init(compact: Bool = false) {
    self.compact = compact
    output.reserveCapacity(compact ? 256 : 4096)
  }

  mutating func beginObject(key: String? = nil) { open(key: key, bracket: UInt8(ascii: "{")) }
  mutating func endObject() { close(bracket: UInt8(ascii: "}")) }
  mutating func beginArray(key: String? = nil) { open(key: key, bracket: UInt8(ascii: "[")) }
  mutating func endArray() { close(bracket: UInt8(ascii: "]")) }

  mutating func write(_ key: String, _ value: String?) {
    guard let value else { return }
    prefix(key: key)
    appendQuoted(value)
  }

  mutating func write(_ key: String, _ value: Int?) {
    guard let value else { return }
    prefix(key: key)
    output.append(contentsOf: String(value).utf8)
  }

  mutating func write(_ key: String, _ value: Bool) {
    prefix(key: key)
    output.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A member whose value is written on the same line, for short objects such as edges.
  mutating func writeInline(_ members: [(String, String)]) {
    prefix(key: nil)
    output.append(UInt8(ascii: "{"))
    for (offset, member) in members.enumerated() {
      if offset > 0 { output.append(contentsOf: (compact ? "," : ", ").utf8) }
      appendQuoted(member.0)
      output.append(contentsOf: (compact ? ":" : ": ").utf8)
      appendQuoted(member.1)
    }
    output.append(UInt8(ascii: "}"))
  }

  // MARK: - Layout

  private mutating func open(key: String?, bracket: UInt8) {
    prefix(key: key)
    output.append(bracket)
    indent += 1
    needsComma.append(false)
  }

  private mutating func close(bracket: UInt8) {
    indent -= 1
    let hadMembers = needsComma.removeLast()
    if hadMembers { newline() }
    output.append(bracket)
  }

  private mutating func prefix(key: String?) {
    if let last = needsComma.last {
      if last { output.append(UInt8(ascii: ",")) }
      needsComma[needsComma.count - 1] = true
      newline()
    }
    if let key {
      appendQuoted(key)
      output.append(contentsOf: (compact ? ":" : ": ").utf8)
    }
  }

  private mutating func newline() {
    guard !compact else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
  }

  private mutating func appendQuoted(_ string: String) {
    output.append(UInt8(ascii: "\""))
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output.append(contentsOf: "\\\"".utf8)
      case "\\": output.append(contentsOf: "\\\\".utf8)
      case "\n": output.append(contentsOf: "\\n".utf8)
      case "\r": output.append(contentsOf: "\\r".utf8)
      case "\t": output.append(contentsOf: "\\t".utf8)
      // Line and paragraph separators end a line for some readers of JSON Lines.
      case "\u{2028}": output.append(contentsOf: "\\u2028".utf8)
      case "\u{2029}": output.append(contentsOf: "\\u2029".utf8)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        } else {
          output.append(contentsOf: String(scalar).utf8)
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
