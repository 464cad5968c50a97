import Testing

@testable import RecoilAtoms

/// Recoil's waitForAll, waitForAny, waitForNone and noWait, in synchronous and async getters.
@Suite struct WaitingTests {
  /// Two async inputs, each held at a gate until the test opens it; `fails` makes `b` fail.
  final class Inputs: Sendable {
    let gates = GateSet()
    let suffix = Atom("", key: "suffix")
    let a: AsyncSelector<String>
    let b: AsyncSelector<Int>

    init(fails: Bool = false) {
      let gate = gates.gate
      let suffix = self.suffix
      a = AsyncSelector(key: "a") { get in
        let text = try await get(suffix)
        await gate("a\(text)").wait()
        return "a" + text
      }
      b = AsyncSelector(key: "b") { get in
        await gate("b").wait()
        if fails { throw TestError(message: "b failed") }
        return 2
      }
    }
  }

  @Test func waitForAllStartsEveryInputAtOnceAndIsLoadingUntilAllHaveValues() async throws {
    let inputs = Inputs()
    let both = Selector(key: "both") { get in
      let (a, b) = try get.waitForAll(inputs.a, inputs.b)
      return "\(a)\(b)"
    }
    let container = AtomContainer()
    #expect(container.loadable(both).isLoading)
    // Both loads started on the first read, not one after the other.
    #expect(await eventually { inputs.gates.gate("a").waiting == 1 && inputs.gates.gate("b").waiting == 1 })
    inputs.gates.gate("b").open()
    #expect(await eventually { container.loadable(inputs.b).value == 2 })
    #expect(container.loadable(both).isLoading)
    inputs.gates.gate("a").open()
    #expect(try await container.value(both) == "a2")
  }

  @Test func waitForAllFailsWithAnInputsError() async throws {
    let inputs = Inputs(fails: true)
    let both = Selector(key: "both") { get in try get.waitForAll([inputs.b, inputs.b]) }
    let container = AtomContainer()
    _ = container.loadable(both)
    inputs.gates.gate("b").open()
    #expect(await eventually { container.loadable(both).error as? TestError == TestError(message: "b failed") })
  }

  @Test func reloadingOneInputMakesWaitForAllLoadAgainWhileWaitForNoneKeepsTheOthers() async throws {
    let inputs = Inputs()
    let all = Selector(key: "all") { get in
      let (a, b) = try get.waitForAll(inputs.a, inputs.b)
      return "\(a)\(b)"
    }
    let none = Selector(key: "none") { get in
      let (a, b) = get.waitForNone(inputs.a, inputs.b)
      return "\(a.value ?? "…")\(b.value.map(String.init) ?? "…")"
    }
    let container = AtomContainer()
    #expect(try container.get(none) == "……")  // never loading
    inputs.gates.gate("a").open()
    inputs.gates.gate("b").open()
    #expect(try await container.value(all) == "a2")
    #expect(try container.get(none) == "a2")

    // Only `a` reloads; `b` keeps its value.
    container.set(inputs.suffix, "!")
    #expect(container.loadable(all).isLoading)
    #expect(try container.get(none) == "…2")
    inputs.gates.gate("a!").open()
    #expect(try await container.value(all) == "a!2")
    #expect(try container.get(none) == "a!2")
  }

  @Test func waitForAnyReturnsOnceOneInputHasSettled() async throws {
    let inputs = Inputs()
    let first = Selector(key: "first") { get in
      let (a, b) = try get.waitForAny(inputs.a, inputs.b)
      return a.value ?? b.value.map { "b\($0)" } ?? "none"
    }
    let container = AtomContainer()
    #expect(container.loadable(first).isLoading)
    inputs.gates.gate("b").open()
    #expect(try await container.value(first) == "b2")
    #expect(container.loadable(inputs.a).isLoading)
    // With nothing to wait for, it does not wait.
    let empty = Selector(key: "empty") { get in try get.waitForAny([Node<Int>]()).count }
    #expect(try container.get(empty) == 0)
  }

