import Foundation
import RecoilSnapshot
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct CheckCommandTests {
  private let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")

  private func temporary(_ name: String, _ text: String? = nil) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(path: "check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appending(path: name)
    if let text { try Data(text.utf8).write(to: url) }
    return url
  }

  @Test func byDefaultErrorsAndCyclesFailAndLoadingWarns() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "a", kind: .selector), SnapshotNode(id: "b", kind: .selector),
        SnapshotNode(id: "slow", kind: .selector, isAsync: true, status: .loading),
      ],
      edges: [SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "a")])
    let url = try temporary("cycle.json")
    try SnapshotCodec.encode(snapshot).write(to: url)
    let outcome = try ExecutableRunner.run(["check", url.path])
    #expect(outcome.status == 1)
    #expect(outcome.stdoutText.contains("FAIL cycles: a: cycle a -> b -> a"))
    #expect(outcome.stdoutText.contains("WARN status.loading: slow: still loading"))
    // Loading alone only warns.
    let loadingOnly = try temporary("loading.json")
    try SnapshotCodec.encode(Snapshot(nodes: [snapshot.nodes[2]])).write(to: loadingOnly)
    let warned = try ExecutableRunner.run(["check", loadingOnly.path])
    #expect(warned.status == 0, "\(warned.stdoutText)")
    #expect(warned.stdoutText.hasSuffix("ok, 1 snapshot, 3 rules: 0 violations, 1 warning\n"))
  }

  @Test func aBudgetNamesEachViolationWithItsRuleValueAndLimit() throws {
    let budget = try temporary(
      "budget.json",
      #"""
      { "nodes": {"max": 20}, "edges": {"max": 2000},
        "evaluations": [{"match": "Pricing.*", "maxMeanNanos": 100000}],
        "actions": [{"match": "cart/remove", "maxNanos": 1}],
        "status": {"error": "ignore"}, "cycles": "fail" }
      """#)
    let junit = try temporary("junit.xml")
    let markdown = try temporary("summary.md")
    let outcome = try ExecutableRunner.run([
      "check", demo, "--budget", budget.path, "--junit", junit.path, "--markdown", markdown.path,
    ])
    #expect(outcome.status == 1)
    let text = outcome.stdoutText
    #expect(text.contains("FAIL nodes.max: snapshot: 27 nodes (at most 20)"))
    #expect(text.contains("FAIL evaluations[0] (Pricing.*): Pricing."))  // which ones depends on the recorded timings
    #expect(text.contains(": mean ") && text.contains("(at most 100.0 µs)"))
    #expect(text.contains("FAIL actions[0] (cart/remove): cart #"))
    #expect(!text.contains("status.error"))  // ignored
    // JUnit: well-formed, a test case per rule, a failure per violation.
    let document = try XMLDocument(contentsOf: junit, options: [])
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 6)  // nodes, edges, evaluations[0], actions[0], status.loading, cycles
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == text.components(separatedBy: "FAIL ").count - 1)
    let summary = try String(contentsOf: markdown, encoding: .utf8)
    #expect(summary.hasPrefix("## recoil-inspect check\n\n❌ 1 snapshot, 6 rules checked: "))
    #expect(summary.contains("| ❌ | <code>"))
  }

  @Test func aBudgetWithinLimitsPassesAndJSONSaysSo() throws {
    let budget = try temporary("budget.json", #"{"nodes": {"max": 100}, "status": {"error": "warn"}}"#)
    let outcome = try ExecutableRunner.run(["check", demo, "--budget", budget.path, "--format", "json"])
    #expect(outcome.status == 0, "\(outcome.stdoutText)")
    let json = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    #expect(json["passed"] as? Bool == true)
  }

  @Test func aBadBudgetIsAnErrorWithItsPosition() throws {
    let budget = try temporary("bad.json", "{\n  \"evaluations\": [{\"match\": \"[ab\"}]\n}")
    let outcome = try ExecutableRunner.run(["check", demo, "--budget", budget.path])
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("bad.json:2:29: evaluations[0].match: expected a glob (unclosed '['), found \"[ab\""))
    let misspelt = try temporary("misspelt.json", #"{"node": {"max": 1}}"#)
    let unknown = try ExecutableRunner.run(["check", demo, "--budget", misspelt.path])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("node: expected one of the fields"))
  }
}
