/// Whether eight bytes of text can be copied into JSON as they are: every byte printable
/// ASCII other than `"` and `\`. Tested on the whole word at once (the bit tricks of
/// "Bit Twiddling Hacks": a byte below a bound, or equal to a value, sets its high bit in
/// the result), so that long plain texts are scanned a word at a time (words read by
/// `ByteInput.word(at:)`).
///
/// ```swift
/// PlainWord.isPlain(UInt64(littleEndian: 0x6F6C6C6568_202C))  // true
/// ```
enum PlainWord {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Whether no byte of `word` is below 0x20, at or above 0x7F, `"` or `\`.
  @inline(__always) static func isPlain(_ word: UInt64) -> Bool {
    // A byte below 0x20: subtracting 0x20 borrows into its high bit where it was clear.
    let control = (word &- ones &* 0x20) & ~word & highBits
    // 0x7F and above: 0x7F turns into 0x80 when 1 is added; others have the high bit.
    let high = (word | (word &+ ones)) & highBits
    // `"` (0x22) and `\` (0x5C): a byte equal to the value is zero after xor.
    let quote = hasZeroByte(word ^ (ones &* 0x22))
    let backslash = hasZeroByte(word ^ (ones &* 0x5C))
    return control | high | quote | backslash == 0
  }

  /// Non-zero exactly when some byte of `word` is zero.
  @inline(__always) private static func hasZeroByte(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highBits
  }
}
