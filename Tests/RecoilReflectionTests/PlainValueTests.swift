import RecoilReflection
import Testing

/// Small plain values kept as bits in records.
@Suite struct PlainValueTests {
  enum Mode: Sendable { case light, dark }
  struct Pair: Sendable { var a: Int32, b: Int32 }
  struct Wide: Sendable { var a: Int, b: Int }

  @Test func plainValuesOfAtMostEightBytesComeBackAsThemselves() throws {
    #expect(try #require(PlainValue(42)).value as? Int == 42)
    #expect(try #require(PlainValue(-7 as Int8)).value as? Int8 == -7)
    #expect(try #require(PlainValue(true)).value as? Bool == true)
    #expect(try #require(PlainValue(2.5)).value as? Double == 2.5)
    #expect(try #require(PlainValue(Mode.dark)).value as? Mode == .dark)
    let recorded = try #require(PlainValue(Pair(a: 1, b: -2)))
    let pair = try #require(recorded.value as? Pair)
    #expect(pair.a == 1 && pair.b == -2)
    #expect(try #require(PlainValue(Mode?.some(.light))).value as? Mode? == .some(.light))
    #expect(PlainValue(Int?.some(3)) == nil)  // 9 bytes
  }

  @Test func valuesThatAreNotPlainOrAreLargerAreNotKeptAsBits() {
    #expect(PlainValue("text") == nil)
    #expect(PlainValue([1, 2]) == nil)
    #expect(PlainValue(Wide(a: 1, b: 2)) == nil)
  }
}
