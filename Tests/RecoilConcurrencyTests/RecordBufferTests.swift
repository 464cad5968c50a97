import RecoilConcurrency
import Synchronization
import Testing

/// The recorders' own buffer: newest kept, drops counted, elements released.
@Suite struct RecordBufferTests {
  @Test func keepsTheNewestInOrderAndCountsDrops() {
    var buffer = RecordBuffer<Int>(capacity: 3)
    for value in 1...2 { buffer.append(value) }
    #expect(buffer.elements == [1, 2])
    for value in 3...7 { buffer.append(value) }
    #expect(buffer.elements == [5, 6, 7])
    #expect(buffer.dropped == 4)
  }

  @Test func theSegmentsAreTheElementsInPlaceOldestFirst() {
    var buffer = RecordBuffer<Int>(capacity: 4)
    for value in 1...3 { buffer.append(value) }
    buffer.withSegments { older, newer in #expect(Array(older) == [1, 2, 3] && newer.isEmpty) }
    for value in 4...6 { buffer.append(value) }
    buffer.withSegments { older, newer in #expect(Array(older) == [3, 4] && Array(newer) == [5, 6]) }
    for value in 7...8 { buffer.append(value) }
    buffer.withSegments { older, newer in #expect(Array(older) == [5, 6, 7, 8] && newer.isEmpty) }
  }

  @Test func growingKeepsTheElementsInOrderWhereverTheOldestWas() {
    var buffer = RecordBuffer<String>(capacity: 3)
    for value in 1...5 { buffer.append("\(value)") }
    buffer.grow(to: 5)
    buffer.append("6")
    buffer.append("7")
    #expect(buffer.elements == ["3", "4", "5", "6", "7"])
    buffer.append("8")
    #expect(buffer.elements == ["4", "5", "6", "7", "8"])
    #expect(buffer.dropped == 3)
    buffer.grow(to: 2)  // never fewer
    #expect(buffer.capacity == 5)
  }

  final class Counted {
    static let alive = Atomic<Int>(0)
    init() { Self.alive.add(1, ordering: .relaxed) }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
  }

  @Test func overwrittenAndRemainingElementsAreReleased() {
    let before = Counted.alive.load(ordering: .relaxed)
    do {
      var buffer = RecordBuffer<Counted>(capacity: 2)
      for _ in 1...5 { buffer.append(Counted()) }
      #expect(Counted.alive.load(ordering: .relaxed) == before + 2)
      buffer.grow(to: 4)
      #expect(buffer.elements.count == 2)
      #expect(Counted.alive.load(ordering: .relaxed) == before + 2)
    }
    #expect(Counted.alive.load(ordering: .relaxed) == before)
  }
}

extension RecordBuffer {
  /// A copy of the elements, oldest first.
  var elements: [Element] { withSegments { older, newer in Array(older) + Array(newer) } }
}
