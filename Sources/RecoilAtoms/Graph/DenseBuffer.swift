/// A growable run of plain values written in place through a pointer.
///
/// The graph's node records and its work stacks change on every evaluation. Kept in arrays
/// stored on a class, each write would first check that the array's storage is uniquely
/// referenced; through a pointer a write is one store, in place. The owner (``GraphCore`` or
/// the evaluation recorder) frees the buffer in its `deinit`, and like everything in the core
/// it is only used under the container's lock.
@usableFromInline struct DenseBuffer<Element: BitwiseCopyable> {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int

  init(capacity: Int = 16) {
    self.capacity = max(capacity, 1)
    base = Self.allocate(capacity: self.capacity)
  }

  /// Storage aligned to a cache line, so that an element of 64 bytes fills exactly one.
  static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride, alignment: max(MemoryLayout<Element>.alignment, 64)
    )
    .bindMemory(to: Element.self, capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  // Addressors: `buffer[i].field = x` writes the field in place.
  @inlinable subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(base + index) }
    nonmutating unsafeMutableAddress { base + index }
  }

  @inlinable subscript(index: Int32) -> Element {
    unsafeAddress { UnsafePointer(base + Int(index)) }
    nonmutating unsafeMutableAddress { base + Int(index) }
  }

  /// The last element; the buffer must not be empty.
  @inlinable var last: Element { base[count - 1] }

  @inlinable mutating func append(_ element: Element) {
    if _slowPath(count == capacity) { grow() }
    base[count] = element
    count += 1
  }

  @inlinable @discardableResult mutating func removeLast() -> Element {
    count -= 1
    return base[count]
  }

  /// Keeps the first `newCount` elements.
  mutating func truncate(to newCount: Int) {
    count = min(count, newCount)
  }

  @usableFromInline mutating func grow() {
    let larger = Self.allocate(capacity: capacity * 2)
    larger.initialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }
}
