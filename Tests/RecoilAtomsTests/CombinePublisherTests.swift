#if canImport(Combine)
  import Combine
  import RecoilAtoms
  import Synchronization
  import Testing

  /// `container.publisher(for:)`: Apple platforms only (Linux has no Combine).
  @Suite struct CombinePublisherTests {
    @Test func thePublisherSendsTheCurrentStateThenEachChangeUntilCancelled() {
      let count = Atom(1, key: "count")
      let doubled = Selector(key: "doubled") { get in try get(count) * 2 }
      let container = AtomContainer()
      let received = Mutex<[Int]>([])
      let cancellable = container.publisher(for: doubled).compactMap(\.value).sink { value in
        received.withLock { $0.append(value) }
      }
      container.set(count, 2)
      container.set(count, 3)
      cancellable.cancel()
      container.set(count, 4)
      #expect(received.withLock { $0 } == [2, 4, 6])
    }

    /// One publisher, two subscribers: each has its own subscription to the node.
    @Test func cancellingOneSubscriberLeavesTheOthers() {
      let count = Atom(1, key: "count")
      let container = AtomContainer()
      let publisher = container.publisher(for: count)
      let first = Mutex<[Int]>([])
      let second = Mutex<[Int]>([])
      let one = publisher.compactMap(\.value).sink { value in first.withLock { $0.append(value) } }
      let two = publisher.compactMap(\.value).sink { value in second.withLock { $0.append(value) } }
      container.set(count, 2)
      one.cancel()
      container.set(count, 3)
      #expect(first.withLock { $0 } == [1, 2])
      #expect(second.withLock { $0 } == [1, 2, 3])
      two.cancel()
      container.set(count, 4)
      #expect(second.withLock { $0 } == [1, 2, 3])
    }
  }
#endif
