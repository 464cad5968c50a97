import Foundation
import RecoilSnapshot
import Testing

/// `trace` telling the story of a causal timeline, and `why`, on a snapshot written here.
@Suite struct CausalCommandsTests {
  /// A store action whose subscriber writes an atom that a selector reads; then a write the app
  /// made that changed nothing downstream.
  static func storySnapshot() -> Snapshot {
    Snapshot(
      nodes: [
        SnapshotNode(id: "settings", kind: .store),
        SnapshotNode(id: "settings.currency", kind: .slice, owner: "settings"),
        SnapshotNode(id: "Prices.currency", kind: .atom), SnapshotNode(id: "Prices.label", kind: .selector),
        SnapshotNode(id: "Prices.never", kind: .selector),
      ],
      edges: [
        SnapshotEdge(from: "Prices.currency", to: "Prices.label"),
        SnapshotEdge(from: "settings.currency", to: "Prices.currency", kind: .drives),
      ],
      actions: [
        SnapshotAction(
          seq: 5, store: "settings", name: "setCurrency", payload: "\"USD\"", durationNanos: 2_000,
          changes: [SnapshotChange(path: "currency", before: "\"EUR\"", after: "\"USD\"")])
      ],
      timeline: [
        SnapshotEntry(
          seq: 10, kind: .action, store: "settings", action: 5, name: "setCurrency", durationNanos: 2_000,
          site: "App/Settings.swift:12"),
        SnapshotEntry(seq: 11, kind: .notification, cause: 10, store: "settings", subscribers: 1),
        SnapshotEntry(
          seq: 12, kind: .write, cause: 11, node: "Prices.currency", before: "\"EUR\"", after: "\"USD\"",
          site: "App/Bridge.swift:30"),
        SnapshotEntry(
          seq: 13, kind: .evaluation, cause: 12, node: "Prices.label", trigger: "dependency Prices.currency",
          changed: true, durationNanos: 15_000),
        SnapshotEntry(
          seq: 14, kind: .write, node: "Prices.currency", before: "\"USD\"", after: "\"U\u{1B}[2JSD\"",
          site: "App/View.swift:7"),
        SnapshotEntry(
          seq: 15, kind: .evaluation, cause: 14, node: "Prices.label", trigger: "dependency Prices.currency",
          changed: false, durationNanos: 9_000),
      ])
  }

