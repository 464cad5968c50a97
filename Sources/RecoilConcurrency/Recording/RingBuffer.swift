/// A fixed-capacity buffer that keeps the newest elements and counts what it dropped: the
/// bounded timelines of the containers and the inspector, and the recorders' sampled times.
/// (A store's action entries, one per dispatch, go to a ``RecordBuffer``, which is not
/// copyable and appends with fewer steps.)
///
/// The storage is reserved once, up front; once full, each new element takes the place of
/// the oldest. A copy shares the storage, so taking one under a lock and reading
/// ``elements`` after releasing it is cheap.
@usableFromInline package struct RingBuffer<Element> {
  @usableFromInline var storage: [Element] = []
  /// Where the oldest element is, once the buffer is full.
  @usableFromInline var oldest = 0
  @usableFromInline package private(set) var capacity: Int
  /// How many elements were overwritten since the buffer was created.
  @usableFromInline package private(set) var dropped = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
    storage.reserveCapacity(self.capacity)
  }

  package var count: Int { storage.count }

  /// Adds `element`, replacing the oldest when full. It is moved in, not copied: an element
  /// holding existentials or references then costs no extra copy and destroy.
  @inlinable package mutating func append(_ element: consuming Element) {
    if storage.count < capacity {
      storage.append(element)
      return
    }
    storage[oldest] = element
    oldest += 1
    if oldest == capacity { oldest = 0 }
    dropped += 1
  }

  /// The elements, oldest first.
  package var elements: [Element] {
    oldest == 0 ? storage : Array(storage[oldest...] + storage[..<oldest])
  }

  /// Keeps more elements from now on (never fewer).
  package mutating func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    storage = elements
    oldest = 0
    capacity = newCapacity
    storage.reserveCapacity(capacity)
  }
}
