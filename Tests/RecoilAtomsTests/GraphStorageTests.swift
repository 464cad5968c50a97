import Testing

@testable import RecoilAtoms

/// The manually managed storage under the graph: index lists (inline, then spilled to a
/// buffer) and dense buffers. Each step is checked against an array doing the same.
@Suite struct GraphStorageTests {
  @Test(arguments: [0, 1, 2, 3, 8, 9, 40])
  func anIndexListKeepsItsElementsInOrderAsItGrows(count: Int) {
    var list = _IndexList()
    var expected: [Int32] = []
    for value in 0..<Int32(count) {
      list.append(value * 3)
      expected.append(value * 3)
      #expect(list.elements == expected)
    }
    #expect(Int(list.count) == count)
    #expect(list.isEmpty == (count == 0))
    for (position, value) in expected.enumerated() {
      #expect(list[position] == value)
      #expect(list.firstIndex(of: value) == position)
    }
    #expect(!list.contains(-1))
    list.free()
    #expect(list.isEmpty)
  }

  @Test func removingFromAnIndexListKeepsTheOthersInOrder() {
    for size in [1, 2, 3, 5, 12] {
      for removed in 0..<size {
        var list = _IndexList()
        var expected = (0..<Int32(size)).map { $0 + 100 }
        for value in expected { list.append(value) }
        list.remove(at: removed)
        expected.remove(at: removed)
        #expect(list.elements == expected, "size \(size), removed \(removed)")
        list.append(7)
        expected.append(7)
        #expect(list.elements == expected, "size \(size), removed \(removed), then appended")
        list.free()
      }
    }
  }

  @Test func replacingAnIndexList() {
    var list = _IndexList()
    list.replace(with: [5, 6, 7, 8])
    #expect(list.elements == [5, 6, 7, 8])
    list.replace(with: [1])
    #expect(list.elements == [1])
    list.replace(with: [])
    #expect(list.isEmpty)
    list.free()
  }

  @Test func aNodeRecordFillsOneCacheLineAndIndexListsTakeSixteenBytes() {
    #expect(MemoryLayout<_NodeRecord>.stride == 64)
    #expect(MemoryLayout<_IndexList>.stride == 16)
    let buffer = _DenseBuffer<_NodeRecord>(capacity: 4)
    #expect(Int(bitPattern: buffer._base) % 64 == 0)
    buffer.deallocate()
  }

  @Test func aDenseBufferGrowsAndKeepsItsElements() {
    var buffer = _DenseBuffer<Int32>(capacity: 1)
    for value in 0..<1000 { buffer.append(Int32(value)) }
    #expect(buffer._count == 1000)
    #expect((0..<1000).allSatisfy { buffer[$0] == Int32($0) })
    buffer[Int32(10)] = -1
    #expect(buffer[10] == -1)
    #expect(buffer.removeLast() == 999)
    buffer[998] = 42
    #expect(buffer.last == 42)
    buffer.truncate(to: 3)
    #expect(buffer._count == 3 && !buffer.isEmpty)
    buffer.truncate(to: 0)
    #expect(buffer.isEmpty)
    buffer.deallocate()
  }

