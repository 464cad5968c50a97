import Dispatch
import Observation
import RecoilConcurrency
import Synchronization
import Testing

@testable import RecoilStores

@Suite struct DispatchTests {
  @Test func subscribersGetTheCurrentStateAtOnceAndEveryNewOne() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    let names = Collected<String>()
    let subscription = store.subscribe { names.append($0.user.name) }
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.user(.setName("Bob")))
    #expect(names.values == ["", "Ann", "Bob"])
    subscription.cancel()
    store.dispatch(.user(.setName("Cy")))
    #expect(names.values == ["", "Ann", "Bob"])
    #expect(store.state.user.name == "Cy")
  }

  @Test func dispatchFromASubscriberIsQueuedWithNoNestedNotification() {
    // ReSwift #519: a subscriber that dispatches must not make later subscribers see states
    // out of order.
    let store = Store(initialState: AppState(), reducer: appReducer)
    let first = Collected<[String]>()
    let second = Collected<[String]>()
    let depth = Atomic<Int>(0)
    let nested = Atomic<Bool>(false)
    let one = store.subscribe { state in
      if depth.add(1, ordering: .relaxed).newValue > 1 { nested.store(true, ordering: .relaxed) }
      first.append(state.log)
      if state.log == ["a"] { store.dispatch(.note("b")) }
      depth.subtract(1, ordering: .relaxed)
    }
    let two = store.subscribe { second.append($0.log) }
    store.dispatch(.note("a"))
    #expect(first.values == [[], ["a"], ["a", "b"]])
    #expect(second.values == [[], ["a"], ["a", "b"]])
    let wasNested = nested.load(ordering: .relaxed)
    #expect(!wasNested)
    one.cancel()
    two.cancel()
  }

  @Test func dispatchFromAReducerIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let box = StoreBox()
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int> { state, action in
          state += action
          if action == 1 { box.store?.dispatch(2) }
        })
      box.store = store
      store.dispatch(1)
    }
  }

  @Test func selectSkipsRepeatsOfEqualValues() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let names = Collected<String>()
    let counts = Collected<Int>()
    let byKeyPath = store.subscribe(\.user.name) { names.append($0) }
    let byClosure = store.select({ $0.cart.items.count }) { counts.append($0) }
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.cart(.add("hat")))
    #expect(names.values == ["", "Ann"])
    #expect(counts.values == [0, 1, 2])
    byKeyPath.cancel()
    byClosure.cancel()
  }

  @Test func subscribingAndUnsubscribingDuringANotificationIsSafe() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let late = Collected<[String]>()
    let holder = LockedValue<[StoreSubscription]>([])
    let victim = Collected<[String]>()
    let victimSubscription = store.subscribe { victim.append($0.log) }
    let subscriber = store.subscribe { state in
      if state.log == ["a"] {
        victimSubscription.cancel()
        holder.withLock { $0.append(store.subscribe { late.append($0.log) }) }
      }
    }
    store.dispatch(.note("a"))
    store.dispatch(.note("b"))
    #expect(victim.values == [[], ["a"]] || victim.values == [[]])
    #expect(!victim.values.contains(["a", "b"]))
    #expect(late.values == [["a"], ["a", "b"]])
    subscriber.cancel()
    holder.withLock { $0.removeAll() }
  }

  @Test func releasingTheTokenUnsubscribesAndTheStoreHoldsNoCycle() {
    weak var weakStore: Store<AppState, AppAction>?
    let names = Collected<String>()
    var subscription: StoreSubscription?
    do {
      let store = Store(initialState: AppState(), reducer: appReducer)
      weakStore = store
      subscription = store.subscribe { names.append($0.user.name) }
      store.dispatch(.user(.setName("Ann")))
    }
    #expect(weakStore == nil)
    #expect(names.values == ["", "Ann"])
    subscription = nil
    _ = subscription
  }

  @Test func deliveryOnAQueue() async {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let queue = DispatchQueue(label: "store-delivery")
    let logs = Collected<[String]>()
    let subscription = store.subscribe(delivery: .queue(queue)) { state in
      dispatchPrecondition(condition: .onQueue(queue))
      logs.append(state.log)
    }
    store.dispatch(.note("a"))
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(logs.values == [[], ["a"]])
    subscription.cancel()
  }

  /// A state already on its way to the subscriber's queue when the subscription is cancelled
  /// is not delivered: once `cancel()` returns, no callback starts. For every form of
  /// subscription: the whole state, with a skip rule, and a part.
  @Test func nothingIsDeliveredOnAQueueAfterCancelling() async {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let queue = DispatchQueue(label: "store-delivery-cancel")
    let heard = Collected<String>()
    let subscriptions = [
      store.subscribe(delivery: .queue(queue)) { _ in heard.append("state") },
      store.subscribe(delivery: .queue(queue), skip: { $0.log == $1.log }) { _ in heard.append("skipping") },
      store.subscribe(\.log, starting: .changesOnly, delivery: .queue(queue)) { _ in heard.append("part") },
    ]
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    heard.clear()
    // The queue is held while the change is made, so its deliveries wait behind the hold.
    let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    queue.async {
      held.signal()
      release.wait()
    }
    held.wait()
    store.dispatch(.note("a"))
    for subscription in subscriptions { subscription.cancel() }
    release.signal()
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(heard.values.isEmpty)
  }

  @Test func statesAsAnAsyncSequence() async {
    let store = Store(initialState: AppState(), reducer: appReducer)
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.log == [])
    store.dispatch(.note("a"))
    #expect(await iterator.next()?.log == ["a"])
  }

  @Test func observationTracksTheState() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observed = store.observe()
    let changes = Atomic<Int>(0)
    withObservationTracking {
      _ = observed.state
    } onChange: {
      changes.add(1, ordering: .relaxed)
    }
    store.dispatch(.note("a"))
    #expect(changes.load(ordering: .relaxed) == 1)
    #expect(observed.state.log == ["a"])
  }

  @Test func eightTasksOfTenThousandDispatchesAreExactAndSeenInOrder() async {
    struct Counter: Sendable { var value = 0 }
    let store = Store(initialState: Counter(), reducer: Reducer<Counter, Int> { $0.value += $1 })
    let seen = (0..<3).map { _ in Collected<Int>() }
    let subscriptions = seen.map { list in store.subscribe { list.append($0.value) } }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<10_000 { store.dispatch(1) } }
      }
    }
    #expect(store.state.value == 80_000)
    for list in seen {
      // Every subscriber saw every state once, in order.
      #expect(list.values == Array(0...80_000))
    }
    subscriptions.forEach { $0.cancel() }
  }

  @Test func concurrentDispatchesAreProcessedInFIFOOrderPerThread() async {
    let store = Store(initialState: [Int](), reducer: Reducer<[Int], Int> { $0.append($1) })
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask { for step in 0..<1000 { store.dispatch(task * 10_000 + step) } }
      }
    }
    let state = store.state
    #expect(state.count == 4000)
    for task in 0..<4 {
      let mine = state.filter { $0 / 10_000 == task }
      #expect(mine == mine.sorted())
    }
  }
}

/// Lets a reducer reach its store (only for the programmer-error test).
final class StoreBox: @unchecked Sendable {
  // Written once before the store is used, on the same thread.
  var store: Store<Int, Int>?
}
