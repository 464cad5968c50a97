/// A fixed-capacity buffer that keeps the newest elements and counts what it dropped.
/// The storage is reserved once, up front; once full, each new element takes the place of
/// the oldest.
struct RingBuffer<Element> {
  private var storage: [Element] = []
  /// Where the oldest element is, once the buffer is full.
  private var oldest = 0
  let capacity: Int
  /// How many elements were overwritten since the buffer was created.
  private(set) var dropped = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    storage.reserveCapacity(self.capacity)
  }

  var count: Int { storage.count }

  mutating func append(_ element: Element) {
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
  var elements: [Element] {
    oldest == 0 ? storage : Array(storage[oldest...] + storage[..<oldest])
  }
}
