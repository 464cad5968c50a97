import Dispatch
import Testing

@testable import RecoilAtoms

@Suite struct TrackingScopeTests {
  @Test func aScopeRunsAgainWhenWhatItReadChangesAndOnlyThen() throws {
    let count = Atom(1, key: "count")
    let doubled = Selector(key: "doubled") { get in try get(count) * 2 }
    let unrelated = Atom("x", key: "unrelated")
    let container = AtomContainer()
    let seen = Collected<Int>()
    let scope = TrackingScope(container: container) { get in seen.append((try? get(doubled)) ?? -1) }
    #expect(seen.values == [2])
    container.set(count, 5)
    #expect(seen.values == [2, 10])
    container.set(unrelated, "y")
    container.set(count, 5)  // the same value: nothing changed
    #expect(seen.values == [2, 10])
    scope.cancel()
    container.set(count, 6)
    #expect(seen.values == [2, 10])
  }

  @Test func theReadSetFollowsWhatEachRunRead() throws {
    let useA = Atom(true, key: "useA")
    let a = Atom("a", key: "a")
    let b = Atom("b", key: "b")
    let container = AtomContainer()
    let seen = Collected<String>()
    let scope = TrackingScope(container: container) { get in
      seen.append((try? get(useA)) == true ? (try? get(a)) ?? "" : (try? get(b)) ?? "")
    }
    container.set(b, "b1")  // not read: no run
    #expect(seen.values == ["a"])
    container.set(useA, false)
    #expect(seen.values == ["a", "b1"])
    container.set(a, "a2")  // no longer read
    container.set(b, "b2")
    #expect(seen.values == ["a", "b1", "b2"])
    _ = scope
  }

  @Test func aReleasedScopeStops() {
    let count = Atom(1, key: "count")
    let container = AtomContainer()
    let seen = Collected<Int>()
    var scope: TrackingScope? = TrackingScope(container: container) { get in seen.append((try? get(count)) ?? 0) }
    container.set(count, 2)
    scope = nil
    container.set(count, 3)
    #expect(seen.values == [1, 2])
    _ = scope
  }

  @Test func aBindingReadsAndWritesItsNode() throws {
    let name = Atom("Ann", key: "name")
    let container = AtomContainer()
    let shown = Collected<String>()
    let binding = LockedBinding()
    let scope = TrackingScope(container: container) { get in
      let bound = get.binding(name)
      binding.set(bound)
      shown.append(bound.value ?? "")
    }
    try binding.get()?.set("Bea")
    #expect(try container.get(name) == "Bea")
    #expect(shown.values == ["Ann", "Bea"])
    _ = scope
  }

  @Test func aRunThatWritesWhatItReadSettles() throws {
    let count = Atom(0, key: "count")
    let container = AtomContainer()
    let runs = Collected<Int>()
    let scope = TrackingScope(container: container) { get in
      let value = (try? get(count)) ?? 0
      runs.append(value)
      if value < 3 { container.set(count, value + 1) }
    }
    #expect(runs.values == [0, 1, 2, 3])
    #expect(try container.get(count) == 3)
    _ = scope
  }

  @Test func aScopeRunsOnItsDelivery() async throws {
    let count = Atom(1, key: "count")
    let container = AtomContainer()
    let queue = DispatchQueue(label: "scope")
    let marker = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: marker, value: true)
    let labels = Collected<Bool>()
    let scope = TrackingScope(container: container, delivery: .queue(queue)) { get in
      _ = try? get(count)
      labels.append(DispatchQueue.getSpecific(key: marker) == true)
    }
    #expect(await eventually { labels.values.count == 1 })
    container.set(count, 2)
    #expect(await eventually { labels.values.count == 2 })
    #expect(labels.values == [true, true])
    _ = scope
  }
}

/// Holds the binding a scope's run made, for the test to use after the run.
final class LockedBinding: Sendable {
  private let binding = Collected<NodeBinding<String>>()
  func set(_ value: NodeBinding<String>) { binding.append(value) }
  func get() -> NodeBinding<String>? { binding.values.last }
}
