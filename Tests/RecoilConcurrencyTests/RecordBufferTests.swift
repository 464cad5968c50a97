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

  struct Entry {
    var key: Int
    var name: String
    var other: String
  }

  /// Fields read in place, oldest first, wherever the oldest is in the ring.
  @Test func fieldsAreReadInPlaceOldestFirst() throws {
    var buffer = RecordBuffer<Entry>(capacity: 4)
    let key = try #require(RecordField(\Entry.key))
    let name = try #require(RecordField(\Entry.name))
    func keys() -> [Int] { buffer.withFields { fields in (0..<fields.count).map { fields[key, at: $0] } } }
    for value in 1...3 { buffer.append(Entry(key: value, name: "n\(value)", other: "n\(value + 1)")) }
    #expect(keys() == [1, 2, 3])
    for value in 4...6 { buffer.append(Entry(key: value, name: "n\(value)", other: "n\(value + 1)")) }
    #expect(keys() == [3, 4, 5, 6])
    #expect(buffer.withFields { $0[name, at: 0] } == "n3")
    #expect(buffer.withFields { $0[name, at: 3] } == "n6")
    #expect(buffer.withFields { $0.count } == 4)
  }

  /// Two fields compared by their bytes: one text is the same value; equal texts made apart may
  /// not be, and different texts never are.
  @Test func fieldsAreComparedByTheirBytes() throws {
    var buffer = RecordBuffer<Entry>(capacity: 4)
    let name = try #require(RecordField(\Entry.name))
    let other = try #require(RecordField(\Entry.other))
    let shared = String(repeating: "x", count: 40)
    buffer.append(Entry(key: 1, name: "a", other: shared))
    buffer.append(Entry(key: 2, name: shared, other: "b"))
    buffer.append(Entry(key: 3, name: "c", other: "d"))
    buffer.withFields { fields in
      #expect(fields.sameBytes(other, at: 0, as: name, at: 1))
      #expect(!fields.sameBytes(other, at: 1, as: name, at: 2))
      #expect(fields.sameBytes(name, at: 2, as: name, at: 2))
    }
  }

  /// A key path to a computed property names no stored field.
  @Test func aComputedPropertyIsNoField() {
    #expect(RecordField(\Entry.name.count) == nil)
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
  var elements: [Element] {
    guard let whole = RecordField<Element, Element>(\Element.self) else { return [] }
    return withFields { fields in (0..<fields.count).map { fields[whole, at: $0] } }
  }
}
