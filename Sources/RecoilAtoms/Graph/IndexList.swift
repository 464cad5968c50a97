/// A short list of slot indices (a node's dependencies or dependents) stored without reference
/// counting, in 16 bytes: up to two inline, more in a buffer the list owns.
///
/// Most nodes read one or two others and are read by one or two, so the common case touches
/// no memory beyond the list itself, and reading or walking a list costs no retain, unlike an
/// array. The list is a plain value: the graph keeps exactly one copy of each (in its node
/// records), mutates it in place and calls ``free()`` when the node goes away. A copy taken
/// for iteration must not outlive a mutation of the original.
@usableFromInline struct _IndexList: BitwiseCopyable, Sequence {
  /// The two elements while `capacity` is 2; the address of the buffer after that.
  private var storage: UInt64 = 0
  private(set) var count: Int32 = 0
  private var capacity: Int32 = 2

  init() {}

  var isEmpty: Bool { count == 0 }

  private var spill: UnsafeMutablePointer<Int32>? {
    capacity > 2 ? UnsafeMutablePointer(bitPattern: UInt(storage)) : nil
  }

  subscript(position: Int) -> Int32 {
    if let spill { return spill[position] }
    return Int32(truncatingIfNeeded: position == 0 ? storage : storage >> 32)
  }

  private mutating func setInline(_ position: Int, _ index: Int32) {
    let bits = UInt64(UInt32(bitPattern: index))
    storage =
      position == 0 ? (storage & 0xFFFF_FFFF_0000_0000) | bits : (storage & 0x0000_0000_FFFF_FFFF) | bits << 32
  }

  mutating func append(_ index: Int32) {
    if let spill {
      var buffer = spill
      if count == capacity {
        let larger = UnsafeMutablePointer<Int32>.allocate(capacity: Int(capacity) * 2)
        larger.initialize(from: spill, count: Int(count))
        spill.deallocate()
        buffer = larger
        storage = UInt64(UInt(bitPattern: larger))
        capacity *= 2
      }
      buffer[Int(count)] = index
    } else if count < 2 {
      setInline(Int(count), index)
    } else {
      let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: 8)
      buffer[0] = self[0]
      buffer[1] = self[1]
      buffer[2] = index
      storage = UInt64(UInt(bitPattern: buffer))
      capacity = 8
    }
    count += 1
  }

  func firstIndex(of index: Int32) -> Int? {
    for position in 0..<Int(count) where self[position] == index { return position }
    return nil
  }

  func contains(_ index: Int32) -> Bool { firstIndex(of: index) != nil }

  /// Removes the element at `position`, keeping the order of the others.
  mutating func remove(at position: Int) {
    if let spill {
      (spill + position).update(from: spill + position + 1, count: Int(count) - position - 1)
    } else if position == 0 {
      setInline(0, self[1])
    }
    count -= 1
  }

  /// Releases the buffer, if any, and empties the list.
  mutating func free() {
    spill?.deallocate()
    self = _IndexList()
  }

  /// Replaces the elements with `indices`.
  mutating func replace(with indices: [Int32]) {
    free()
    for index in indices { append(index) }
  }

  var elements: [Int32] { Array(self) }

  @usableFromInline struct Iterator: IteratorProtocol {
    let list: _IndexList
    var position = 0

    @usableFromInline mutating func next() -> Int32? {
      guard position < Int(list.count) else { return nil }
      defer { position += 1 }
      return list[position]
    }
  }

  @usableFromInline func makeIterator() -> Iterator { Iterator(list: self) }
}
