/// What a character of a JSON string is written as: itself, or an escape of at most six
/// bytes (`\"`, `\n`, `\u001b`…), held in one word so that writing it makes no string.
///
/// Besides what JSON requires (quote, backslash, controls below U+0020), it escapes what a
/// terminal or a JSON Lines reader would act on: DEL, the C1 controls, U+2028 and U+2029, and
/// the bidi overrides and isolates. Printed JSON is then inert, and reads back exactly.
///
/// ```swift
/// let bytes: [UInt8] = Array("a\"b".utf8)
/// let escape = ByteInput.read(bytes) { JSONEscape(of: $0, at: 1) }
/// (escape.count, escape.length)  // (2, 1): `\"` for the quote
/// ```
struct JSONEscape {
  /// The escape's bytes, first byte lowest; none when the character is copied as it is.
  private(set) var bytes: UInt64 = 0
  /// How many of `bytes` are the escape (0: none).
  private(set) var count = 0
  /// How many bytes of the input the character takes.
  private(set) var length = 1

  /// Whether a byte can start a character that is escaped: a control, a quote, a backslash,
  /// DEL, or the lead byte of a C1 control (C2) or of U+2028–U+202E and U+2066–U+2069 (E2).
  @inline(__always) static func mayStartEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
      || byte == 0xE2
  }

  /// The escape for the character starting at `index`.
  init(of input: ByteInput, at index: Int) {
    let byte = input[index]
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.init(backslashAnd: byte)
    case 0x0A: self.init(backslashAnd: UInt8(ascii: "n"))
    case 0x0D: self.init(backslashAnd: UInt8(ascii: "r"))
    case 0x09: self.init(backslashAnd: UInt8(ascii: "t"))
    case 0x00..<0x20, 0x7F: self.init(unicode: UInt16(byte), length: 1)
    case 0xC2:
      // U+0080–U+009F, the C1 controls, are C2 80 to C2 9F.
      if index + 1 < input.count, (0x80...0x9F).contains(input[index + 1]) {
        self.init(unicode: UInt16(input[index + 1]), length: 2)
      } else {
        self.init()
      }
    case 0xE2:
      // U+2028–U+202E are E2 80 A8 to E2 80 AE; U+2066–U+2069 are E2 81 A6 to E2 81 A9.
      guard index + 2 < input.count else {
        self.init()
        return
      }
      let (second, third) = (input[index + 1], input[index + 2])
      if second == 0x80, (0xA8...0xAE).contains(third) {
        self.init(unicode: 0x2000 + UInt16(third - 0x80), length: 3)
      } else if second == 0x81, (0xA6...0xA9).contains(third) {
        self.init(unicode: 0x2040 + UInt16(third - 0x80), length: 3)
      } else {
        self.init()
      }
    default:
      self.init()
    }
  }

  /// No escape: the character is one byte, copied as it is.
  private init() {}

  /// A backslash and one character, `\n` say.
  private init(backslashAnd character: UInt8) {
    bytes = UInt64(UInt8(ascii: "\\")) | UInt64(character) << 8
    count = 2
  }

  /// `\u` and four lowercase hexadecimal digits, for a character of `length` input bytes.
  private init(unicode value: UInt16, length: Int) {
    bytes = UInt64(UInt8(ascii: "\\")) | UInt64(UInt8(ascii: "u")) << 8
    for position in 0..<4 {
      let digit = UInt8(truncatingIfNeeded: value >> (12 - 4 * position)) & 0xF
      let hex = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
      bytes |= UInt64(hex) << (16 + 8 * position)
    }
    count = 6
    self.length = length
  }
}
