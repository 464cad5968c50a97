import Synchronization
import Testing

@testable import RecoilStores

@Suite struct SliceTests {
  @Test func slicesHaveTheirOwnReducersAndStreams() async {
    let store = Store<AppState, AppAction>(initialState: AppState(), name: "app")
    store.registerSlice(
      \.user, name: "user",
      reducer: userReducer.lift(state: \UserState.self, action: { if case .user(let a) = $0 { a } else { nil } }))
    store.registerSlice(
      \.cart,
      reducer: Reducer<CartState, AppAction> { state, action in
        if case .cart(let a) = action { cartReducer.reduce(&state, a) }
      })
    #expect(store.slices.map(\.name) == ["user", "cart"])
    #expect(store.slices.map(\.valueType) == ["UserState", "CartState"])
    var users = store.slice(\.user).makeAsyncIterator()
    #expect(await users.next() == UserState())
    store.dispatch(.cart(.add("boots")))  // the user slice does not change: no new element
    store.dispatch(.user(.setName("Ann")))
    #expect(await users.next() == UserState(name: "Ann"))
    #expect(store.state.cart.items == ["boots"])
    #expect(store.sliceValues().map(\.name) == ["user", "cart"])
  }
}

@Suite struct SelectorTests {
  @Test func memoizedSelectorsRecomputeOnlyWhenInputsChange() {
    let computations = Atomic<Int>(0)
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let name = StoreSelector(name: "name", \AppState.user.name)
    let summary = StoreSelector(name: "summary", items, name) { items, name in
      computations.add(1, ordering: .relaxed)
      return "\(name): \(items.count)"
    }
    let store = Store(initialState: AppState(), reducer: appReducer)
    #expect(store.select(summary) == ": 0")
    #expect(store.select(summary) == ": 0")
    store.dispatch(.note("unrelated"))
    #expect(store.select(summary) == ": 0")
    let afterUnrelated = computations.load(ordering: .relaxed)
    #expect(afterUnrelated == 1)
    store.dispatch(.cart(.add("boots")))
    #expect(store.select(summary) == ": 1")
    let afterChange = computations.load(ordering: .relaxed)
    #expect(afterChange == 2)
  }

  @Test func selectorsCompose() {
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let count = StoreSelector(name: "count", items) { $0.count }
    let label = StoreSelector(name: "label", count) { "\($0) items" }
    let store = Store(initialState: AppState(), reducer: appReducer)
    let labels = Collected<String>()
    let subscription = store.subscribe(label) { labels.append($0) }
    store.dispatch(.cart(.add("a")))
    store.dispatch(.note("x"))
    store.dispatch(.cart(.add("b")))
    #expect(labels.values == ["0 items", "1 items", "2 items"])
    // The store knows the whole tree of selectors it read, with their inputs.
    #expect(store.selectors.map(\.name) == ["count", "items", "label"])
    #expect(store.selectors.map(\.inputs) == [["items"], [#"\AppState.cart.items"#], ["count"]])
    #expect(label.inputs == ["count"])
    #expect(items.inputs == [#"\AppState.cart.items"#])
    subscription.cancel()
  }

  @Test func selectorEvaluationsAreReportedWithTheirInputs() {
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let count = StoreSelector(name: "count", items) { $0.count }
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    _ = store.select(count)
    _ = store.select(count)
    let evaluations = observer.events.values.compactMap { event -> (String, [String])? in
      if case .selectorEvaluated(_, let selector, let inputs, _, _) = event { return (selector, inputs) }
      return nil
    }
    // Inner selectors are reported too, before the selectors that read them; the second
    // read is a cache hit for both and reports nothing.
    #expect(evaluations.map(\.0) == ["items", "count"])
    #expect(evaluations.map(\.1) == [[#"\AppState.cart.items"#], ["items"]])
    let values = observer.events.values.compactMap { event -> String? in
      if case .selectorEvaluated(_, _, _, _, let value) = event { return "\(value)" }
      return nil
    }
    #expect(values == ["[]", "0"])
  }
}

@Suite struct MiddlewareTests {
  @Test func middlewareCanTransformDropAndLog() {
    let logged = Collected<String>()
    let log = Middleware<AppState, AppAction> { action, context in
      logged.append("\(ActionDescription(action).name) with \(context.state.log.count) notes")
      return action
    }
    let shout = Middleware<AppState, AppAction> { action, _ in
      if case .note(let text) = action { return .note(text.uppercased()) }
      return action
    }
    let dropClear = Middleware<AppState, AppAction> { action, _ in action == .cart(.clear) ? nil : action }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [log, shout, dropClear])
    store.dispatch(.note("hi"))
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.cart(.clear))
    #expect(store.state.log == ["HI"])
    #expect(store.state.cart.items == ["boots"])
    #expect(logged.values == ["note with 0 notes", "cart(.add) with 1 notes", "cart(.clear) with 1 notes"])
  }

  @Test func middlewareDispatchesAreQueued() {
    let echo = Middleware<AppState, AppAction> { action, context in
      if action == .note("ping") { context.dispatch(.note("pong")) }
      return action
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [echo])
    store.dispatch(.note("ping"))
    #expect(store.state.log == ["ping", "pong"])
  }
}

@Suite struct EffectTests {
  @Test func effectsRunForTheirActionsAndSendActionsBack() async throws {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.addEffect(
      Effect(id: "greet", extract: { if case .user(.setName(let name)) = $0 { name } else { nil } }) {
        name, state, context in
        context.send(.note("hello \(name) (\(state.user.name))"))
      })
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    store.dispatch(.user(.setName("Ann")))
    _ = await states.next()
    #expect(await states.next()?.log == ["hello Ann (Ann)"])
  }

