import RecoilConcurrency
import Testing

@testable import RecoilStores

/// Store behaviours as ReSwift's and Redux.js's own test suites state them, ported to
/// ``Store``. Each test names the file and test it comes from: ReSwift/ReSwift
/// `ReSwiftTests/StoreSubscriberTests.swift` and `StoreSubscriptionTests.swift`, reduxjs/redux
/// `test/createStore.spec.ts`. Where the two disagree, the choice is said (and in the README).
@Suite struct ReduxConformanceTests {
  /// A state that is not `Equatable`, as Redux.js's plain objects are to its store.
  struct Plain: Sendable { var count = 0 }

  /// ReSwift StoreSubscriberTests, "testSkipsStateUpdatesForEquatableStateByDefault": a
  /// whole-state subscriber of an `Equatable` state is not called for an action that left the
  /// state as it was. Redux.js calls every listener on every dispatch; this package follows
  /// ReSwift for `Equatable` states, and Redux.js for the others (next test).
  @Test func wholeStateSubscribersOfAnEquatableStateSkipRepeats() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let seen = Collected<AppState>()
    let subscription = store.subscribe { seen.append($0) }
    store.dispatch(.cart(.clear))  // already empty: the same state
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.user(.signIn))
    store.dispatch(.user(.signIn))  // signed in already
    #expect(seen.values.map(\.cart.items.count) == [0, 1, 2, 2])
    #expect(seen.values.map(\.user.signedIn) == [false, false, false, true])
    subscription.cancel()
  }

  /// Redux.js createStore.spec, "supports multiple subscriptions" / "notifies ... on every
  /// dispatch": a state that is not `Equatable` is delivered after every action.
  @Test func wholeStateSubscribersOfAStateThatIsNotEquatableHearEveryAction() {
    let store = Store(initialState: Plain(), reducer: Reducer<Plain, Int> { state, amount in state.count += amount })
    let calls = Counter()
    let subscription = store.subscribe { _ in calls.increment() }
    store.dispatch(0)
    store.dispatch(0)
    #expect(calls.count == 3)  // the current state, then two actions that changed nothing
    subscription.cancel()
  }

  /// ReSwift StoreSubscriberTests, "testSkipsStateUpdatesForCustomEqualityChecks": a subscriber's
  /// own rule decides what is a repeat, for the whole state or a part of it.
  @Test func aSubscribersOwnSkipRuleDecidesWhatRepeats() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let names = Collected<String>()
    let byLength = store.subscribe(\.user.name, skip: { old, new in old.count == new.count }) { names.append($0) }
    let counts = Collected<Int>()
    let whole = store.subscribe(skip: { $0.cart.items.count == $1.cart.items.count }) {
      counts.append($0.cart.items.count)
    }
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.user(.setName("Bob")))  // the same length: skipped
    store.dispatch(.user(.setName("Cleo")))
    store.dispatch(.note("no cart change"))
    store.dispatch(.cart(.add("boots")))
    #expect(names.values == ["", "Ann", "Cleo"])
    #expect(counts.values == [0, 1])
    byLength.cancel()
    whole.cancel()
  }

  /// ReSwift StoreSubscriberTests, "testAllowsSubscribersToSubscribeToSubstates", and the skip
  /// rule of a part that is not `Equatable`.
  @Test func aSubscriberOfAPartHearsItsChangesOnly() {
    struct Session: Sendable { var id: Int; var token: String }
    struct State: Sendable { var session = Session(id: 1, token: "a"); var clicks = 0 }
    enum Action: Sendable { case refresh(String), login(Int), click }
    let store = Store(
      initialState: State(),
      reducer: Reducer<State, Action> { state, action in
        switch action {
        case .refresh(let token): state.session.token = token
        case .login(let id): state.session = Session(id: id, token: "new")
        case .click: state.clicks += 1
        }
      })
    let sessions = Collected<Int>()
    let subscription = store.subscribe(\.session, skip: { $0.id == $1.id }) { sessions.append($0.id) }
    store.dispatch(.click)
    store.dispatch(.refresh("b"))
    store.dispatch(.login(2))
    #expect(sessions.values == [1, 2])
    subscription.cancel()
  }

  /// ReSwift StoreSubscriberTests, "testDispatchesInitialValueUponSubscription"; Redux.js
  /// hands a listener nothing until the next dispatch, where `starting: .changesOnly` does.
  @Test func aSubscriberGetsTheCurrentStateFirst() {
    let store = Store(initialState: AppState(user: UserState(name: "Ann")), reducer: appReducer)
    let names = Collected<String>()
    let first = store.subscribe(\.user.name) { names.append($0) }
    let later = Collected<String>()
    let second = store.subscribe(\.user.name, starting: .changesOnly) { later.append($0) }
    store.dispatch(.user(.setName("Bob")))
    #expect(names.values == ["Ann", "Bob"])
    #expect(later.values == ["Bob"])
    first.cancel()
    second.cancel()
  }

  /// Redux.js createStore.spec, "only removes listener once when unsubscribe is called" and
  /// "supports removing a subscription within a subscription"; ReSwift
  /// StoreSubscriptionTests, "testUnsubscribeWhileDispatching".
  @Test func unsubscribingInsideANotificationIsSafeAndOnce() {
    let store = Store(initialState: Plain(), reducer: Reducer<Plain, Int> { state, amount in state.count += amount })
    let (a, b) = (Counter(), Counter())
    let holder = LockedValue<StoreSubscription?>(nil)
    let first = store.subscribe { _ in
      a.increment()
      holder.withLock { $0?.cancel() }
    }
    let second = store.subscribe { _ in b.increment() }
    holder.withLock { $0 = second }
    store.dispatch(1)
    store.dispatch(1)
    second.cancel()
    second.cancel()
    #expect(a.count == 3)
    #expect(b.count == 1)  // its current state only: cancelled during the first action
    #expect(store.subscriberCount == 1)
    first.cancel()
  }

  /// Redux.js createStore.spec, "preserves the state when replacing a reducer" and "uses the
  /// new reducer after replacing it": the state stays, and actions from now on go through the
  /// new reducer (and the slices, as before).
  @Test func replacingTheReducerKeepsTheStateAndUsesTheNewOne() {
    let store = Store(initialState: Plain(), reducer: Reducer<Plain, Int> { state, amount in state.count += amount })
    store.dispatch(5)
    store.replaceReducer(Reducer { state, amount in state.count -= amount })
    #expect(store.state.count == 5)
    store.dispatch(2)
    #expect(store.state.count == 3)
    // A slice registered before keeps taking part.
    let sliced = Store<AppState, AppAction>(initialState: AppState(), name: "sliced")
    sliced.registerSlice(
      \.cart,
      reducer: Reducer { state, action in if case .cart(let cart) = action { cartReducer.reduce(&state, cart) } })
    sliced.replaceReducer(Reducer { state, action in if case .note(let text) = action { state.log.append(text) } })
    sliced.dispatch(.note("hot reloaded"))
    sliced.dispatch(.cart(.add("boots")))
    #expect(sliced.state.log == ["hot reloaded"])
    #expect(sliced.state.cart.items == ["boots"])
  }

  /// An observer (the inspector is one) hears of the replacement, with where it was made.
  @Test func observersHearOfAReplacedReducer() {
    let store = Store(initialState: Plain(), reducer: Reducer<Plain, Int> { state, amount in state.count += amount })
    let observer = RecordingStoreObserver()
    _ = store.addObserver(observer)
    store.replaceReducer(.empty)
    let sites = observer.events.values.compactMap { event -> String? in
      if case .reducerReplaced(_, let site) = event { return site.description }
      return nil
    }
    #expect(sites.count == 1)
    #expect(sites.first?.contains("ReduxConformanceTests.swift") == true)
  }
}

/// Counts calls, from any thread.
private final class Counter: Sendable {
  private let value = LockedValue(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}
