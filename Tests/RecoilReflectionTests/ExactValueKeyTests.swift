import Testing

@testable import RecoilReflection

/// Equal keys must mean the same value, so what is learnt from one value holds for the other.
@Suite struct ExactValueKeyTests {
  enum Tap: Sendable { case tap(times: Int), rename(String), reset }
  struct Large { var a = 0, b = 0, c = 0, d = 0, e = 0 }
  final class Box {}

  @Test func theSameValueHasTheSameKey() {
    #expect(ExactValueKey(Tap.tap(times: 2)) != nil)
    #expect(ExactValueKey(Tap.tap(times: 2)) == ExactValueKey(Tap.tap(times: 2)))
    #expect(ExactValueKey(Tap.reset) == ExactValueKey(Tap.reset))
    let name = String(repeating: "long name ", count: 5)  // stored out of line
    #expect(ExactValueKey(Tap.rename(name)) == ExactValueKey(Tap.rename(name)))
    let box = Box()
    #expect(ExactValueKey(box) == ExactValueKey(box))
  }

  @Test func differentValuesOrTypesHaveDifferentKeys() {
    #expect(ExactValueKey(Tap.tap(times: 2)) != ExactValueKey(Tap.tap(times: 3)))
    #expect(ExactValueKey(Tap.rename("ann")) != ExactValueKey(Tap.rename("bob")))
    #expect(ExactValueKey(Tap.tap(times: 0)) != ExactValueKey(Tap.reset))
    #expect(ExactValueKey(1) != ExactValueKey(UInt(1)))
    #expect(ExactValueKey(Box()) != ExactValueKey(Box()))
    // The same text in two buffers: a different key, never a wrong one.
    let first = String(repeating: "long name ", count: 5)
    let second = String(repeating: "long name ", count: 5)
    #expect(ExactValueKey(Tap.rename(first)) != ExactValueKey(Tap.rename(second)))
  }

  @Test func largeValuesHaveNoKey() {
    #expect(ExactValueKey(Large()) == nil)
    #expect(ExactValueKey((1, 2, 3, 4)) != nil)
  }
}
