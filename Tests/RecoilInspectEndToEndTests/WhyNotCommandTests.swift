import Foundation
import RecoilSnapshot
import Testing

/// `why NODE --not [--after SEQ]`: why a node did not change after a step, each case on a
/// snapshot made for it, with the entries that prove it.
@Suite struct WhyNotCommandTests {
  /// A store action (#20) whose subscriber writes two atoms; one selector reads each, and one
  /// reads the selector whose evaluation gave the value it had (a cut-off at #24).
  static func snapshot() -> Snapshot {
    Snapshot(
      nodes: [
        SnapshotNode(id: "settings", kind: .store),
        SnapshotNode(id: "settings.theme", kind: .slice, owner: "settings"),
        SnapshotNode(id: "settings.locale", kind: .slice, owner: "settings"),
        SnapshotNode(id: "settings.localeLabel", kind: .selector, owner: "settings", subscribers: 1),
        SnapshotNode(id: "A.price", kind: .atom), SnapshotNode(id: "A.rate", kind: .atom),
        SnapshotNode(id: "A.flag", kind: .atom),
        SnapshotNode(id: "S.lazy", kind: .selector, subscribers: 0),
        SnapshotNode(id: "S.cut", kind: .selector, subscribers: 1),
        SnapshotNode(id: "S.down", kind: .selector, subscribers: 2),
        SnapshotNode(id: "S.fine", kind: .selector, subscribers: 1),
        SnapshotNode(id: "S.stubbed", kind: .selector, subscribers: 1),
        SnapshotNode(id: "S.failing", kind: .selector, status: .error, error: "HTTP 503", subscribers: 1),
        SnapshotNode(id: "S.loading", kind: .selector, status: .loading, subscribers: 1),
      ],
      edges: [
        SnapshotEdge(from: "settings.locale", to: "settings.localeLabel"),
        SnapshotEdge(from: "A.price", to: "S.lazy"), SnapshotEdge(from: "A.rate", to: "S.cut"),
        SnapshotEdge(from: "S.cut", to: "S.down"), SnapshotEdge(from: "A.flag", to: "S.fine"),
        SnapshotEdge(from: "A.flag", to: "S.stubbed"), SnapshotEdge(from: "A.flag", to: "S.failing"),
        SnapshotEdge(from: "A.flag", to: "S.loading"),
      ],
      actions: [
        SnapshotAction(
          seq: 1, store: "settings", name: "setTheme",
          changes: [SnapshotChange(path: "theme", before: "\"light\"", after: "\"dark\"")])
      ],
      timeline: [
        SnapshotEntry(seq: 10, kind: .write, node: "A.flag", before: "false", after: "true"),
        SnapshotEntry(
          seq: 11, kind: .evaluation, cause: 10, node: "S.fine", trigger: "dependency A.flag", changed: true),
        SnapshotEntry(
          seq: 12, kind: .evaluation, cause: 10, node: "S.stubbed", trigger: "dependency A.flag", changed: true),
        SnapshotEntry(seq: 13, kind: .control, node: "S.stubbed", name: "stub", value: "42", site: "live page"),
        SnapshotEntry(
          seq: 14, kind: .evaluation, node: "settings.localeLabel", trigger: "state changed", changed: true),
        SnapshotEntry(seq: 15, kind: .evaluation, cause: 10, node: "S.failing", trigger: "dependency A.flag"),
        SnapshotEntry(seq: 16, kind: .evaluation, cause: 10, node: "S.loading", trigger: "dependency A.flag"),
        SnapshotEntry(seq: 20, kind: .action, store: "settings", action: 1, name: "setTheme"),
        SnapshotEntry(seq: 21, kind: .notification, cause: 20, store: "settings", subscribers: 1),
        SnapshotEntry(seq: 22, kind: .write, cause: 21, node: "A.price", before: "1", after: "2"),
        SnapshotEntry(seq: 23, kind: .write, cause: 21, node: "A.rate", before: "1.0", after: "1.00"),
        SnapshotEntry(
          seq: 24, kind: .evaluation, cause: 23, node: "S.cut", trigger: "dependency A.rate", changed: false),
      ])
  }

