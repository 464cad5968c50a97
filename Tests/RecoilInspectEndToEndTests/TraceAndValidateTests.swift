import Foundation
import RecoilSnapshot
import Testing

@Suite struct TraceAndValidateTests {
  private let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")

  @Test func aPathFilterMatchesReplacementsOfItsAncestors() throws {
    let outcome = try ExecutableRunner.run(["trace", demo, "--path", "lines[1].quantity"])
    #expect(outcome.status == 0)
    // Both kinds of action: the ones that set the quantity and the ones that replaced lines[1].
    #expect(outcome.stdoutText.contains("lines[1].quantity: 1 -> 3"))
    #expect(outcome.stdoutText.contains("lines[1]: ∅ -> Line(productID: \"SC-07\""))
  }

  @Test func anUnknownStoreIsAUsageErrorThatListsTheKnownOnes() throws {
    let outcome = try ExecutableRunner.run(["trace", demo, "--store", "ap"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.hasPrefix(
        "recoil-inspect: error: --store: no store 'ap' in the snapshot; did you mean 'app'? (known stores: app, cart)"))
  }

  @Test func filtersThatMatchNothingSaySo() throws {
    let outcome = try ExecutableRunner.run(["trace", demo, "--store", "app", "--path", "lines"])
    #expect(outcome.status == 0)
    let entries = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo))).timeline.count
    #expect(outcome.stdoutText == "nothing matched --store app --path lines (of \(entries) timeline entries)\n")
    // A snapshot from before the timeline says the same of its actions.
    var old = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo)))
    old.timeline = []
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "old.json")
    try SnapshotCodec.encode(old).write(to: url)
    let before = try ExecutableRunner.run(["trace", url.path, "--store", "app", "--path", "lines"])
    #expect(before.stdoutText == "no actions matched --store app --path lines (of 33 recorded)\n")
  }

  @Test func validateCountsCyclesFailingAndLoadingNodes() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "a", kind: .selector), SnapshotNode(id: "b", kind: .selector),
        SnapshotNode(id: "c", kind: .selector, status: .error, error: "boom"),
        SnapshotNode(id: "d", kind: .selector, isAsync: true, status: .loading),
      ],
      edges: [SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "a")])
    let url = FileManager.default.temporaryDirectory.appending(path: "findings-\(UUID().uuidString).json")
    try SnapshotCodec.encode(snapshot).write(to: url)
    let outcome = try ExecutableRunner.run(["validate", url.path])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == "\(url.path): ok, 4 selectors, 2 edges, 0 actions; 1 cycle, 1 node in error, 1 loading\n")
  }

  @Test func everyPathInTheHelpAndTheReadmeExists() throws {
    let root = ExecutableRunner.repositoryRoot
    var texts = [try ExecutableRunner.run(["--help"]).stdoutText]
    for command in ["render", "validate", "trace", "diff", "live"] {
      texts.append(try ExecutableRunner.run([command, "--help"]).stdoutText)
    }
    for page in ["README.md"] + ReferencePages.docs {
      texts.append(try String(contentsOf: root.appending(path: page), encoding: .utf8))
    }
    // Repository paths: Fixtures/, Docs/, Scripts/, Sources/, Benchmarks/, .ci/.
    let pattern = try Regex(#"(?:Fixtures|Docs|Scripts|Sources|Benchmarks|Tests|\.ci)/[A-Za-z0-9_./+-]*[A-Za-z0-9_+-]"#)
    var checked = 0
    for text in texts {
      for match in text.matches(of: pattern) {
        let path = String(text[match.range])
        #expect(FileManager.default.fileExists(atPath: root.appending(path: path).path), "\(path) does not exist")
        checked += 1
      }
    }
    #expect(checked > 10)
  }

  @Test func validateAndTracePrintJSONForScripts() throws {
    let bad = ExecutableRunner.fixture("bad/duplicate-id.json")
    let validate = try ExecutableRunner.run(["validate", demo, bad, "--format", "json"])
    #expect(validate.status == 65)
    let results = try #require(try JSONSerialization.jsonObject(with: validate.stdout) as? [[String: Any]])
    #expect(results.map { $0["valid"] as? Bool } == [true, false])
    #expect((results[0]["nodes"] as? [String: Int])?["selector"] == 13)
    #expect(results[0]["errors"] as? Int == 1)
    #expect((results[1]["error"] as? String)?.contains("duplicate node id") == true)

    let trace = try ExecutableRunner.run(["trace", demo, "--store", "cart", "--format", "json"])
    #expect(trace.status == 0)
    let entries = try trace.stdoutText.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    // The store's actions, notifications and effects, and its selectors' evaluations.
    #expect(entries.filter { $0["kind"] as? String == "action" }.count == 21)  // the demo's cart actions
    for entry in entries {
      let about = (entry["store"] as? String) ?? (entry["node"] as? String) ?? ""
      #expect(about == "cart" || about.hasPrefix("cart."), "\(entry)")
      #expect(entry["root"] != nil || entry["cause"] == nil)
    }
  }
}
