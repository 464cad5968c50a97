import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

@Suite struct LiveStreamTests {
  func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appending(path: "live-\(UUID().uuidString)-\(name)")
  }

  func events(in url: URL) throws -> [InspectorEvent] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated().map {
      try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1)
    }
  }

  /// A container and a store attached to an inspector streaming to the file `url`.
  static func streamingInspector(to url: URL) throws -> (AtomContainer, Store<ShopState, ShopAction>, Inspector) {
    let container = AtomContainer()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(container)
    inspector.attach(store)
    try inspector.startStreaming(to: .file(path: url.path))
    return (container, store, inspector)
  }

  @Test func eventsGoToAFileAsJSONLines() throws {
    let url = temporaryFile("events.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let (container, store, inspector) = try Self.streamingInspector(to: url)
    _ = try container.get(Graph.label)
    store.dispatch(.rename("Ann"))
    inspector.stopStreaming()
    let found = try events(in: url)
    #expect(found.contains { $0.kind == .edgeAdded(SnapshotEdge(from: "Graph.total", to: "Graph.label")) })
    #expect(
      found.contains {
        if case .evaluation(let e) = $0.kind { e.node == "Graph.label" && e.trigger == "first read" } else { false }
      })
    let action = found.compactMap { if case .action(let action) = $0.kind { action } else { nil } }.first
    #expect(action?.name == "rename")
    #expect(action?.changes == [SnapshotChange(path: "profile.name", before: "\"\"", after: "\"Ann\"")])
  }

  /// The stream reads a store's actions from its recording: from where the store stood when
  /// streaming started (what came before is not streamed, nor counted as dropped), each action
  /// once, in order, and one attached while streaming from where it stood when attached.
  @Test func storeActionsAreReadFromTheRecordingFromWhereStreamingStarted() throws {
    let url = temporaryFile("tail.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    store.dispatch(.rename("before the inspector"))
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.rename("before streaming"))
    try inspector.startStreaming(to: .file(path: url.path))
    for name in ["Ann", "Bo", "Cy"] { store.dispatch(.rename(name)) }
    let late = Store(initialState: ShopState(), reducer: shopReducer, name: "late")
    late.dispatch(.rename("before it was attached"))
    inspector.attach(late)
    late.dispatch(.rename("Di"))
    inspector.stopStreaming()
    let found = try events(in: url)
    let actions = found.compactMap { if case .action(let action) = $0.kind { action } else { nil } }
    #expect(actions.map(\.store) == ["shop", "shop", "shop", "late"])
    #expect(actions.map(\.seq) == [3, 4, 5, 2])
    #expect(actions.map { $0.changes.first?.after } == ["\"Ann\"", "\"Bo\"", "\"Cy\"", "\"Di\""])
    #expect(!found.contains { if case .dropped = $0.kind { true } else { false } })
    #expect(inspector.droppedEventCount == 0)
    // Their numbers follow the causal order they were recorded in.
    let numbers = found.compactMap { if case .action = $0.kind { $0.seq } else { nil } }
    #expect(numbers == numbers.sorted())
  }

  /// A flood of a store's actions, far more than rounds read: every action is either written
  /// or counted as dropped, in order, and the newest is written.
  @Test func aFloodOfActionsIsWrittenOrCountedAsDroppedNeverLost() throws {
    let url = temporaryFile("flood.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    var configuration = InspectorConfiguration()
    configuration.actionCapacity = 50_000
    let inspector = Inspector(configuration: configuration)
    inspector.attach(store)
    try inspector.startStreaming(to: .file(path: url.path), capacity: 20_000)
    let flood = 30_000
    for number in 0..<flood { store.dispatch(.rename("n\(number)")) }
    inspector.stopStreaming()
    let found = try events(in: url)
    let actions = found.compactMap { if case .action(let action) = $0.kind { action } else { nil } }
    let dropped = found.reduce(0) { total, event in
      if case .dropped(let count) = event.kind { total + count } else { total }
    }
    #expect(actions.count + dropped == flood)
    #expect(actions.map(\.seq) == actions.map(\.seq).sorted())
    #expect(actions.last?.seq == flood)
    #expect(actions.last?.changes.first?.after == "\"n\(flood - 1)\"")
    #expect(inspector.droppedEventCount == dropped)
  }

  /// A stream begins with the app's hello: its name (configurable), process, a random id
  /// made once per process, and the package's version.
  @Test func aStreamBeginsWithTheAppsHello() throws {
    let url = temporaryFile("hello.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var configuration = InspectorConfiguration()
    configuration.appName = "Shop (test)"
    let inspector = Inspector(configuration: configuration)
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    inspector.attach(store)
    try inspector.startStreaming(to: .file(path: url.path))
    store.dispatch(.visit)
    inspector.stopStreaming()
    let found = try events(in: url)
    guard case .hello(let hello) = found.first?.kind else {
      Issue.record("the stream began with \(String(describing: found.first))")
      return
    }
    #expect(hello.app == "Shop (test)")
    #expect(hello.processID == Int(ProcessInfo.processInfo.processIdentifier))
    #expect(hello.version == PackageVersion.current)
    #expect(hello.instance.count == 36)
    #expect(found.filter { if case .hello = $0.kind { true } else { false } }.count == 1)
    // Times never go back along the stream, the hello's included.
    #expect(zip(found, found.dropFirst()).allSatisfy { $0.atNanos <= $1.atNanos })
    // Another inspector of the same process says the same instance.
    let other = temporaryFile("hello-2.jsonl")
    defer { try? FileManager.default.removeItem(at: other) }
    let second = Inspector()
    try second.startStreaming(to: .file(path: other.path))
    second.stopStreaming()
    guard case .hello(let again) = try events(in: other).first?.kind else {
      Issue.record("no hello")
      return
    }
    #expect(again.instance == hello.instance)
  }

  @Test func aFullQueueDropsAndCountsInsteadOfBlocking() throws {
    let url = temporaryFile("unreachable")
    let inspector = Inspector()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    inspector.attach(store)
    // Nobody listens on this socket: events queue up to the capacity, then are dropped.
    try inspector.startStreaming(to: .unix(path: url.path), capacity: 10)
    for _ in 0..<100 { store.dispatch(.visit) }
    #expect(store.state.profile.visits == 100)
    #expect(inspector.droppedEventCount >= 90)
    #expect((inspector.snapshot().dropped?.events ?? 0) >= 90)
    inspector.stopStreaming()
  }

  @Test(.timeLimit(.minutes(1))) func theStreamSurvivesItsListenerBeingKilledAndRestarted() async throws {
    let port = try freePort()
    let firstOutput = temporaryFile("first.jsonl")
    let secondOutput = temporaryFile("second.jsonl")
    defer {
      try? FileManager.default.removeItem(at: firstOutput)
      try? FileManager.default.removeItem(at: secondOutput)
    }
    let first = try startListener(port: port, output: firstOutput)
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(store)
    try inspector.startStreaming(to: .tcp(host: "127.0.0.1", port: port), capacity: 50)

    // Phase 1: the listener receives events.
    for index in 0..<20 { store.dispatch(.add("first-\(index)")) }
    #expect(await waitUntil { (try? String(contentsOf: firstOutput, encoding: .utf8))?.contains("first-19") == true })

    // Phase 2: the listener dies; the app keeps dispatching without blocking: the stream's
    // queue holds at most its capacity (50), and what does not fit is dropped and counted.
    // (Were dispatch to block, this loop would not end and the time limit would fail the test.)
    kill(first.processIdentifier, SIGKILL)
    first.waitUntilExit()
    for index in 0..<500 { store.dispatch(.add("gap-\(index)")) }
    #expect(store.state.cart.count == 520)
    #expect(await waitUntil { inspector.droppedEventCount > 0 })

    // Phase 3: a new listener on the same port; the stream reconnects and resumes.
    let second = try startListener(port: port, output: secondOutput)
    defer {
      kill(second.processIdentifier, SIGKILL)
      second.waitUntilExit()
    }
    // The stream reconnects on its own (it retries every 100 ms) and first delivers what was
    // queued, with a report of what was dropped; events dispatched after that arrive too.
    #expect(
      await waitUntil { (try? String(contentsOf: secondOutput, encoding: .utf8))?.contains("dropped") == true },
      "received: \((try? String(contentsOf: secondOutput, encoding: .utf8))?.prefix(300) ?? "nothing"); dropped so far: \(inspector.droppedEventCount)"
    )
    for index in 0..<20 { store.dispatch(.add("second-\(index)")) }
    #expect(await waitUntil { (try? String(contentsOf: secondOutput, encoding: .utf8))?.contains("second-19") == true })
    let resumed = try events(in: secondOutput)
    // Each connection begins with the app's hello, the same app and process both times.
    let greetings = try [firstOutput, secondOutput].map { try events(in: $0).first?.kind }
    guard case .hello(let before) = greetings[0], case .hello(let after) = greetings[1] else {
      Issue.record("a connection began without a hello: \(greetings)")
      return
    }
    #expect(before == after)
    let dropped = resumed.compactMap { if case .dropped(let count) = $0.kind { count } else { nil } }.reduce(0, +)
    #expect(dropped > 0, "the resumed stream reports how many events were dropped")
    #expect(inspector.droppedEventCount >= dropped)
    inspector.stopStreaming()
  }

  /// Runs `recoil-inspect live --listen tcp:127.0.0.1:PORT --raw` with its output in a file.
  func startListener(port: UInt16, output: URL) throws -> Process {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = Self.productsDirectory.appending(path: "recoil-inspect")
    process.arguments = ["live", "--listen", "tcp:127.0.0.1:\(port)", "--raw"]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until it accepts connections.
    for _ in 0..<500 {
      if canConnect(port: port) { return process }
      usleep(10_000)
    }
    throw ListenerError()
  }

  struct ListenerError: Error {}

  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  func waitUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1_000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }
}

