import Foundation
import RecoilSnapshot
import Testing

/// `recoil-inspect export --perfetto`: the Chrome Trace Event Format.
@Suite struct ExportCommandTests {
  private let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")

  @Test func theDemosTraceHasASlicePerActionOnItsStoresTrack() throws {
    let outcome = try ExecutableRunner.run(["export", demo, "--perfetto", "-o", "-"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo)))

    // Metadata names a process per store and its actions thread.
    var processOfStore: [String: Int] = [:]
    for event in events where event["ph"] as? String == "M" && event["name"] as? String == "process_name" {
      let name = (event["args"] as? [String: Any])?["name"] as? String ?? ""
      processOfStore[String(name.dropFirst("store ".count))] = event["pid"] as? Int
    }
    #expect(Set(processOfStore.keys) == ["app", "cart"])
    let threadNames = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" }
    #expect(threadNames.count == 2)

    // One complete event per action, in order, on its store's process, in microseconds.
    let slices = events.filter { $0["ph"] as? String == "X" }
    #expect(slices.count == snapshot.actions.count)
    for (slice, action) in zip(slices, snapshot.actions) {
      #expect(slice["name"] as? String == action.name)
      #expect(slice["pid"] as? Int == processOfStore[action.store])
      let start = try #require(slice["ts"] as? Double)
      #expect(abs(start - Double(action.atNanos ?? 0) / 1_000) < 0.01)
      let duration = try #require(slice["dur"] as? Double)
      #expect(abs(duration - Double(action.durationNanos ?? 0) / 1_000) < 0.01)
      let arguments = try #require(slice["args"] as? [String: Any])
      #expect(arguments["seq"] as? Int == action.seq)
      #expect((arguments["changes"] as? [String])?.count == action.changes.count)
    }
  }

  @Test func theTraceGoesBesideTheSnapshotAndBadInputKeepsTheOldOne() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "cart.json")
    try FileManager.default.copyItem(at: URL(filePath: demo), to: input)
    var outcome = try ExecutableRunner.run(["export", input.path, "--perfetto"])
    let output = directory.appending(path: "cart.trace.json")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "recoil-inspect: wrote \(output.path) (33 actions)\n")
    #expect(FileManager.default.fileExists(atPath: output.path))

    try Data("previous".utf8).write(to: output)
    outcome = try ExecutableRunner.run([
      "export", ExecutableRunner.fixture("bad/not-json.json"), "--perfetto", "-o", output.path,
    ])
    #expect(outcome.status == 65)
    #expect(try String(contentsOf: output, encoding: .utf8) == "previous")

    outcome = try ExecutableRunner.run(["export", demo])
    #expect(outcome.status == 64)
  }
}
