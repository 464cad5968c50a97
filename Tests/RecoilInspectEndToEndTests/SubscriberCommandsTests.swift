import Foundation
import RecoilSnapshot
import Testing

/// Subscriptions in the command line: `query --subscribers`, `query --slowest --subscribers`,
/// `why` ending at the views a change reached, `trace` naming them, and `render
/// --subscribers` drawing them as leaves. A change reaches two subscriptions, one slow.
@Suite struct SubscriberCommandsTests {
  static func snapshot() -> Snapshot {
    var snapshot = Snapshot(
      nodes: [SnapshotNode(id: "Prices.rate", kind: .atom), SnapshotNode(id: "Prices.total", kind: .selector)],
      edges: [SnapshotEdge(from: "Prices.rate", to: "Prices.total")],
      timeline: [
        SnapshotEntry(seq: 10, kind: .write, node: "Prices.rate", before: "1", after: "2", site: "Shop/Rates.swift:9"),
        SnapshotEntry(
          seq: 11, kind: .evaluation, cause: 10, node: "Prices.total", trigger: "dependency Prices.rate",
          changed: true, value: "24"),
        SnapshotEntry(seq: 12, kind: .notification, cause: 11, node: "Prices.total", subscribers: 2),
      ])
    snapshot.timeline[2].reached = [
      SnapshotReach(subscription: "1", durationNanos: 12_000),
      SnapshotReach(subscription: "2", durationNanos: 20_000_000),
    ]
    snapshot.subscriptions = [
      SnapshotSubscription(
        id: "1", node: "Prices.total", label: "price tag", site: "Shop/TagView.swift:12", calls: 3,
        timings: SnapshotEvaluations(
          count: 3, totalNanos: 36_000, minNanos: 10_000, maxNanos: 14_000, lastNanos: 12_000)),
      SnapshotSubscription(
        id: "2", node: "Prices.total", site: "Shop/ListView.swift:40", calls: 3,
        timings: SnapshotEvaluations(
          count: 3, totalNanos: 60_000_000, minNanos: 19_000_000, maxNanos: 21_000_000, lastNanos: 20_000_000)),
      SnapshotSubscription(id: "3", node: "Prices.rate", label: "old \u{1B}[31mbadge", calls: 1, isActive: false),
    ]
    return snapshot
  }

