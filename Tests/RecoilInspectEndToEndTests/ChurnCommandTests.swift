import Foundation
import RecoilSnapshot
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `query --churn` and the budget's causal rules, on a snapshot where one action makes a
/// selector evaluate twice (it reads two atoms the store's subscriber writes one after the
/// other) and a selector behind it waste its evaluation.
@Suite struct ChurnCommandTests {
  static func churnSnapshot() -> Snapshot {
    Snapshot(
      nodes: [
        SnapshotNode(id: "settings", kind: .store),
        SnapshotNode(id: "Prices.currency", kind: .atom), SnapshotNode(id: "Prices.rate", kind: .atom),
        SnapshotNode(id: "Prices.total", kind: .selector), SnapshotNode(id: "Prices.badge", kind: .selector),
      ],
      edges: [
        SnapshotEdge(from: "Prices.currency", to: "Prices.total"),
        SnapshotEdge(from: "Prices.rate", to: "Prices.total"),
        SnapshotEdge(from: "Prices.total", to: "Prices.badge"),
      ],
      actions: [
        SnapshotAction(seq: 1, store: "settings", name: "setCurrency"),
        SnapshotAction(seq: 2, store: "settings", name: "setRate"),
      ],
      timeline: [
        SnapshotEntry(seq: 10, kind: .action, store: "settings", action: 1, name: "setCurrency"),
        SnapshotEntry(seq: 11, kind: .notification, cause: 10, store: "settings", subscribers: 3),
        SnapshotEntry(seq: 12, kind: .write, cause: 11, node: "Prices.currency", before: "\"EUR\"", after: "\"USD\""),
        SnapshotEntry(
          seq: 13, kind: .evaluation, cause: 12, node: "Prices.total", trigger: "dependency Prices.currency",
          changed: true),
        SnapshotEntry(seq: 14, kind: .write, cause: 11, node: "Prices.rate", before: "1", after: "2"),
        SnapshotEntry(
          seq: 15, kind: .evaluation, cause: 14, node: "Prices.total", trigger: "dependency Prices.rate", changed: true),
        SnapshotEntry(
          seq: 16, kind: .evaluation, cause: 15, node: "Prices.badge", trigger: "dependency Prices.total",
          changed: false),
        SnapshotEntry(seq: 20, kind: .action, store: "settings", action: 2, name: "setRate"),
        SnapshotEntry(seq: 21, kind: .notification, cause: 20, store: "settings", subscribers: 1),
        SnapshotEntry(seq: 22, kind: .write, cause: 21, node: "Prices.rate", before: "2", after: "3"),
        SnapshotEntry(
          seq: 23, kind: .evaluation, cause: 22, node: "Prices.total", trigger: "dependency Prices.rate", changed: true),
      ])
  }

  private func write(_ snapshot: Snapshot, _ name: String = "churn.json") throws -> URL {
    let url = try ExecutableRunner.temporaryDirectory().appending(path: name)
    try SnapshotCodec.encode(snapshot).write(to: url)
    return url
  }

