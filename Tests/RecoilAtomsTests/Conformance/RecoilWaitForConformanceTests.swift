import Testing

@testable import RecoilAtoms

/// The concurrency helpers as Recoil's own test suite states them (facebookexperimental/Recoil,
/// `packages/recoil/recoil_values/__tests__/Recoil_WaitFor-test.js`), in a synchronous
/// selector (``Getter``) and in an async one (``AsyncGetter``).
@Suite struct RecoilWaitForConformanceTests {
  /// Two async selectors held by gates, and the atom each reads.
  struct Inputs {
    let gates: GateSet
    let first: AsyncSelector<Int>
    let second: AsyncSelector<Int>

    init(firstFails: Bool = false) {
      let gates = GateSet()
      self.gates = gates
      first = AsyncSelector<Int>(key: "first") { _ in
        await gates.gate("first").wait()
        if firstFails { throw TestError(message: "first failed") }
        return 1
      }
      second = AsyncSelector<Int>(key: "second") { _ in
        await gates.gate("second").wait()
        return 2
      }
    }
  }

  /// "waitForAll - Error": in error as soon as one input is in error, even while another is
  /// still loading.
  @Test func waitForAllFailsAsSoonAsOneInputFailsEvenWhileOthersLoad() async throws {
    let container = AtomContainer()
    let inputs = Inputs(firstFails: true)
    let both = Selector<Int>(key: "both") { get in
      let (a, b) = try get.waitForAll(inputs.first, inputs.second)
      return a + b
    }
    #expect(container.loadable(both).isLoading)
    inputs.gates.gate("first").open()
    #expect(await eventually { container.loadable(both).error != nil })
    #expect(container.loadable(inputs.second).isLoading)
    #expect(throws: TestError(message: "first failed")) { try container.get(both) }
    inputs.gates.gate("second").open()
  }

  /// "waitForAll - Values": loading until every input has a value, then their values.
  @Test func waitForAllGivesEveryValueOnceAllHaveOne() async throws {
    let container = AtomContainer()
    let inputs = Inputs()
    let both = Selector<Int>(key: "both") { get in
      let (a, b) = try get.waitForAll(inputs.first, inputs.second)
      return a + b
    }
    #expect(container.loadable(both).isLoading)
    inputs.gates.gate("first").open()
    #expect(try await container.value(inputs.first) == 1)
    #expect(container.loadable(both).isLoading)
    inputs.gates.gate("second").open()
    #expect(try await container.value(both) == 3)
  }

  /// "waitForAllSettled": loading while any input loads, then every input's state, errors
  /// among them, without failing.
  @Test func waitForAllSettledGivesEveryStateOnceNoneLoads() async throws {
    let container = AtomContainer()
    let inputs = Inputs(firstFails: true)
    let settled = Selector<String>(key: "settled") { get in
      let (a, b) = try get.waitForAllSettled(inputs.first, inputs.second)
      return "\(a.error != nil ? "error" : "value") \(b.value ?? -1)"
    }
    inputs.gates.gate("first").open()
    #expect(await eventually { container.loadable(inputs.first).error != nil })
    #expect(container.loadable(settled).isLoading)
    inputs.gates.gate("second").open()
    #expect(try await container.value(settled) == "error 2")
    let list = Selector<Int>(key: "settled list") { get in
      try get.waitForAllSettled([inputs.first, inputs.second]).filter { $0.error == nil }.count
    }
    #expect(try container.get(list) == 1)
  }

  /// "waitForAllSettled" in an async selector: read concurrently, a failure is a result.
  @Test func asyncWaitForAllSettledReadsConcurrentlyAndKeepsFailures() async throws {
    let container = AtomContainer()
    let inputs = Inputs(firstFails: true)
    let settled = AsyncSelector<[Bool]>(key: "async settled") { get in
      let (a, b) = try await get.waitForAllSettled(inputs.first, inputs.second)
      return [a.error != nil, b.value == 2]
    }
    let result = Task { try await container.value(settled) }
    // Both reads are waiting at once: the reads are concurrent, not one after the other.
    #expect(await eventually { inputs.gates.gate("first").waiting == 1 && inputs.gates.gate("second").waiting == 1 })
    inputs.gates.gate("second").open()
    inputs.gates.gate("first").open()
    #expect(try await result.value == [true, true])
  }

  /// "waitForAny": the state of every input once one has settled.
  @Test func waitForAnyGivesEveryStateOnceOneSettled() async throws {
    let container = AtomContainer()
    let inputs = Inputs()
    let any = Selector<String>(key: "any") { get in
      let (a, b) = try get.waitForAny(inputs.first, inputs.second)
      return "\(a.value.map(String.init) ?? "…") \(b.value.map(String.init) ?? "…")"
    }
    #expect(container.loadable(any).isLoading)
    inputs.gates.gate("second").open()
    #expect(try await container.value(any) == "… 2")
    inputs.gates.gate("first").open()
    #expect(try await container.value(inputs.first) == 1)
    #expect(try container.get(any) == "1 2")
  }

  /// "waitForNone": never waits; each input's state now.
  @Test func waitForNoneNeverWaits() async throws {
    let container = AtomContainer()
    let inputs = Inputs()
    let none = Selector<Int>(key: "none") { get in
      let (a, b) = get.waitForNone(inputs.first, inputs.second)
      return (a.isLoading ? 0 : 1) + (b.isLoading ? 0 : 1)
    }
    #expect(try container.get(none) == 0)
    inputs.gates.gate("first").open()
    #expect(try await container.value(inputs.first) == 1)
    #expect(try container.get(none) == 1)
    inputs.gates.gate("second").open()
  }
}