  private func path() throws -> String {
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "subscribers.json")
    try SnapshotCodec.encode(Self.snapshot()).write(to: url)
    return url.path
  }

  @Test func queryListsANodesSubscriptionsAndRanksCallbacks() throws {
    let snapshot = try path()
    let list = try ExecutableRunner.run(["query", snapshot, "--subscribers", "Prices.total"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdoutText == """
        Prices.total has 2 subscriptions:
          price tag at Shop/TagView.swift:12  (3 calls, mean 12.0 µs, max 14.0 µs)
          Shop/ListView.swift:40  (3 calls, mean 20.0 ms, max 21.0 ms)

        """)
    // The snapshot may follow the option: it names a file, so it is not the option's value.
    let after = try ExecutableRunner.run(["query", "--subscribers", "Prices.rate", snapshot, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: after.stdout) as? [String: Any])
    #expect(object["question"] as? String == "subscribers")
    let rows = try #require(object["subscriptions"] as? [[String: Any]])
    #expect(rows.map { $0["label"] as? String } == ["old \u{1B}[31mbadge"])
    #expect(rows.first?["active"] as? Bool == false)

    let ranked = try ExecutableRunner.run(["query", snapshot, "--slowest", "--subscribers", "--format", "json"])
    let rankedObject = try #require(try JSONSerialization.jsonObject(with: ranked.stdout) as? [String: Any])
    #expect(rankedObject["question"] as? String == "slowestSubscribers")
    let order = (rankedObject["subscriptions"] as? [[String: Any]])?.map { $0["id"] as? String }
    #expect(order == ["2", "1", "3"])
    let text = try ExecutableRunner.run(["query", "--slowest", "--subscribers", snapshot])
    #expect(
      text.stdoutText.split(separator: "\n")[1].hasPrefix(
        "1     60.0 ms    20.0 ms    3      Shop/ListView.swift:40 (Prices.total)"))
    // Hostile labels are shown inert.
    #expect(text.stdoutText.contains("old \\u{1B}[31mbadge"))
    #expect(!text.stdoutText.contains("\u{1B}"))
    // --subscribers alone asks for a node.
    let bare = try ExecutableRunner.run(["query", snapshot, "--subscribers"])
    #expect(bare.status == 64)
    #expect(bare.stderr.contains("a node id, or --slowest"))
    let unknown = try ExecutableRunner.run(["query", snapshot, "--subscribers", "Prices.totl"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Prices.total"))
  }

  @Test func whyEndsAtTheSubscriptionsTheChangeReachedAndTraceNamesThem() throws {
    let snapshot = try path()
    let why = try ExecutableRunner.run(["why", snapshot, "Prices.total"])
    #expect(why.status == 0)
    #expect(
      why.stdoutText.hasSuffix(
        """
          => reached 2 subscriptions (#12):
               price tag  12.0 µs  at Shop/TagView.swift:12
               Shop/ListView.swift:40  20.0 ms

        """))
    let json = try ExecutableRunner.run(["why", snapshot, "Prices.total", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let reached = try #require(object["reached"] as? [[String: Any]])
    #expect(reached.map { $0["name"] as? String } == ["price tag", "Shop/ListView.swift:40"])
    #expect(reached.map { $0["durationNanos"] as? Int } == [12_000, 20_000_000])
    #expect(reached.allSatisfy { $0["notification"] as? Int == 12 })

    let trace = try ExecutableRunner.run(["trace", snapshot])
    #expect(
      trace.stdoutText.contains(
        "#12 notify 2 subscribers of Prices.total: price tag 12.0 µs, Shop/ListView.swift:40 20.0 ms"))
  }

  @Test func renderDrawsSubscriptionsAsLeavesWithTheirOwnLegendEntry() throws {
    let snapshot = try path()
    let drawn = try ExecutableRunner.run(["render", snapshot, "--subscribers", "-o", "-", "-f", "svg"])
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let svg = drawn.stdoutText
    #expect(svg.components(separatedBy: "class=\"node subscriber\"").count - 1 == 3)
    #expect(svg.contains("price tag"))
    #expect(svg.contains("3 calls · mean 20.0 ms"))
    #expect(svg.contains("subscription (a view, a scope)"))
    #expect(svg.contains("#f3d9fa"))
    // The hostile label is text in the SVG, never markup.
    #expect(!svg.contains("\u{1B}"))
    let plain = try ExecutableRunner.run(["render", snapshot, "-o", "-", "-f", "svg"])
    #expect(!plain.stdoutText.contains("subscriber"))
  }

  @Test func aBudgetHoldsSubscriberCallbacksAndNamesTheNotificationThatBrokeIt() throws {
    let snapshot = try path()
    let directory = try ExecutableRunner.temporaryDirectory()
    let budget = directory.appending(path: "budget.json")
    try Data(
      #"""
      { "subscribers": [{"match": "price tag", "maxNanos": 1000000},
                        {"match": "Shop/*", "maxNanos": 8000000}] }
      """#.utf8
    ).write(to: budget)
    let outcome = try ExecutableRunner.run(["check", snapshot, "--budget", budget.path])
    #expect(outcome.status == 1)
    let lines = outcome.stdoutText.split(separator: "\n").map { $0.replacingOccurrences(of: "\(snapshot): ", with: "") }
    #expect(
      lines.contains(
        "FAIL subscribers[1] (Shop/*): Shop/ListView.swift:40 (Prices.total): callback 20.0 ms (at most 8.0 ms), see #12"
      ))
    #expect(!lines.contains { $0.contains("price tag (") })  // 12 µs, within its limit
    #expect(lines.last?.hasSuffix("1 violation, 0 warnings") == true)
    let json = try ExecutableRunner.run(["check", snapshot, "--budget", budget.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let rules = (object["snapshots"] as? [[String: Any]])?.first?["rules"] as? [[String: Any]] ?? []
    let entries = rules.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["entry"] as? Int } }
    #expect(entries == [12])
    // A misspelt limit is an error naming the known ones.
    try Data(#"{"subscribers": [{"match": "*", "maxNanoz": 1}]}"#.utf8).write(to: budget)
    let bad = try ExecutableRunner.run(["check", snapshot, "--budget", budget.path])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("subscribers[0].maxNanoz: expected one of the fields match or maxNanos"))
  }
}
