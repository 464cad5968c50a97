/// A growable run of plain values written in place through a pointer.
///
/// The graph's node records and its work stacks change on every evaluation. Kept in arrays
/// stored on a class, each write would first check that the array's storage is uniquely
/// referenced; through a pointer a write is one store, in place. The owner (``_GraphCore`` or
/// the evaluation recorder) frees the buffer in its `deinit`, and like everything in the core
/// it is only used under the container's lock.
@usableFromInline struct _DenseBuffer<Element: BitwiseCopyable> {
  @usableFromInline var _base: UnsafeMutablePointer<Element>
  @usableFromInline var _count = 0
  @usableFromInline var _capacity: Int

  init(capacity: Int = 16) {
    self._capacity = max(capacity, 1)
    _base = Self.allocate(capacity: self._capacity)
  }

  /// Storage aligned to a cache line, so that an element of 64 bytes fills exactly one.
  static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride, alignment: max(MemoryLayout<Element>.alignment, 64)
    )
    .bindMemory(to: Element.self, capacity: capacity)
  }

  var isEmpty: Bool { _count == 0 }

  // Addressors: `buffer[i].field = x` writes the field in place.
  @inlinable subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(_base + index) }
    nonmutating unsafeMutableAddress { _base + index }
  }

  @inlinable subscript(index: Int32) -> Element {
    unsafeAddress { UnsafePointer(_base + Int(index)) }
    nonmutating unsafeMutableAddress { _base + Int(index) }
  }

  /// The last element; the buffer must not be empty.
  @inlinable var last: Element { _base[_count - 1] }

  @inlinable mutating func append(_ element: Element) {
    if _slowPath(_count == _capacity) { _grow() }
    _base[_count] = element
    _count += 1
  }

  @inlinable @discardableResult mutating func removeLast() -> Element {
    _count -= 1
    return _base[_count]
  }

  /// Keeps the first `newCount` elements.
  mutating func truncate(to newCount: Int) {
    _count = min(_count, newCount)
  }

  @usableFromInline mutating func _grow() {
    let larger = Self.allocate(capacity: _capacity * 2)
    larger.initialize(from: _base, count: _count)
    _base.deallocate()
    _base = larger
    _capacity *= 2
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func deallocate() {
    _base.deallocate()
  }
}