  private func path() throws -> String {
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "why-not.json")
    try SnapshotCodec.encode(Self.snapshot()).write(to: url)
    return url.path
  }

  /// The reasons `why --not` gives for `node` as JSON, each as `reason@entry`.
  private func reasons(_ snapshot: String, _ node: String, after: Int? = 20) throws -> (
    changedAt: Int?, reasons: [[String: Any]]
  ) {
    let outcome = try ExecutableRunner.run(
      ["why", snapshot, node, "--not", "--format", "json"] + (after.map { ["--after", String($0)] } ?? []))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    #expect(object["node"] as? String == node)
    return (object["changedAt"] as? Int, object["reasons"] as? [[String: Any]] ?? [])
  }

  private func summary(_ reasons: [[String: Any]]) -> [String] {
    reasons.map { "\($0["reason"] as? String ?? "?")@\(($0["entry"] as? Int).map(String.init) ?? "-")" }
  }

  @Test func eachReasonNamesTheEntriesThatProveIt() throws {
    let snapshot = try path()
    // A selector nobody reads is not evaluated after its dependency changed.
    let lazy = try reasons(snapshot, "S.lazy")
    #expect(summary(lazy.reasons) == ["notRead@22"])
    #expect(lazy.reasons[0]["node"] as? String == "A.price")
    // Its dependency gave the value it had: the change stopped at S.cut (#24).
    let down = try reasons(snapshot, "S.down")
    #expect(summary(down.reasons) == ["noDependencyChanged@-", "cutOff@24"])
    #expect(down.reasons[1]["node"] as? String == "S.cut")
    let dependencies = try #require(down.reasons[0]["dependencies"] as? [[String: Any]])
    #expect(dependencies.map { $0["id"] as? String } == ["S.cut"])
    #expect(dependencies[0]["lastChange"] == nil)  // never changed in the timeline
    // The cut-off itself: evaluated, the same value.
    #expect(summary(try reasons(snapshot, "S.cut").reasons) == ["unchanged@24"])
    // Nothing it reads changed since: each dependency with its last change.
    let fine = try reasons(snapshot, "S.fine")
    #expect(summary(fine.reasons) == ["noDependencyChanged@11"])
    #expect((fine.reasons[0]["dependencies"] as? [[String: Any]])?.first?["lastChange"] as? Int == 10)
    // Stubbed, in error, loading.
    #expect(summary(try reasons(snapshot, "S.stubbed").reasons).first == "stubbed@13")
    let failing = try reasons(snapshot, "S.failing").reasons
    #expect(summary(failing).first == "failed@15")
    #expect(failing.first?["message"] as? String == "HTTP 503")
    #expect(summary(try reasons(snapshot, "S.loading").reasons).first == "loading@16")
    // A store selector: the action changed no path it reads.
    let label = try reasons(snapshot, "settings.localeLabel", after: 19).reasons
    #expect(summary(label) == ["noPathRead@-", "noDependencyChanged@14"])
    #expect(label[0]["paths"] as? [String] == ["locale"])
    #expect(label[0]["actions"] as? [Int] == [20])
    // After the action itself, no action came.
    let afterAction = try reasons(snapshot, "settings.localeLabel").reasons
    #expect(afterAction[0]["actions"] as? [Int] ?? [] == [])
    // A slice, an atom.
    #expect(summary(try reasons(snapshot, "settings.locale").reasons) == ["noPathChanged@-"])
    #expect(summary(try reasons(snapshot, "A.flag").reasons) == ["notWritten@10"])
    // What did change says so, with no reasons.
    let price = try reasons(snapshot, "A.price")
    #expect(price.changedAt == 22 && price.reasons.isEmpty)
    #expect(try reasons(snapshot, "settings.theme", after: 19).changedAt == 20)
    // After #20 means after it: the action at #20 is the step, not a change after it.
    let theme = try reasons(snapshot, "settings.theme")
    #expect(theme.changedAt == nil)
    #expect(summary(theme.reasons) == ["noPathChanged@-"])
    #expect(try reasons(snapshot, "A.price", after: 22).changedAt == nil)
    // By default the step is the latest action.
    #expect(summary(try reasons(snapshot, "S.lazy", after: nil).reasons) == ["notRead@22"])
  }

  @Test func theTextSaysEachReasonInASentenceWithItsEntries() throws {
    let snapshot = try path()
    let down = try ExecutableRunner.run(["why", snapshot, "S.down", "--not"])
    #expect(down.status == 0)
    #expect(
      down.stdoutText == """
        why not S.down after #20:
          #20 action settings #1 setTheme
          none of the dependencies of its last evaluation changed since:
              S.cut  never changed in the timeline
          upstream, S.cut was evaluated and gave the value it already had, so the change stopped there (#24)

        """)
    let lazy = try ExecutableRunner.run(["why", snapshot, "S.lazy", "--not", "--after", "20"])
    #expect(
      lazy.stdoutText.contains(
        "nothing read it since A.price changed at #22: it has no subscriber, and a selector is evaluated only when read"
      ))
    let label = try ExecutableRunner.run(["why", snapshot, "settings.localeLabel", "--not", "--after", "19"])
    #expect(label.stdoutText.contains("its store's actions since (#20) changed no path it reads (locale)"))
  }

  /// An app of atoms and selectors only has no action: the step is then its latest write
  /// (issue 57: it failed with "invalid value '(none)' for '--after'").
  @Test func withoutActionsTheStepIsTheLatestWrite() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "Cart.items", kind: .atom), SnapshotNode(id: "Cart.coupon", kind: .atom),
        SnapshotNode(id: "Cart.total", kind: .selector, subscribers: 1),
        SnapshotNode(id: "Cart.banner", kind: .selector, subscribers: 1),
      ],
      edges: [
        SnapshotEdge(from: "Cart.items", to: "Cart.total"), SnapshotEdge(from: "Cart.coupon", to: "Cart.banner"),
      ],
      timeline: [
        SnapshotEntry(seq: 1, kind: .write, node: "Cart.coupon", before: "\"\"", after: "\"SPRING\""),
        SnapshotEntry(seq: 2, kind: .evaluation, cause: 1, node: "Cart.banner", trigger: "dependency Cart.coupon"),
        SnapshotEntry(seq: 3, kind: .write, node: "Cart.items", before: "[]", after: "[3]"),
        SnapshotEntry(seq: 4, kind: .evaluation, cause: 3, node: "Cart.total", trigger: "dependency Cart.items"),
      ])
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "atoms-only.json")
    try SnapshotCodec.encode(snapshot).write(to: url)
    let outcome = try ExecutableRunner.run(["why", url.path, "Cart.banner", "--not", "--format", "json"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    #expect(object["after"] as? Int == 3)
    #expect(object["changedAt"] == nil)
    let reasons = object["reasons"] as? [[String: Any]] ?? []
    #expect(reasons.first?["reason"] as? String == "noDependencyChanged")
    let text = try ExecutableRunner.run(["why", url.path, "Cart.banner", "--not"])
    #expect(text.stdoutText.hasPrefix("why not Cart.banner after #3:\n"))
    // An empty timeline still says what is missing.
    let empty = try ExecutableRunner.temporaryDirectory().appending(path: "no-timeline.json")
    try SnapshotCodec.encode(Snapshot(nodes: snapshot.nodes, edges: snapshot.edges)).write(to: empty)
    let none = try ExecutableRunner.run(["why", empty.path, "Cart.banner", "--not"])
    #expect(none.status == 64)
    #expect(none.stderr.contains("a snapshot with a causal timeline"))
  }

  @Test func badFlagsAreUsageErrors() throws {
    let snapshot = try path()
    let after = try ExecutableRunner.run(["why", snapshot, "S.down", "--after", "20"])
    #expect(after.status == 64)
    #expect(after.stderr.contains("--after"))
    let both = try ExecutableRunner.run(["why", snapshot, "S.down", "--not", "--at", "20"])
    #expect(both.status == 64)
    let notNumber = try ExecutableRunner.run(["why", snapshot, "S.down", "--not", "--after", "#20"])
    #expect(notNumber.status == 64)
    #expect(notNumber.stderr.contains("a timeline entry number"))
  }
}