  @Test func effectsCanSendAnAsyncSequence() async throws {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.addEffect(
      Effect(id: "stream", when: { $0 == .note("start") }) { _, _, context in
        try await context.send(
          contentsOf: AsyncStream { continuation in
            for index in 1...3 { continuation.yield(AppAction.cart(.add("item\(index)"))) }
            continuation.finish()
          })
      })
    var carts = store.slice(\.cart).makeAsyncIterator()
    _ = await carts.next()
    store.dispatch(.note("start"))
    var last = CartState()
    while last.items.count < 3, let next = await carts.next() { last = next }
    #expect(last.items == ["item1", "item2", "item3"])
  }

  @Test func effectsCanBeCancelledByIDAndFailuresAreReported() async throws {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    store.addEffect(
      Effect(id: "forever", when: { $0 == .note("wait") }) { _, _, _ in
        try await Task.sleep(for: .seconds(3600))
      })
    store.addEffect(Effect(id: "failing", when: { $0 == .note("fail") }) { _, _, _ in throw TestError() })
    store.dispatch(.note("wait"))
    store.dispatch(.note("fail"))
    #expect(store.runningEffectCount >= 1)
    store.cancelEffects(id: "forever")
    for _ in 0..<10_000 where store.runningEffectCount > 0 { await Task.yield() }
    #expect(store.runningEffectCount == 0)
    let kinds = observer.events.values.compactMap { event -> String? in
      switch event {
      case .effectStarted(_, let id, _, _): "started \(id)"
      case .effectCancelled(_, let id, _): "cancelled \(id)"
      case .effectFailed(_, let id, _, let error): "failed \(id) \(error is TestError)"
      case .effectFinished(_, let id, _): "finished \(id)"
      default: nil
      }
    }
    #expect(Set(kinds) == ["started forever", "started failing", "failed failing true", "cancelled forever"])
  }

  @Test func effectsAreCancelledWhenTheStoreGoesAway() async throws {
    let cancelled = Atomic<Bool>(false)
    let started = Atomic<Bool>(false)
    do {
      let store = Store(initialState: AppState(), reducer: appReducer)
      store.addEffect(
        Effect(id: "forever", when: { _ in true }) { _, _, _ in
          started.store(true, ordering: .relaxed)
          do { try await Task.sleep(for: .seconds(3600)) } catch { cancelled.store(true, ordering: .relaxed) }
        })
      store.dispatch(.note("go"))
      for _ in 0..<10_000 where !started.load(ordering: .relaxed) { await Task.yield() }
    }
    for _ in 0..<10_000 where !cancelled.load(ordering: .relaxed) { await Task.yield() }
    let wasCancelled = cancelled.load(ordering: .relaxed)
    #expect(wasCancelled)
  }

  @Test func cancelsInFlightReplacesTheRunningEffect() async throws {
    let finished = Collected<String>()
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.addEffect(
      Effect(id: "search", cancelsInFlight: true, extract: { if case .note(let q) = $0 { q } else { nil } }) {
        query, _, _ in
        if query == "slow" { try await Task.sleep(for: .seconds(3600)) }
        finished.append(query)
      })
    store.dispatch(.note("slow"))
    store.dispatch(.note("fast"))
    for _ in 0..<10_000 where store.runningEffectCount > 0 { await Task.yield() }
    #expect(finished.values == ["fast"])
  }
}

@Suite struct StoreObserverTests {
  @Test func observersSeeActionsWithSequenceStatesAndTimings() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    let subscription = store.subscribe { _ in }
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.note("x"))
    let records = observer.actions
    #expect(records.map(\.sequence) == [1, 2])
    #expect(records.map(\.store) == ["app", "app"])
    #expect(records.map { ActionDescription($0.action).name } == ["user(.setName)", "note"])
    #expect((records[0].stateBefore as? AppState)?.user.name == "")
    #expect((records[0].stateAfter as? AppState)?.user.name == "Ann")
    // Observers get every action timed, whatever any recording samples.
    #expect(records.allSatisfy { $0.durationNanos != nil })
    let counts = observer.events.values.compactMap {
      if case .subscribersChanged(_, let count) = $0 { count } else { nil }
    }
    #expect(counts == [1])
    subscription.cancel()
  }
}

@Suite struct TestStoreTests {
  @Test func assertedChangesPass() async throws {
    let store = TestStore(initialState: AppState(), reducer: appReducer)
    try await store.send(.user(.setName("Ann"))) { $0.user.name = "Ann" }
    try await store.send(.cart(.add("boots"))) { $0.cart.items = ["boots"] }
    try await store.finish()
  }

  @Test func unassertedChangesFail() async {
    let store = TestStore(initialState: AppState(), reducer: appReducer)
    await #expect(throws: TestStoreFailure.self) { try await store.send(.user(.setName("Ann"))) }
    do {
      try await store.send(.user(.setName("Bob"))) { $0.user.name = "Bobby" }
      Issue.record("expected a failure")
    } catch let failure as TestStoreFailure {
      #expect(failure.message.contains("state.user.name: expected \"Bobby\", actual \"Bob\""))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func effectActionsMustBeReceived() async throws {
    let greet = Effect<AppState, AppAction>(
      id: "greet", extract: { if case .user(.setName(let n)) = $0 { n } else { nil } }
    ) {
      name, _, context in context.send(.note("hi \(name)"))
    }
    let store = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet])
    try await store.send(.user(.setName("Ann"))) { $0.user.name = "Ann" }
    try await store.receive(.note("hi Ann")) { $0.log = ["hi Ann"] }
    try await store.finish()

    let forgetful = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet])
    try await forgetful.send(.user(.setName("Bob"))) { $0.user.name = "Bob" }
    await #expect(throws: TestStoreFailure.self) { try await forgetful.finish() }
  }
}