/// The live stream carries every entry of the snapshot's causal timeline, with the same
/// numbers and causes: atom effects' phases included, so no streamed entry names a cause the
/// stream never carried.
@Suite struct LiveStreamTimelineTests {
  @Test func everyTimelineEntryIsStreamedWithItsNumber() throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "live-\(UUID().uuidString)-entries.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let theme = ThemeWithEffect()
    let label = Selector(key: "label") { get in "theme: \(try get(theme.atom))" }
    let (container, store, inspector) = try LiveStreamTests.streamingInspector(to: url)
    let subscription = container.subscribe(label) { _ in }
    try #require(theme.context).setSelf("sepia")
    container.set(theme.atom, "night")
    store.dispatch(.add("boots"))
    let snapshot = inspector.snapshot()
    inspector.stopStreaming()
    subscription.cancel()

    let streamed = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated().map {
      try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1)
    }
    let streamedSeqs = Set(streamed.compactMap(\.seq))
    let timelineSeqs = Set(snapshot.timeline.map(\.seq))
    #expect(timelineSeqs.isSubset(of: streamedSeqs), "missing: \(timelineSeqs.subtracting(streamedSeqs).sorted())")
    // The atom effect's phases are among them, as steps of kind effect naming the atom.
    let effectSteps = streamed.compactMap {
      if case .step(let step) = $0.kind, step.kind == .effect { step } else { nil }
    }
    #expect(effectSteps.map(\.phase) == ["started", "failed"])
    #expect(effectSteps.allSatisfy { $0.node == "theme" && $0.name == "load theme" })
    // Every streamed cause is an entry the stream carried.
    for event in streamed {
      if let cause = event.cause { #expect(streamedSeqs.contains(cause), "cause #\(cause) of #\(event.seq ?? 0)") }
    }
    // Writes and effects carry their time, in the snapshot and the stream alike.
    let elapsed = try #require(snapshot.elapsedNanos)
    let timed = snapshot.timeline.filter { $0.kind == .write || $0.kind == .effect }
    #expect(timed.count == 5)  // three writes, the effect's start and failure
    for entry in timed {
      let at = try #require(entry.atNanos, "\(entry.kind) #\(entry.seq) has no time")
      #expect((0...elapsed).contains(at))
    }
    let streamedWrites = streamed.compactMap {
      if case .step(let step) = $0.kind, step.kind == .write { step } else { nil }
    }
    #expect(streamedWrites.count == 3 && streamedWrites.allSatisfy { $0.atNanos != nil })
  }
}
