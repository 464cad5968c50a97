/// A fixed-capacity buffer that keeps the newest elements and counts what it dropped.
/// The storage is allocated once, up front.
struct RingBuffer<Element> {
  private var storage: [Element?]
  private var start = 0
  private(set) var count = 0
  /// How many elements were overwritten since the buffer was created.
  private(set) var dropped = 0

  init(capacity: Int) {
    storage = Array(repeating: nil, count: max(capacity, 1))
  }

  var capacity: Int { storage.count }

  mutating func append(_ element: Element) {
    if count < storage.count {
      storage[(start + count) % storage.count] = element
      count += 1
    } else {
      storage[start] = element
      start = (start + 1) % storage.count
      dropped += 1
    }
  }

  /// The elements, oldest first.
  var elements: [Element] {
    (0..<count).compactMap { storage[(start + $0) % storage.count] }
  }
}
