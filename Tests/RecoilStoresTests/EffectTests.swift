import RecoilConcurrency
import Synchronization
import Testing

@testable import RecoilStores

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
      case .effectStarted(_, let id, _, _, _): "started \(id)"
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

  /// A run cancelled while it awaited something that ignores cancellation (a callback API,
  /// say) sends nothing afterwards, so its stale results never overwrite the new run's, as The
  /// Composable Architecture drops what a cancelled effect sends.
  @Test func aCancelledRunSendsNothingAfterwards() async throws {
    let waiting = LockedValue<[String: CheckedContinuation<Void, Never>]>([:])
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.addEffect(
      Effect(id: "search", cancelsInFlight: true, extract: { if case .note(let q) = $0 { q } else { nil } }) {
        query, _, context in
        await withCheckedContinuation { continuation in waiting.withLock { $0[query] = continuation } }
        context.send(.cart(.add("results for \(query)")))
      })
    func until(_ condition: () -> Bool) async {
      for _ in 0..<60_000 where !condition() { try? await Task.sleep(for: .milliseconds(1)) }
    }
    store.dispatch(.note("slow"))
    await until { waiting.withLock { $0["slow"] != nil } }
    store.dispatch(.note("fast"))  // cancels the slow run, which does not notice
    await until { waiting.withLock { $0["fast"] != nil } }
    waiting.withLock { $0["fast"] }?.resume()
    waiting.withLock { $0["slow"] }?.resume()
    await until { store.runningEffectCount == 0 }
    #expect(store.state.cart.items == ["results for fast"])
  }
}
