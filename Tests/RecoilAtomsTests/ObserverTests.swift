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

  /// Asks only for some of the costly kinds of events.
  final class SelectiveObserver: AtomGraphObserver {
    let recording = RecordingObserver()
    let wanted = LockedKinds()
    var interests: AtomGraphEventKinds { wanted.kinds }
    func receive(_ event: AtomGraphEvent) { recording.receive(event) }
  }

  final class LockedKinds: Sendable {
    private let storage = Collected<AtomGraphEventKinds>()
    var kinds: AtomGraphEventKinds { storage.values.last ?? [] }
    func set(_ kinds: AtomGraphEventKinds) { storage.append(kinds) }
  }

  static func kinds(of events: [AtomGraphEvent]) -> [String] {
    events.compactMap { event in
      switch event {
      case .evaluationStarted(let node, _): "started \(node)"
      case .evaluationFinished(let node, _, _, _): "finished \(node)"
      case .valueChanged(let node, _): "value \(node)"
      case .edgeAdded(let from, let to): "edge \(from)->\(to)"
      case .errorRaised(let node, _): "error \(node)"
      default: nil
      }
    }
  }

  /// An observer of a subclass: its interests are read through the class it conforms by.
  final class SubclassedObserver: SelectiveObserverBase, @unchecked Sendable {}

  class SelectiveObserverBase: AtomGraphObserver, @unchecked Sendable {
    let recording = RecordingObserver()
    let wanted = LockedKinds()
    var interests: AtomGraphEventKinds { wanted.kinds }
    func receive(_ event: AtomGraphEvent) { recording.receive(event) }
  }

  @Test func theInterestsOfEveryObserverAreReadAtEachOperation() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    let quiet = SelectiveObserver()
    let subclassed = SubclassedObserver()
    container.addObserver(quiet)
    container.addObserver(subclassed)
    // Every observer hears the kinds that any of them asks for.
    subclassed.wanted.set(.evaluationStarts)
    _ = try container.get(b)
    #expect(Self.kinds(of: quiet.recording.events.values) == ["started b", "edge a->b"])
    #expect(Self.kinds(of: subclassed.recording.events.values) == ["started b", "edge a->b"])
    // Once neither asks, the next evaluation is not reported; the other observer's asking is
    // read as well.
    subclassed.wanted.set([])
    container.set(a, 2)
    _ = try container.get(b)
    #expect(Self.kinds(of: quiet.recording.events.values) == ["started b", "edge a->b"])
    quiet.wanted.set(.evaluations)
    container.set(a, 3)
    _ = try container.get(b)
    #expect(Self.kinds(of: subclassed.recording.events.values) == ["started b", "edge a->b", "finished b"])
  }

  /// Announces its changes of interests, and counts how often they are read.
  final class AnnouncingObserver: AtomGraphObserver {
    let recording = RecordingObserver()
    let wanted = LockedKinds()
    let reads = Collected<Int>()
    var announcesInterestChanges: Bool { true }
    var interests: AtomGraphEventKinds {
      reads.append(1)
      return wanted.kinds
    }
    func receive(_ event: AtomGraphEvent) { recording.receive(event) }
    func want(_ kinds: AtomGraphEventKinds) {
      wanted.set(kinds)
      AtomGraphInterests.changed()
    }
  }

  @Test func announcedInterestsAreReadOnlyAfterEachAnnouncement() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    let observer = AnnouncingObserver()
    container.addObserver(observer)
    _ = try container.get(b)
    // Read at the first operation after it was added, not again while nothing is announced
    // (other tests running at the same time may announce too: at most a few more reads).
    let readsBefore = observer.reads.values.count
    for value in 2...41 { container.set(a, value) }
    #expect(observer.reads.values.count - readsBefore < 10)
    #expect(Self.kinds(of: observer.recording.events.values) == ["edge a->b"])
    // What it asks for after announcing is what the next operation reports.
    observer.want(.evaluations)
    _ = try container.get(b)
    #expect(Self.kinds(of: observer.recording.events.values) == ["edge a->b", "finished b"])
    observer.want([])
    container.set(a, 50)
    _ = try container.get(b)
    #expect(Self.kinds(of: observer.recording.events.values) == ["edge a->b", "finished b"])
  }

  @Test func anObserverThatDoesNotAnnounceHasEveryonesInterestsReadAtEachOperation() throws {
    let a = Atom(1, key: "a")
    let container = AtomContainer()
    let announcing = AnnouncingObserver()
    let quiet = SelectiveObserver()
    container.addObserver(announcing)
    container.addObserver(quiet)
    container.set(a, 2)
    let readsBefore = announcing.reads.values.count
    for value in 3...22 { container.set(a, value) }
    #expect(announcing.reads.values.count - readsBefore == 20)
  }

  @Test func anObserverGetsOnlyTheCostlyEventsItAsksFor() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get -> Int in
      if try get(a) < 0 { throw TestError(message: "negative") }
      return try get(a) * 2
    }
    let container = AtomContainer()
    let observer = SelectiveObserver()
    observer.wanted.set(.evaluations)
    container.addObserver(observer)
    _ = try container.get(b)
    #expect(Self.kinds(of: observer.recording.events.values) == ["edge a->b", "finished b"])

    // Interests are read at each operation, so they may vary between operations.
    observer.wanted.set([.evaluationStarts, .values])
    container.set(a, 2)
    _ = try container.get(b)
    #expect(
      Self.kinds(of: observer.recording.events.values) == [
        "edge a->b", "finished b", "value a", "started b", "value b",
      ])

    // Errors are always reported.
    observer.wanted.set([])
    container.set(a, -1)
    #expect(throws: TestError.self) { try container.get(b) }
    #expect(Self.kinds(of: observer.recording.events.values).last == "error b")
  }

  @Test func aRetriedDeepEvaluationIsReportedOnceWithItsDependencies() throws {
    // A chain deeper than the nesting limit is evaluated in several passes; each selector's
    // start and finish are still reported exactly once.
    let root = Atom(0, key: "root")
    var chain: [Selector<Int>] = []
    for index in 0..<600 {
      let previous = chain.last
      chain.append(Selector(key: "c\(index)") { get in try (previous.map { try get($0) } ?? get(root)) + 1 })
    }
    let container = AtomContainer()
    let observer = RecordingObserver()
    container.addObserver(observer)
    #expect(try container.get(chain[599]) == 600)
    let kinds = Self.kinds(of: observer.events.values).filter { !$0.hasPrefix("edge") && !$0.hasPrefix("value") }
    let started = kinds.filter { $0.hasPrefix("started") }
    let finished = kinds.filter { $0.hasPrefix("finished") }
    #expect(started.count == 600 && Set(started).count == 600)
    #expect(finished.count == 600 && Set(finished).count == 600)
  }
}
