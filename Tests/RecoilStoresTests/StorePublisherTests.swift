#if canImport(Combine)
  import Combine
  import RecoilStores
  import Synchronization
  import Testing

  /// `store.publisher`: Apple platforms only (Linux has no Combine; the stand-in runs it there,
  /// see `Scripts/check-apple-adapters`).
  @Suite struct StorePublisherTests {
    struct Counter: Equatable, Sendable { var value = 0 }
    enum Step: Sendable { case add }

    /// One publisher, two subscribers: each has its own subscription to the store.
    @Test func cancellingOneSubscriberLeavesTheOthers() {
      let store = Store(initialState: Counter(), reducer: Reducer<Counter, Step> { state, _ in state.value += 1 })
      let publisher = store.publisher
      let first = Mutex<[Int]>([])
      let second = Mutex<[Int]>([])
      let one = publisher.map(\.value).sink { value in first.withLock { $0.append(value) } }
      let two = publisher.map(\.value).sink { value in second.withLock { $0.append(value) } }
      store.dispatch(.add)
      one.cancel()
      store.dispatch(.add)
      #expect(first.withLock { $0 } == [0, 1])
      #expect(second.withLock { $0 } == [0, 1, 2])
      two.cancel()
      store.dispatch(.add)
      #expect(second.withLock { $0 } == [0, 1, 2])
    }
  }
#endif
