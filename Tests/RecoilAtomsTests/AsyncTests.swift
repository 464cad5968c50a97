import RecoilConcurrency
import Synchronization
import Testing

@testable import RecoilAtoms

/// A gate an async getter waits on until the test opens it: deterministic, no sleeping.
final class Gate: Sendable {
  private let state = LockedValue<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var waiting: Int { state.withLock { $0.waiters.count } }
}

/// One gate per key, made on first use.
final class GateSet: Sendable {
  private let gates = LockedValue<[String: Gate]>([:])
  @Sendable func gate(_ key: String) -> Gate {
    gates.withLock { gates in
      if let gate = gates[key] { return gate }
      let gate = Gate()
      gates[key] = gate
      return gate
    }
  }
}

/// An async selector that resolves to `value` once `gate` opens.
func gated<Value: Sendable>(_ key: String, by gate: Gate, to value: Value) -> AsyncSelector<Value> {
  AsyncSelector<Value>(key: key) { _ in
    await gate.wait()
    return value
  }
}

/// Waits until `condition` holds, yielding to other tasks (bounded by a number of tries, not time).
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<100_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

@Suite struct AsyncTests {
  @Test func asyncSelectorsLoadAndTheLoadableSaysLoadingMeanwhile() async throws {
    let gate = Gate()
    let query = Atom("boots", key: "query")
    let results = AsyncSelector(key: "results") { get -> [String] in
      let text = try await get(query)
      await gate.wait()
      return [text + "-1", text + "-2"]
    }
    let container = AtomContainer()
    #expect(container.loadable(results).isLoading)
    #expect(throws: AtomError.loading("results")) { try container.get(results) }
    gate.open()
    #expect(try await container.value(results) == ["boots-1", "boots-2"])
    #expect(container.loadable(results).value == ["boots-1", "boots-2"])
  }

  @Test func aNewEvaluationCancelsTheOneInFlightAndStaleResultsNeverWin() async throws {
    let started = Collected<String>()
    let cancelled = Collected<String>()
    let gates = GateSet()
    let gate = gates.gate
    let query = Atom("a", key: "query")
    let results = AsyncSelector(key: "results") { get -> String in
      let text = try await get(query)
      started.append(text)
      await gate(text).wait()
      if Task.isCancelled { cancelled.append(text) }
      return "result for \(text)"
    }
    let container = AtomContainer()
    let seen = Collected<String>()
    let subscription = container.subscribe(results) { if let value = $0.value { seen.append(value) } }
    #expect(await eventually { started.values == ["a"] })
    container.set(query, "b")
    #expect(await eventually { started.values == ["a", "b"] })
    // The newer evaluation finishes first; then the stale one finishes and must be ignored.
    gate("b").open()
    #expect(try await container.value(results) == "result for b")
    gate("a").open()
    #expect(await eventually { cancelled.values == ["a"] })
    for _ in 0..<100 { await Task.yield() }
    #expect(container.loadable(results).value == "result for b")
    #expect(seen.values == ["result for b"])
    subscription.cancel()
  }

  @Test func loadingKeepsThePreviousValueVisible() async throws {
    let gate = Gate()
    let id = Atom(1, key: "id")
    let product = AsyncSelector(key: "product") { get -> String in
      let value = try await get(id)
      if value > 1 { await gate.wait() }
      return "product \(value)"
    }
    let container = AtomContainer()
    #expect(try await container.value(product) == "product 1")
    container.set(id, 2)
    let loading = container.loadable(product)
    guard case .loading(let previous) = loading else {
      Issue.record("expected loading, got \(loading)")
      return
    }
    #expect(previous == "product 1")
    #expect(loading.latestValue == "product 1")
    gate.open()
    #expect(try await container.value(product) == "product 2")
  }

  @Test func settingAnAsyncAtomWhileItsDefaultLoadsWins() async throws {
    let gate = Gate()
    let profile = AsyncAtom(key: "profile") { () async throws -> String in
      await gate.wait()
      return "loaded"
    }
    let container = AtomContainer()
    #expect(container.loadable(profile).isLoading)
    try container.set(profile, "set by user")
    gate.open()
    for _ in 0..<100 { await Task.yield() }
    #expect(try await container.value(profile) == "set by user")
  }

  @Test func asyncAtomsLoadTheirDefault() async throws {
    let settings = AsyncAtom(key: "settings") { "from disk" }
    let upper = Selector(key: "upper") { get in try get(settings).uppercased() }
    let container = AtomContainer()
    #expect(try await container.value(settings) == "from disk")
    #expect(try await container.value(upper) == "FROM DISK")
  }

  @Test func syncSelectorsReadingALoadingNodeAreLoadingAndRecoverWhenItLoads() async throws {
    let gate = Gate()
    let remote = AsyncSelector(key: "remote") { _ -> Int in
      await gate.wait()
      return 21
    }
    let doubled = Selector(key: "doubled") { get in try get(remote) * 2 }
    let container = AtomContainer()
    #expect(container.loadable(doubled).isLoading)
    let next = Task { await container.nextChange(of: doubled) }
    #expect(await eventually { gate.waiting == 1 })
    gate.open()
    #expect(await next.value.value == 42)
  }

  @Test func asyncErrorsAreReported() async {
    let failing = AsyncSelector(key: "failing") { _ -> Int in throw TestError(message: "offline") }
    let container = AtomContainer()
    await #expect(throws: TestError(message: "offline")) { try await container.value(failing) }
    #expect(container.loadable(failing).error as? TestError == TestError(message: "offline"))
  }

  @Test func refreshRunsAnAsyncSelectorAgain() async throws {
    let runs = Counter()
    let fetch = AsyncSelector(key: "fetch") { _ -> Int in
      runs.increment()
      return runs.count
    }
    let container = AtomContainer()
    #expect(try await container.value(fetch) == 1)
    container.refresh(fetch)
    #expect(try await container.value(fetch) == 2)
  }
}