  @Test func asyncWaitForAllReadsConcurrentlyAndKeepsTheOrderGiven() async throws {
    let inputs = Inputs()
    let reads = Collected<String>()
    let both = AsyncSelector(key: "both") { get -> String in
      let (a, b) = try await get.waitForAll(inputs.a, inputs.b)
      reads.append("\(a)\(b)")
      return "\(a)\(b)"
    }
    let container = AtomContainer()
    _ = container.loadable(both)
    #expect(await eventually { inputs.gates.gate("a").waiting == 1 && inputs.gates.gate("b").waiting == 1 })
    // b settles first; the result still comes in the order asked.
    inputs.gates.gate("b").open()
    inputs.gates.gate("a").open()
    #expect(try await container.value(both) == "a2")
    #expect(reads.values == ["a2"])
  }

  @Test func asyncWaitForAllThrowsTheFirstFailureWithoutWaitingForTheRest() async throws {
    let inputs = Inputs(fails: true)
    let both = AsyncSelector(key: "both") { get -> String in
      let (a, b) = try await get.waitForAll(inputs.a, inputs.b)
      return "\(a)\(b)"
    }
    let container = AtomContainer()
    _ = container.loadable(both)
    inputs.gates.gate("b").open()
    // `a` is still held at its gate: the failure did not wait for it.
    await #expect(throws: TestError(message: "b failed")) { try await container.value(both) }
    #expect(container.loadable(inputs.a).isLoading)
  }

  @Test func aSupersededEvaluationIsCancelledWhileItWaits() async throws {
    let inputs = Inputs()
    let finished = Collected<String>()
    let both = AsyncSelector(key: "both") { get -> String in
      let (a, b) = try await get.waitForAll(inputs.a, inputs.b)
      finished.append("\(a)\(b)")
      return "\(a)\(b)"
    }
    let container = AtomContainer()
    let subscription = container.subscribe(both) { _ in }
    #expect(await eventually { inputs.gates.gate("a").waiting == 1 })
    // Changing what `a` reads restarts `a`, and with it the evaluation waiting on it.
    container.set(inputs.suffix, "?")
    inputs.gates.gate("a?").open()
    inputs.gates.gate("b").open()
    #expect(try await container.value(both) == "a?2")
    inputs.gates.gate("a").open()
    #expect(await eventually { inputs.gates.gate("a").waiting == 0 })
    // The stale evaluation never finished with the old input.
    #expect(finished.values == ["a?2"])
    _ = subscription
  }

  @Test func asyncWaitForAnyAndNoWait() async throws {
    let inputs = Inputs()
    let first = AsyncSelector(key: "first") { get -> String in
      let (a, b) = try await get.waitForAny(inputs.a, inputs.b)
      let none = try await get.waitForNone([inputs.b])
      let peek = try await get.noWait(inputs.a)
      return "\(a.value ?? "…") \(b.value.map(String.init) ?? "…") \(none[0].isLoading) \(peek.isLoading)"
    }
    let container = AtomContainer()
    _ = container.loadable(first)
    inputs.gates.gate("b").open()
    #expect(try await container.value(first) == "… 2 false true")
  }

  @Test func waitingForAValueEndsWhenItsTaskIsCancelled() async throws {
    let inputs = Inputs()
    let container = AtomContainer()
    let waiting = Task { try await container.value(inputs.b) }
    #expect(await eventually { inputs.gates.gate("b").waiting == 1 })
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    // The node itself goes on loading for whoever else wants it.
    inputs.gates.gate("b").open()
    #expect(try await container.value(inputs.b) == 2)
  }

  @Test func waitingDoesNotMissAnInputThatSettledBetweenTheReadAndTheWait() async throws {
    let inputs = Inputs()
    let label = Selector(key: "label") { get in "b=\(try get(inputs.b))" }
    let container = AtomContainer()
    // Read while `b` loads, as `value(_:)` does before it waits.
    #expect(container.loadable(label).isLoading)
    let (slot, version) = container._operate { core in
      let index = core.index(of: label)
      return (core._slots[Int(index)], core._slots[Int(index)]._version)
    }
    // `b` settles before the wait begins: `label` is marked for re-evaluation, unwatched.
    inputs.gates.gate("b").open()
    #expect(await eventually { container.loadable(inputs.b).value == 2 })
    let finished = Collected<Bool>()
    let waiting = Task {
      await container.waitForChange(of: slot, after: version)
      finished.append(true)
    }
    // The wait returns at once, so that `value(_:)` reads again; it used to wait for ever.
    #expect(await eventually { !finished.values.isEmpty })
    waiting.cancel()
    #expect(try await container.value(label) == "b=2")
  }
}
