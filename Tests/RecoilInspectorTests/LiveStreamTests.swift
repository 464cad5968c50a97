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

  @Test func eventsGoToAFileAsJSONLines() throws {
    let url = temporaryFile("events.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let container = AtomContainer()
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    let inspector = Inspector()
    inspector.attach(container)
    inspector.attach(store)
    try inspector.startStreaming(to: .file(path: url.path))
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

  @Test func theStreamSurvivesItsListenerBeingKilledAndRestarted() async throws {
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

    // Phase 2: the listener dies; the app keeps dispatching without blocking.
    kill(first.processIdentifier, SIGKILL)
    first.waitUntilExit()
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<500 { store.dispatch(.add("gap-\(index)")) }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    #expect(store.state.cart.count == 520)
    #expect(elapsed < 10_000_000_000, "dispatching while the listener is down must not block")
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