  private func write(_ snapshot: Snapshot) throws -> String {
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "story.json")
    try SnapshotCodec.encode(snapshot).write(to: url)
    return url.path
  }

  @Test func traceTellsEachRootCauseWithWhatItCausedBeneathIt() throws {
    let outcome = try ExecutableRunner.run(["trace", try write(Self.storySnapshot())])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        #10 action settings #5 setCurrency "USD"  2.0 µs  at App/Settings.swift:12
            currency: "EUR" -> "USD"
          #11 notify 1 subscriber of settings
            #12 write Prices.currency: "EUR" -> "USD"  at App/Bridge.swift:30
              #13 evaluate Prices.label  15.0 µs  (dependency Prices.currency)
        #14 write Prices.currency: "USD" -> "U\\u{1B}[2JSD"  at App/View.swift:7
          #15 evaluate Prices.label  9.0 µs  (dependency Prices.currency) unchanged

        """)
  }

  @Test func aNodeFilterGivesItsWholeHistoryWithRootCauses() throws {
    let outcome = try ExecutableRunner.run(["trace", try write(Self.storySnapshot()), "--node", "Prices.label"])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        #13 evaluate Prices.label  15.0 µs  (dependency Prices.currency)
            <- because of #10 action settings #5 setCurrency "USD"  2.0 µs  at App/Settings.swift:12
        #15 evaluate Prices.label  9.0 µs  (dependency Prices.currency) unchanged
            <- because of #14 write Prices.currency: "USD" -> "U\\u{1B}[2JSD"  at App/View.swift:7

        """)
    let writes = try ExecutableRunner.run(
      ["trace", try write(Self.storySnapshot()), "--kind", "write", "--format", "json"])
    let lines = writes.stdoutText.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""seq":12,"kind":"write","cause":11"#) == true)
    #expect(lines.first?.hasSuffix(#""root":10}"#) == true)
  }

  @Test func whyPrintsTheChainFromTheRootCause() throws {
    let path = try write(Self.storySnapshot())
    let outcome = try ExecutableRunner.run(["why", path, "Prices.label", "--at", "13"])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        why Prices.label (#13):
          #10 action settings #5 setCurrency "USD"  2.0 µs  at App/Settings.swift:12
          -> #11 notify 1 subscriber of settings
          -> #12 write Prices.currency: "EUR" -> "USD"  at App/Bridge.swift:30
          -> #13 evaluate Prices.label  15.0 µs  (dependency Prices.currency)

        """)
    let json = try ExecutableRunner.run(["why", path, "Prices.label", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    #expect(object["node"] as? String == "Prices.label")
    let chain = try #require(object["chain"] as? [[String: Any]])
    #expect(chain.map { $0["seq"] as? Int } == [14, 15])
    #expect(chain.map { $0["kind"] as? String } == ["write", "evaluation"])
    #expect(chain.last?["durationNanos"] as? Int == 9_000)
    // A slice: the latest action that changed it.
    let slice = try ExecutableRunner.run(["why", path, "settings.currency"])
    #expect(slice.stdoutText.hasPrefix("why settings.currency (#10):\n  #10 action settings #5 setCurrency"))
  }

  /// What the tool changed (remote control) is a root cause of its own: `trace` and `why` say
  /// "set … from the tool" where a write would otherwise have no explanation.
  @Test func aChangeFromTheToolIsTheRootOfWhatItCaused() throws {
    var snapshot = Self.storySnapshot()
    snapshot.timeline += [
      SnapshotEntry(seq: 20, kind: .control, node: "Prices.currency", name: "set", value: "\"CHF\"", site: "live page"),
      SnapshotEntry(seq: 21, kind: .write, cause: 20, node: "Prices.currency", before: "\"USD\"", after: "\"CHF\""),
      SnapshotEntry(
        seq: 22, kind: .evaluation, cause: 21, node: "Prices.label", trigger: "dependency Prices.currency",
        changed: true, durationNanos: 4_000),
      SnapshotEntry(seq: 23, kind: .control, name: "jump", value: "#12", site: "recoil-inspect control"),
    ]
    let path = try write(snapshot)
    let why = try ExecutableRunner.run(["why", path, "Prices.label"])
    #expect(why.status == 0)
    #expect(
      why.stdoutText == """
        why Prices.label (#22):
          #20 control set Prices.currency = "CHF"  from live page
          -> #21 write Prices.currency: "USD" -> "CHF"
          -> #22 evaluate Prices.label  4.0 µs  (dependency Prices.currency)

        """)
    let trace = try ExecutableRunner.run(["trace", path, "--kind", "control"])
    #expect(
      trace.stdoutText == """
        #20 control set Prices.currency = "CHF"  from live page
        #23 control jump #12  from recoil-inspect control

        """)
    #expect(try ExecutableRunner.run(["validate", path]).status == 0)
  }

  @Test func whyOfANodeNeverChangedOrUnknownSaysSo() throws {
    let path = try write(Self.storySnapshot())
    let never = try ExecutableRunner.run(["why", path, "Prices.never"])
    #expect(never.status == 0)
    #expect(never.stdoutText == "Prices.never was never changed or evaluated in the recorded timeline (6 entries).\n")
    let unknown = try ExecutableRunner.run(["why", path, "Prices.labl"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("did you mean 'Prices.label'?"))
    var old = Self.storySnapshot()
    old.timeline = []
    let before = try ExecutableRunner.run(["why", try write(old), "Prices.label"])
    #expect(before.status == 0)
    #expect(before.stdoutText.hasPrefix("The snapshot has no causal timeline"))
  }

  @Test func wastedWorkAndWhatIsInFlightComeFromTheTimeline() throws {
    var snapshot = Self.storySnapshot()
    snapshot.elapsedNanos = 5_000_000
    snapshot.nodes.append(SnapshotNode(id: "Search.results", kind: .selector, isAsync: true, status: .loading))
    snapshot.timeline += [
      SnapshotEntry(
        seq: 16, kind: .evaluation, node: "Search.results", trigger: "first read", changed: true,
        atNanos: 1_000_000),
      SnapshotEntry(
        seq: 17, kind: .effect, cause: 10, store: "settings", name: "sync", atNanos: 2_000_000, phase: "started"),
      SnapshotEntry(
        seq: 18, kind: .effect, cause: 10, store: "settings", name: "log", atNanos: 2_000_000, phase: "started"),
      SnapshotEntry(seq: 19, kind: .effect, cause: 18, store: "settings", name: "log", phase: "finished"),
      // An atom effect: named with its atom, timed like the others.
      SnapshotEntry(
        seq: 20, kind: .effect, node: "Prices.currency", name: "persist", atNanos: 4_500_000, phase: "started"),
    ]
    let path = try write(snapshot)
    let wasted = try ExecutableRunner.run(["query", path, "--wasted"])
    #expect(
      wasted.stdoutText == """
        rank  wasted  of     time       selector
        1     1       2      9.0 µs     Prices.label

        """)
    let inFlight = try ExecutableRunner.run(["query", path, "--in-flight"])
    #expect(
      inFlight.stdoutText == """
        loading Search.results for 4.0 ms (since #16)
        effect sync for 3.0 ms (since #17)
        effect persist of Prices.currency for 500.0 µs (since #20)

        """)
    let json = try ExecutableRunner.run(["query", path, "--in-flight", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.map { $0["forNanos"] as? Int } == [4_000_000, 3_000_000, 500_000])
    #expect(items.map { $0["node"] as? String } == [nil, nil, "Prices.currency"])
  }

  @Test func livePrintsStepsInTimelineOrderWithTheirCauses() throws {
    // Written out of order, as two threads might hand them to the stream.
    let events = [
      InspectorEvent(
        atNanos: 3_000,
        kind: .step(
          SnapshotEntry(
            seq: 12, kind: .write, cause: 11, node: "Prices.currency", before: "\"EUR\"", after: "\"USD\"",
            site: "App/Bridge.swift:30"))),
      InspectorEvent(
        atNanos: 1_000, kind: .action(SnapshotAction(seq: 5, store: "settings", name: "setCurrency")), seq: 10),
      InspectorEvent(
        atNanos: 2_000,
        kind: .step(SnapshotEntry(seq: 11, kind: .notification, cause: 10, store: "settings", subscribers: 1))),
      InspectorEvent(
        atNanos: 4_000,
        kind: .evaluation(
          EvaluationEvent(
            node: "Prices.label", durationNanos: 15_000, trigger: "dependency Prices.currency", changed: true)),
        seq: 13, cause: 12),
    ]
    let text = events.map { InspectorEventCodec.encode($0) + "\n" }.joined()
    // The stream's own fields round-trip.
    let decoded = try text.split(separator: "\n").map { try InspectorEventCodec.decode(line: String($0)) }
    #expect(decoded == events)
    let outcome = try ExecutableRunner.run(["live", "-"], stdin: Data(text.utf8))
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
             0.001 ms  #10 action settings #5 setCurrency
             0.002 ms  #11 notify 1 subscriber of settings  <- #10
             0.003 ms  #12 write Prices.currency: "EUR" -> "USD"  at App/Bridge.swift:30  <- #11
             0.004 ms  #13 eval Prices.label 15.0 µs (dependency Prices.currency)  <- #12

        """)
    let writes = try ExecutableRunner.run(["live", "-", "--kind", "write"], stdin: Data(text.utf8))
    #expect(writes.stdoutText.split(separator: "\n").count == 1)
  }
}
