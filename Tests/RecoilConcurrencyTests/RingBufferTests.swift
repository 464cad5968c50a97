import RecoilConcurrency
import Testing

/// The bounded buffer behind every trace and timeline.
@Suite struct RingBufferTests {
  @Test func keepsTheNewestAndCountsDrops() {
    var buffer = RingBuffer<Int>(capacity: 3)
    for value in 1...5 { buffer.append(value) }
    #expect(buffer.elements == [3, 4, 5])
    #expect(buffer.dropped == 2)
    #expect(buffer.count == 3)
  }

  @Test func growingKeepsTheElementsInOrder() {
    var buffer = RingBuffer<Int>(capacity: 3)
    for value in 1...5 { buffer.append(value) }
    buffer.grow(to: 5)
    buffer.append(6)
    buffer.append(7)
    #expect(buffer.elements == [3, 4, 5, 6, 7])
    #expect(buffer.capacity == 5)
    buffer.append(8)
    #expect(buffer.elements == [4, 5, 6, 7, 8])
    buffer.grow(to: 2)  // never shrinks
    #expect(buffer.capacity == 5)
  }

  @Test(arguments: [1, 2, 7])
  func wrapsAroundAnyNumberOfTimes(capacity: Int) {
    var buffer = RingBuffer<Int>(capacity: capacity)
    for value in 0..<(capacity * 3 + 1) {
      buffer.append(value)
      let expected = Array(max(0, value + 1 - capacity)...value)
      #expect(buffer.elements == expected)
      #expect(buffer.dropped == max(0, value + 1 - capacity))
    }
  }
}
