import Testing

@testable import RecoilAtoms

@Suite struct ObserverTests {
  @Test func observersSeeRegistrationsEvaluationsEdgesAndValues() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) * 2 }
    let container = AtomContainer()
    let observer = RecordingObserver()
    container.addObserver(observer)
    _ = try container.get(b)
    container.set(a, 2)
    _ = try container.get(b)
    let events = observer.events.values
    let registered = events.compactMap { if case .nodeRegistered(let info) = $0 { return info } else { return nil } }
    #expect(registered.map(\.key.description) == ["b", "a"])
    #expect(registered.first { $0.key.name == "a" }?.kind == .atom)
    #expect(registered.first { $0.key.name == "a" }?.valueType == "Int")
    #expect(registered.first { $0.key.name == "b" }?.isWritable == false)
    #expect(
      events.contains {
        if case .edgeAdded(let from, let to) = $0 { return from.name == "a" && to.name == "b" } else { return false }
      })
    let finished = events.compactMap { event -> (String, EvaluationTrigger, UInt64)? in
      if case .evaluationFinished(let node, let nanos, let trigger, _) = event {
        return (node.description, trigger, nanos)
      }
      return nil
    }
    #expect(finished.map(\.0) == ["b", "b"])
    #expect(finished.map(\.1) == [.firstRead, .dependencyChanged(a.key)])
    #expect(finished.allSatisfy { $0.2 >= 0 })
    let values = events.compactMap { event -> String? in
      if case .valueChanged(let node, let value) = event { return "\(node)=\(value)" }
      return nil
    }
    #expect(values == ["a=1", "b=2", "a=2", "b=4"])
  }

  @Test func aLateObserverIsToldAboutWhatExists() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) * 2 }
    let container = AtomContainer()
    _ = try container.get(b)
    let observer = RecordingObserver()
    container.addObserver(observer)
    let events = observer.events.values
    #expect(events.filter { if case .nodeRegistered = $0 { return true } else { return false } }.count == 2)
    #expect(events.contains { if case .edgeAdded = $0 { return true } else { return false } })
  }

  @Test func subscriberCountsErrorsAndLoadingAreReported() async throws {
    let failing = Selector(key: "failing") { _ -> Int in throw TestError(message: "bad") }
    let remote = AsyncSelector(key: "remote") { _ in 1 }
    let container = AtomContainer()
    let observer = RecordingObserver()
    container.addObserver(observer)
    let subscription = container.subscribe(failing) { _ in }
    subscription.cancel()
    _ = try await container.value(remote)
    let events = observer.events.values
    let counts = events.compactMap {
      if case .subscribersChanged(_, let count) = $0 { return count } else { return nil }
    }
    #expect(counts == [1, 0])
    #expect(
      events.contains { if case .errorRaised(let node, _) = $0 { return node.name == "failing" } else { return false } }
    )
    #expect(
      events.contains { if case .loadingStarted(let node) = $0 { return node.name == "remote" } else { return false } })
    #expect(
      events.contains { if case .loadingFinished(let node) = $0 { return node.name == "remote" } else { return false } }
    )
  }

  @Test func removedObserversHearNothingMore() throws {
    let a = Atom(1, key: "a")
    let container = AtomContainer()
    let observer = RecordingObserver()
    let token = container.addObserver(observer)
    container.removeObserver(token)
    container.set(a, 2)
    #expect(observer.events.values.isEmpty)
  }
}
