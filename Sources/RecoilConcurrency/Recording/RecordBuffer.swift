/// A recorder's bounded buffer of its newest records, written on every recorded operation: a
/// store's action entries, one per dispatch.
///
/// Like ``RingBuffer`` it keeps the newest `capacity` elements and counts what it dropped,
/// but it is not copyable: one recorder owns it and appends under its lock, and a reader
/// reads the elements in place under the same lock (``withSegments(_:)``). So an append is a
/// plain write into reserved memory, with no check for shared storage; that check and the
/// copy it guards are what a `RingBuffer` append would cost an operation while a snapshot is
/// being taken.
///
/// ```swift
/// var buffer = RecordBuffer<Int>(capacity: 2)
/// for value in 1...3 { buffer.append(value) }
/// buffer.withSegments { older, newer in Array(older) + Array(newer) }  // [2, 3]
/// buffer.dropped   // 1
/// ```
@usableFromInline package struct RecordBuffer<Element>: ~Copyable {
  /// `capacity` slots, the first `count` of them initialized.
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var count = 0
  /// Where the oldest element is, once the buffer is full.
  @usableFromInline var oldest = 0
  @usableFromInline package private(set) var capacity: Int
  /// How many elements were overwritten since the buffer was created.
  @usableFromInline package private(set) var dropped = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Adds `element`, in place of the oldest when full. Always inlined, so that the caller
  /// writes the element's fields straight into their slot.
  @inlinable @inline(__always) package mutating func append(_ element: consuming Element) {
    if count < capacity {
      (base + count).initialize(to: element)
      count &+= 1
      return
    }
    base[oldest] = element
    oldest = oldest &+ 1 == capacity ? 0 : oldest &+ 1
    dropped &+= 1
  }

  /// Calls `body` with the elements where they are, oldest first, in two parts: from the
  /// oldest to the end of the storage, then from its start (empty until the buffer is full).
  package func withSegments<Result>(
    _ body: (UnsafeBufferPointer<Element>, UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    try body(
      UnsafeBufferPointer(start: base + oldest, count: count - oldest), UnsafeBufferPointer(start: base, count: oldest))
  }

  /// Keeps more elements from now on (never fewer).
  package mutating func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    // Oldest first: the part from `oldest` to the end, then the part before it.
    (larger).moveInitialize(from: base + oldest, count: count - oldest)
    (larger + (count - oldest)).moveInitialize(from: base, count: oldest)
    base.deallocate()
    base = larger
    oldest = 0
    capacity = newCapacity
  }
}
