import Dispatch
import Foundation
import Observation
import RecoilConcurrency
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

  /// A change already on its way to the subscriber's queue when the subscription is
  /// cancelled is not delivered: once `cancel()` returns, no callback starts.
  @Test func nothingIsDeliveredOnAQueueAfterCancelling() async {
    let count = Atom(0, key: "cancelled count")
    let container = AtomContainer()
    let queue = DispatchQueue(label: "container-delivery-cancel")
    let heard = LockedValue<[Int]>([])
    let subscription = container.subscribe(count, delivery: .queue(queue)) { loadable in
      heard.withLock { $0.append(loadable.value ?? -1) }
    }
    // The queue is held while the change is made, so its delivery waits behind the hold.
    let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    queue.async {
      held.signal()
      release.wait()
    }
    held.wait()
    container.set(count, 1)
    subscription.cancel()
    release.signal()
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(heard.withLock { $0 }.isEmpty)
  }

  /// Calling the container from inside a getter would deadlock on its lock; instead the
  /// process stops saying what went wrong. It is run in a child process (the debug build of
  /// `release-probe`; ReleaseBuildTests runs the release build), which must die with the message.
  @Test func callingTheContainerFromAGetterIsReportedNotADeadlock() throws {
    let text = try Self.probeDies("container-in-getter")
    #expect(text.contains("AtomContainer was called from inside a selector's getter or setter"), "\(text)")
  }

  /// So is calling it from an atom effect as it starts, which runs under the same lock; the
  /// message names effects too.
  @Test func callingTheContainerFromAnEffectAsItStartsIsReportedNotADeadlock() throws {
    let text = try Self.probeDies("container-in-effect")
    #expect(text.contains("or from an atom effect as it started"), "\(text)")
  }

  /// Runs a scenario of the debug build of `release-probe`, which must die; returns what it
  /// printed to standard error.
  private static func probeDies(_ scenario: String) throws -> String {
    var products = Bundle.main.bundleURL
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        products = bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    let probe = products.appending(path: "release-probe")
    try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build release-probe first: swift build")
    let process = Process()
    process.executableURL = probe
    process.arguments = [scenario]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the probe ended normally: \(text)")
    return text
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
