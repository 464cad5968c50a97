import Testing

@testable import RecoilSnapshot

/// The word-at-a-time test must say exactly what testing each byte says.
@Suite struct PlainWordTests {
  static func plainByByte(_ word: UInt64) -> Bool {
    (0..<8).allSatisfy { shift in
      let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(shift)))
      return byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
  }

  @Test func everyByteValueInEveryPositionIsJudgedAsAlone() {
    let plain = UInt64(0x6162_6364_6566_6768)  // "hgfedcba"
    #expect(PlainWord.isPlain(plain))
    for position in 0..<8 {
      for value in 0...255 {
        let mask = UInt64(0xFF) << (8 * UInt64(position))
        let word = (plain & ~mask) | (UInt64(value) << (8 * UInt64(position)))
        #expect(PlainWord.isPlain(word) == Self.plainByByte(word), "byte \(value) at \(position)")
      }
    }
  }

  @Test func randomWordsAgreeWithTheByteTest() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50_000 {
      // Mostly printable bytes, so that both answers come up.
      var word: UInt64 = 0
      for shift in 0..<8 {
        let byte: UInt8 =
          Int.random(in: 0..<10, using: &generator) == 0 ? .random(in: 0...255) : .random(in: 0x1E...0x80)
        word |= UInt64(byte) << (8 * UInt64(shift))
      }
      #expect(PlainWord.isPlain(word) == Self.plainByByte(word))
    }
  }
}
