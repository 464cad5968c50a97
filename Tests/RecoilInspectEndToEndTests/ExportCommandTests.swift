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

    // Metadata names a process per store and per container, and every thread used.
    var processOfStore: [String: Int] = [:]
    var processNames: [Int: String] = [:]
    for event in events where event["ph"] as? String == "M" && event["name"] as? String == "process_name" {
      let name = (event["args"] as? [String: Any])?["name"] as? String ?? ""
      processNames[event["pid"] as? Int ?? -1] = name
      if name.hasPrefix("store ") { processOfStore[String(name.dropFirst("store ".count))] = event["pid"] as? Int }
    }
    #expect(Set(processOfStore.keys) == ["app", "cart"])
    #expect(processNames.values.contains("container"))
    var threadNames: [[Int]: String] = [:]
    for event in events where event["ph"] as? String == "M" && event["name"] as? String == "thread_name" {
      threadNames[[event["pid"] as? Int ?? -1, event["tid"] as? Int ?? -1]] =
        (event["args"] as? [String: Any])?["name"] as? String
    }
    let slices = events.filter { $0["ph"] as? String == "X" }
    for slice in slices {
      #expect(threadNames[[slice["pid"] as? Int ?? -1, slice["tid"] as? Int ?? -1]] != nil, "\(slice)")
    }

    // One complete event per action, in order, on its store's actions thread, in microseconds.
    let actionSlices = slices.filter { $0["cat"] as? String == "action" }
    #expect(actionSlices.count == snapshot.actions.count)
    for (slice, action) in zip(actionSlices, snapshot.actions) {
      #expect(slice["name"] as? String == action.name)
      #expect(slice["pid"] as? Int == processOfStore[action.store])
      #expect(threadNames[[slice["pid"] as? Int ?? -1, slice["tid"] as? Int ?? -1]] == "actions")
      let start = try #require(slice["ts"] as? Double)
      #expect(abs(start - Double(action.atNanos ?? 0) / 1_000) < 0.01)
      let duration = try #require(slice["dur"] as? Double)
      #expect(abs(duration - Double(action.durationNanos ?? 0) / 1_000) < 0.01)
      let arguments = try #require(slice["args"] as? [String: Any])
      #expect(arguments["seq"] as? Int == action.seq)
      #expect((arguments["changes"] as? [String])?.count == action.changes.count)
      // Where the app dispatched it, from the action's timeline entry.
      let site = try #require(TimelineIndex(snapshot).entry(for: action)?.site)
      #expect(arguments["site"] as? String == site)
      #expect(site.hasPrefix("cart_demo/"))
    }

    // Every evaluation of the timeline is a slice on its selector's own thread, with its trigger.
    let evaluations = snapshot.timeline.filter { $0.kind == .evaluation }
    let evaluationSlices = slices.filter { $0["cat"] as? String == "evaluation" }
    #expect(evaluationSlices.count == evaluations.count)
    for (slice, evaluation) in zip(evaluationSlices, evaluations) {
      #expect(slice["name"] as? String == evaluation.node)
      #expect(threadNames[[slice["pid"] as? Int ?? -1, slice["tid"] as? Int ?? -1]] == evaluation.node)
      #expect((slice["args"] as? [String: Any])?["trigger"] as? String == evaluation.trigger)
    }
    #expect(slices.contains { $0["cat"] as? String == "write" && ($0["name"] as? String)?.hasPrefix("write ") == true })
    #expect(slices.contains { $0["cat"] as? String == "effect" })

    // Flows from cause to effect: a start and a finish per id, the finish bound to its slice.
    let starts = events.filter { $0["ph"] as? String == "s" }
    let finishes = events.filter { $0["ph"] as? String == "f" }
    #expect(!starts.isEmpty)
    #expect(Set(starts.compactMap { $0["id"] as? Int }) == Set(finishes.compactMap { $0["id"] as? Int }))
    #expect(finishes.allSatisfy { $0["bp"] as? String == "e" })
    // The write a store's subscriber made has an arrow from the store's notification.
    let write = try #require(snapshot.timeline.first { $0.kind == .write && $0.node == "Pricing.currency" })
    #expect(starts.contains { $0["id"] as? Int == write.seq })
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
