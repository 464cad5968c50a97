import Testing

@testable import RecoilAtoms

/// An async selector's evaluation in flight goes on while what it waits for settles, and starts
/// over only when something it took (a value, an error, a loadable) changes.
@Suite struct InFlightEvaluationTests {
  /// The getter waits for a loading input: when the input resolves, the getter takes its value
  /// and goes on; the request it made before is not made again.
  @Test func anInputSettlingWhileTheGetterWaitsForItDoesNotStartItOver() async throws {
    let container = AtomContainer()
    let gate = Gate()
    let rates = gated("rates", by: gate, to: 2)
    let requests = Counter()
    let prices = AsyncSelector<Int>(key: "prices") { get in
      requests.increment()  // a request, made before waiting for the rates
      return 50 * (try await get(rates))
    }
    let reading = Task { try await container.value(prices) }
    #expect(await eventually { requests.count == 1 && gate.waiting == 1 })
    gate.open()
    #expect(try await reading.value == 100)
    #expect(requests.count == 1)
  }

  /// A chain of async selectors, each waiting for the one before it: each runs once when the
  /// first resolves, not once more per link resolved above it.
  @Test func aChainOfAsyncSelectorsRunsEachOnce() async throws {
    let container = AtomContainer()
    let gate = Gate()
    let source = gated("source", by: gate, to: 1)
    let runs = Collected<String>()
    let middle = AsyncSelector<Int>(key: "middle") { get in
      runs.append("middle")
      return try await get(source) + 1
    }
    let top = AsyncSelector<Int>(key: "top") { get in
      runs.append("top")
      return try await get(middle) + 1
    }
    let heard = Collected<Loadable<Int>>()
    let subscription = container.subscribe(top) { heard.append($0) }
    #expect(await eventually { gate.waiting == 1 })
    gate.open()
    #expect(try await container.value(top) == 3)
    #expect(runs.values.sorted() == ["middle", "top"])
    #expect(heard.values.compactMap(\.value) == [3])
    subscription.cancel()
  }

  /// What the getter took and that has changed since makes its result stale: it starts over,
  /// even while it waits for something else.
  @Test func anInputTakenThatChangesStartsItOverWhileItWaitsForAnother() async throws {
    let container = AtomContainer()
    let gates = GateSet()
    let query = Atom("boots", key: "query")
    let rates = gated("rates", by: gates.gate("rates"), to: 2)
    let started = Collected<String>()
    let results = AsyncSelector<String>(key: "results") { get in
      let text = try await get(query)
      started.append(text)
      return "\(text) x\(try await get(rates))"
    }
    let reading = Task { try await container.value(results) }
    #expect(await eventually { started.values == ["boots"] })
    container.set(query, "scarf")
    #expect(await eventually { started.values == ["boots", "scarf"] })
    gates.gate("rates").open()
    #expect(try await reading.value == "scarf x2")
    #expect(started.values == ["boots", "scarf"])
  }

  /// A loadable taken without waiting is taken as it was: when that input resolves, the result
  /// made from its loading state is stale, and the getter starts over.
  @Test func aLoadingStateTakenWithoutWaitingStartsItOverWhenTheInputResolves() async throws {
    let container = AtomContainer()
    let gates = GateSet()
    let cached = gated("cached", by: gates.gate("cached"), to: "cached")
    let slow = gated("slow", by: gates.gate("slow"), to: "slow")
    let runs = Counter()
    let shown = AsyncSelector<String>(key: "shown") { get in
      runs.increment()
      let peek = try await get.noWait(cached)
      let rest = try await get(slow)
      return "\(peek.value ?? "nothing") and \(rest)"
    }
    let reading = Task { try await container.value(shown) }
    #expect(await eventually { gates.gate("slow").waiting == 1 })
    gates.gate("cached").open()
    #expect(await eventually { runs.count == 2 })
    gates.gate("slow").open()
    #expect(try await reading.value == "cached and slow")
  }

  /// The inspector's view: an evaluation that goes on is not reported as another evaluation.
  @Test func observersHearOneEvaluationOfAGetterThatWaited() async throws {
    let container = AtomContainer()
    let observer = RecordingObserver()
    _ = container.addObserver(observer)
    let gate = Gate()
    let rates = gated("rates", by: gate, to: 2)
    let prices = AsyncSelector<Int>(key: "prices") { get in 50 * (try await get(rates)) }
    let reading = Task { try await container.value(prices) }
    #expect(await eventually { gate.waiting == 1 })
    gate.open()
    #expect(try await reading.value == 100)
    let started = observer.events.values.compactMap { event -> String? in
      if case .evaluationStarted(let node, _) = event { return node.description }
      return nil
    }
    #expect(started.filter { $0 == "prices" }.count == 1)
  }

  /// A refresh starts it over although nothing it took changed.
  @Test func aRefreshStartsItOver() async throws {
    let container = AtomContainer()
    let gate = Gate()
    let rates = gated("rates", by: gate, to: 2)
    let runs = Counter()
    let prices = AsyncSelector<Int>(key: "prices") { get in
      runs.increment()
      return 50 * (try await get(rates))
    }
    let subscription = container.subscribe(prices) { _ in }
    #expect(await eventually { gate.waiting == 1 })
    container.refresh(prices)
    #expect(await eventually { runs.count == 2 })
    gate.open()
    #expect(try await container.value(prices) == 100)
    subscription.cancel()
  }
}