  @Test func nodesAddedAndReleasedManyTimesKeepTheirEdges() throws {
    // Releasing nodes frees their lists and reuses their indices; the graph stays right.
    let container = AtomContainer()
    let base = Atom(1, key: "base")
    for round in 0..<50 {
      let readers = (0..<5).map { index in Selector(key: "reader\(round)-\(index)") { get in try get(base) + index } }
      let sum = Selector(key: "sum\(round)") { get in try readers.reduce(0) { try $0 + get($1) } }
      container.set(base, round)
      #expect(try container.get(sum) == 5 * round + 10)
      #expect(container.release(sum))
      for reader in readers { #expect(container.release(reader)) }
    }
    #expect(try container.get(base) == 49)
  }

  struct Large: Equatable {
    var parts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    static func == (lhs: Large, rhs: Large) -> Bool { lhs.parts.0 == rhs.parts.0 && lhs.parts.9 == rhs.parts.9 }
  }

  @Test func theArenaGivesAlignedPlacesWithAFlagAndReusesFreedOnes() {
    let arena = _ValueArena()
    let small = (0..<100).map { _ in arena.allocate(Int.self) }
    let wide = (0..<10).map { _ in arena.allocate(SIMD4<Double>.self) }
    let large = arena.allocate(Large.self)
    let strings = (0..<10).map { _ in arena.allocate(String.self) }
    for pointer in small { #expect(Int(bitPattern: pointer) % MemoryLayout<Int>.alignment == 0) }
    for pointer in wide { #expect(Int(bitPattern: pointer) % MemoryLayout<SIMD4<Double>>.alignment == 0) }
    // Packed places never overlap: write each, then read each back.
    for (position, pointer) in small.enumerated() { pointer.initialize(to: position) }
    for (position, pointer) in strings.enumerated() { pointer.initialize(to: "value \(position)") }
    large.initialize(to: Large())
    #expect(small.enumerated().allSatisfy { $0.element.pointee == $0.offset })
    #expect(strings.enumerated().allSatisfy { $0.element.pointee == "value \($0.offset)" })
    #expect(large.pointee == Large())
    for pointer in small + wide.map({ UnsafeMutablePointer<Int>(OpaquePointer($0)) }) {
      #expect(!_ValueArena.isReadable(UnsafeMutableRawPointer(pointer)))
    }
    _ValueArena.setReadable(true, at: UnsafeMutableRawPointer(small[3]))
    #expect(_ValueArena.isReadable(UnsafeMutableRawPointer(small[3])))
    #expect(small[2].pointee == 2 && small[3].pointee == 3 && small[4].pointee == 4)
    // A freed place is handed out again for a value of the same size and alignment.
    small[5].deinitialize(count: 1)
    arena.deallocate(small[5])
    #expect(arena.allocate(Int.self) == small[5])
    for pointer in strings { pointer.deinitialize(count: 1) }
    for pointer in strings { arena.deallocate(pointer) }
    large.deinitialize(count: 1)
    arena.deallocate(large)
  }

  @Test func getterReadsSeeErrorsAndLoadingThroughTheReadableFlag() throws {
    struct Broken: Error {}
    let container = AtomContainer()
    let source = Atom(1, key: "source")
    let failing = Selector(key: "failing") { get -> Int in
      if try get(source) < 0 { throw Broken() }
      return try get(source)
    }
    let reader = Selector(key: "reader") { get in try get(failing) * 10 }
    #expect(try container.get(reader) == 10)
    container.set(source, -1)
    #expect(throws: Broken.self) { try container.get(reader) }
    container.set(source, 4)
    #expect(try container.get(reader) == 40)
  }

  @Test func writesStraightToAnUnwatchedAtomKeepEverySemantic() throws {
    // `set` on an Equatable atom nobody watches writes its value in place; once the atom is
    // watched, stubbed or loading, writes go through its slot. Each case must behave the same.
    let a = Atom(1, key: "a")
    let evaluations = Counter()
    let doubled = Selector(key: "doubled") { get -> Int in
      evaluations.increment()
      return try get(a) * 2
    }
    let container = AtomContainer()
    #expect(try container.get(doubled) == 2)
    container.set(a, 1)  // equal: nothing to do
    #expect(try container.get(doubled) == 2)
    #expect(evaluations.count == 1)
    container.set(a, 5)
    #expect(try container.get(doubled) == 10)
    #expect(evaluations.count == 2)

    // Watched: the subscriber hears every change, once.
    let heard = Collected<Int>()
    let subscription = container.subscribe(a) { heard.append($0.value ?? -1) }
    container.set(a, 6)
    container.set(a, 6)
    container.set(a, 7)
    #expect(heard.values == [6, 7])
    subscription.cancel()
    container.set(a, 8)
    #expect(heard.values == [6, 7])
    #expect(try container.get(doubled) == 16)

    // Stubbed: a write replaces the stub.
    container.stub(a, with: 100)
    #expect(try container.get(doubled) == 200)
    container.set(a, 3)
    #expect(try container.get(a) == 3)
    #expect(try container.get(doubled) == 6)
  }

  @Test func reEvaluationsFindTheirDependenciesByAddressOrByKey() throws {
    // A re-evaluation first tries the dependency read at the same position last time, by the
    // node's address; family members are new objects at each call and must be found by key.
    let price = AtomFamily(key: "price") { (sku: Int) in sku * 10 }
    let which = Atom(1, key: "which")
    let fixed = Atom(5, key: "fixed")
    let total = Selector(key: "total") { get in try get(price(get(which))) + get(fixed) + get(fixed) }
    let container = AtomContainer()
    #expect(try container.get(total) == 20)
    for sku in [2, 3, 2, 7] {
      container.set(which, sku)
      #expect(try container.get(total) == sku * 10 + 10)
    }
    container.set(price(7), 1)
    #expect(try container.get(total) == 11)
    container.set(fixed, 0)
    #expect(try container.get(total) == 1)
  }
}