  @Test func churnRanksTheSelectorEvaluatedTwiceForOneActionFirst() throws {
    let snapshot = try write(Self.churnSnapshot()).path
    let json = try ExecutableRunner.run(["query", snapshot, "--churn", "--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    #expect(object["question"] as? String == "churn")
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    // Ties (one each) by id.
    #expect(nodes.map { $0["id"] as? String } == ["Prices.total", "Prices.rate", "Prices.badge", "Prices.currency"])
    let total = nodes[0]
    #expect(total["kind"] as? String == "selector")
    #expect(total["evaluations"] as? Int == 3)
    #expect(total["writes"] as? Int == 0)
    #expect(total["causes"] as? Int == 2)
    #expect(total["mostInOneCause"] as? Int == 2)
    #expect(total["mostCause"] as? Int == 10)
    #expect(total["mostEntry"] as? Int == 15)
    #expect(total["fanOut"] as? Int == 1)  // its change at #15 reached Prices.badge
    #expect(total["fanOutEntry"] as? Int == 15)
    #expect(total["wasted"] as? Int == 0)
    let rate = nodes[1]
    #expect(rate["writes"] as? Int == 2)
    #expect(rate["mostInOneCause"] as? Int == 1)
    #expect(rate["fanOut"] as? Int == 1)
    #expect(nodes[2]["wasted"] as? Int == 1)
    #expect(nodes[2]["fanOut"] as? Int == 0)

    let text = try ExecutableRunner.run(["query", snapshot, "--churn", "--limit", "2"])
    #expect(text.status == 0)
    let lines = text.stdoutText.split(separator: "\n")
    #expect(lines.count == 3)  // the header and two rows
    #expect(lines[1].hasPrefix("1     2     #10     3      2       1        0       Prices.total  (again at #15)"))
  }

  @Test func budgetRulesOnTheCausalTimelineNameTheEntryThatShowsEachViolation() throws {
    let snapshot = try write(Self.churnSnapshot()).path
    let directory = try ExecutableRunner.temporaryDirectory()
    let budget = directory.appending(path: "budget.json")
    try Data(
      #"""
      { "evaluations": [{"match": "Prices.total", "maxPerCause": 1},
                        {"match": "Prices.*", "maxWasted": 0}],
        "actions": [{"match": "settings/setCurrency", "maxEvaluations": 2, "maxWrites": 2, "maxNotified": 2},
                    {"match": "settings/*", "maxEvaluations": 1}] }
      """#.utf8
    ).write(to: budget)
    let junit = directory.appending(path: "junit.xml")
    let markdown = directory.appending(path: "summary.md")
    let outcome = try ExecutableRunner.run([
      "check", snapshot, "--budget", budget.path, "--junit", junit.path, "--markdown", markdown.path,
    ])
    #expect(outcome.status == 1)
    let lines = outcome.stdoutText.split(separator: "\n").map { $0.replacingOccurrences(of: "\(snapshot): ", with: "") }
    #expect(
      lines.contains(
        "FAIL evaluations[0] (Prices.total): Prices.total: 2 evaluations for one cause, #10 (at most 1 per cause), see #15"
      ))
    #expect(
      lines.contains("FAIL evaluations[1] (Prices.*): Prices.badge: 1 wasted evaluation (at most 0), see #16"))
    #expect(
      lines.contains(
        "FAIL actions[0] (settings/setCurrency): settings #1 setCurrency: 3 evaluations (at most 2), see #10"))
    #expect(
      lines.contains(
        "FAIL actions[0] (settings/setCurrency): settings #1 setCurrency: 3 subscribers notified (at most 2), see #10"))
    #expect(!lines.contains { $0.contains("writes") })  // two writes, within the limit
    // The first matching rule wins: setRate answers to the second, and caused one evaluation.
    #expect(!lines.contains { $0.contains("setRate") })
    #expect(lines.last?.hasSuffix("4 violations, 0 warnings") == true)

    let json = try ExecutableRunner.run(["check", snapshot, "--budget", budget.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let rules = try #require((object["snapshots"] as? [[String: Any]])?.first?["rules"] as? [[String: Any]])
    let entries = rules.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["entry"] as? Int } }
    #expect(entries == [15, 16, 10, 10])

    let document = try XMLDocument(contentsOf: junit, options: [])
    let failures = try document.nodes(forXPath: "//testcase/failure/@message").compactMap(\.stringValue)
    #expect(failures.contains { $0.hasSuffix("see #15") })
    let summary = try String(contentsOf: markdown, encoding: .utf8)
    #expect(summary.contains("| entry |"))
    #expect(summary.contains("<code>#15</code>"))
  }

  @Test func anUnknownCausalLimitIsAnErrorThatNamesTheKnownOnes() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    let budget = directory.appending(path: "budget.json")
    try Data(#"{"evaluations": [{"match": "*", "maxPerCouse": 1}]}"#.utf8).write(to: budget)
    let outcome = try ExecutableRunner.run(["check", try write(Self.churnSnapshot()).path, "--budget", budget.path])
    #expect(outcome.status != 0 && outcome.status != 1)
    #expect(outcome.stderr.contains("maxPerCause or maxWasted"))
    #expect(outcome.stderr.contains("budget.json:1:48: evaluations[0].maxPerCouse:"))
  }
}
