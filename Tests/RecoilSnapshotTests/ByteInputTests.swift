import Foundation
import Testing

@testable import RecoilSnapshot

/// The reader every decoder reads through: words at every position up to the end, and the
/// comparisons that stop at the end instead of reading past it.
@Suite struct ByteInputTests {
  @Test func aWordAtEveryPositionHoldsTheBytesThereThenSpaces() {
    let bytes = (0..<19).map { UInt8(0x41 + $0) }
    ByteInput.read(bytes) { input in
      for index in 0...bytes.count {
        let expected = (0..<8).reduce(UInt64(0)) { word, offset in
          let byte = index + offset < bytes.count ? bytes[index + offset] : 0x20
          return word | UInt64(byte) << (8 * UInt64(offset))
        }
        #expect(input.word(at: index) == expected, "at \(index)")
      }
    }
  }

  @Test func prefixesAndNamesAreComparedWithinTheBytes() {
    ByteInput.read(Data("null".utf8)) { input in
      #expect(input.hasPrefix("null", at: 0))
      #expect(input.hasPrefix("ull", at: 1))
      #expect(!input.hasPrefix("nulls", at: 0))
      #expect(!input.hasPrefix("l", at: 4))
      #expect(!input.hasPrefix("n", at: -1))
      #expect(input.slice(1..<3).equals("ul"))
      #expect(input.slice(1..<3).equals("ul" as String))
      #expect(!input.slice(1..<3).equals("ull"))
      #expect(input.string(0..<4) == "null")
    }
  }

  @Test func bytesThatAreNotContiguousAreReadFromACopy() {
    let bytes = (0..<10).lazy.map { UInt8(0x30 + $0) }
    #expect(ByteInput.read(bytes) { $0.string } == "0123456789")
    #expect(ByteInput.read(utf8Of: "é\u{202E}") { $0.array } == Array("é\u{202E}".utf8))
  }
}
