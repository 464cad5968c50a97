import Foundation
import RecoilSnapshot
import Testing

/// `cart-demo --stream` plays its session to `recoil-inspect live --listen`.
@Suite struct DemoStreamTests {
  @Test func theDemoPlaysItsSessionToAListeningLiveView() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let socket = directory.appending(path: "live.sock").path
    let listener = Process()
    listener.executableURL = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect")
    listener.arguments = ["live", "--listen", "unix:\(socket)", "--raw", "--kind", "action"]
    let output = Pipe()
    listener.standardOutput = output
    listener.standardError = FileHandle.nullDevice
    try listener.run()
    defer { if listener.isRunning { kill(listener.processIdentifier, SIGKILL) } }
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
    #expect(FileManager.default.fileExists(atPath: socket), "live did not start listening")

    let demo = try ExecutableRunner.run(["--stream", "unix:\(socket)"], executable: "cart-demo")
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stdoutText == "cart-demo: played the session to unix:\(socket)\n")

    // The shipped snapshot holds the same session's actions: all of them arrive, in order.
    let expected = try SnapshotCodec.decode(
      Data(contentsOf: URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json"))))
    var received = Data()
    var actions: [SnapshotAction] = []
    while actions.count < expected.actions.count {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      received.append(more)
      actions = String(decoding: received, as: UTF8.self).split(separator: "\n").compactMap { line in
        guard let event = try? InspectorEventCodec.decode(line: Array(line.utf8), lineNumber: 1),
          case .action(let action) = event.kind
        else { return nil }
        return action
      }
    }
    // Effects send their actions as they finish, so stores interleave differently from run to
    // run; each store's actions arrive in their order.
    #expect(actions.count == expected.actions.count)
    #expect(Set(actions.map(\.name)) == Set(expected.actions.map(\.name)))
    for store in ["app", "cart"] {
      let numbers = actions.filter { $0.store == store }.map(\.seq)
      #expect(numbers == Array(1...numbers.count))
      #expect(numbers.count == expected.actions.filter { $0.store == store }.count)
    }
    // Each action says where the app dispatched it, as the snapshot's timeline does.
    let expectedSites = Set(expected.timeline.filter { $0.kind == .action }.compactMap(\.site))
    #expect(expectedSites.count > 10)
    #expect(actions.allSatisfy { $0.site.map(expectedSites.contains) == true }, "\(actions.map(\.site))")
  }

  @Test func aBadEndpointIsAUsageError() throws {
    let outcome = try ExecutableRunner.run(["--stream", "tcp:127.0.0.1:notaport"], executable: "cart-demo")
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("cart-demo: error: --stream tcp:127.0.0.1:notaport:"))
  }
}
