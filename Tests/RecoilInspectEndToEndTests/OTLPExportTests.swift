import Foundation
import OTLPReceiver
import RecoilSnapshot
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `export --otlp-json`: the causal timeline as OpenTelemetry traces, parsed by the generated
/// classes of PyPI's opentelemetry-proto (`Tests/OTLPReceiver/check-otlp.py`), as a collector
/// would: unknown fields are errors, ids must be the hex the OTLP/HTTP JSON encoding demands.
/// Serialized: a collector started while another test's command runs could hold that
/// command's output pipe open, and each would wait for the other.
@Suite(.serialized) struct OTLPExportTests {
  static func parse(_ bodies: Data) throws -> OTLPReceiver.Parsed { try OTLPReceiver.parse(bodies) }

  static func hex(_ value: Int) -> String { OTLPReceiver.hex(value) }

  @Test func theDemosTimelineBecomesTracesACollectorParses() throws {
    let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo)))
    let outcome = try ExecutableRunner.run(["export", demo, "--otlp-json", "-", "--service", "shop"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let parsed = try Self.parse(outcome.stdout)
    #expect(parsed.requests == 1)
    let resource = try #require(parsed.resources.first)
    #expect(resource["service.name"] as? String == "shop")
    #expect(resource["telemetry.sdk.name"] as? String == "recoil-inspect")
    #expect(resource["telemetry.sdk.version"] as? String == PackageVersion.current)

    // A span per entry; its parent is the entry's cause; its trace is its root cause's.
    #expect(parsed.spans.count == snapshot.timeline.count)
    let index = TimelineIndex(snapshot)
    let spanOfID = Dictionary(
      parsed.spans.map { ($0["spanId"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    for entry in snapshot.timeline {
      let span = try #require(spanOfID[Self.hex(entry.seq)], "no span for #\(entry.seq)")
      #expect(span["parentSpanId"] as? String == entry.cause.map(Self.hex), "#\(entry.seq)")
      #expect((span["traceId"] as? String)?.hasSuffix(Self.hex(index.root(of: entry).seq)) == true)
      let attributes = try #require(span["attributes"] as? [String: Any])
      #expect(attributes["recoil.timeline.seq"] as? Int == entry.seq)
      #expect(attributes["recoil.timeline.cause"] as? Int == entry.cause)
      #expect(span["kind"] as? Int == 1)
      let start = try #require(span["start"] as? Int)
      let end = try #require(span["end"] as? Int)
      #expect(end >= start)
      // No duration claimed for what was not timed; a start estimated says so.
      #expect(attributes["recoil.timed"] as? Bool == (entry.durationNanos != nil))
      if entry.durationNanos == nil { #expect(end == start) }
      #expect((attributes["recoil.time"] != nil) == (entry.atNanos == nil))
    }
    // Names, call sites and changed paths as OpenTelemetry's attributes.
    let action = try #require(snapshot.timeline.first { $0.kind == .action && $0.name == "settings(.setCurrency)" })
    let actionSpan = try #require(spanOfID[Self.hex(action.seq)])
    #expect(actionSpan["name"] as? String == "action app/settings(.setCurrency)")
    let attributes = try #require(actionSpan["attributes"] as? [String: Any])
    #expect(attributes["code.filepath"] as? String == "cart_demo/CartScenario.swift")
    #expect(attributes["code.lineno"] as? Int == Int(action.site?.split(separator: ":").last ?? ""))
    #expect(attributes["recoil.changed_paths"] as? [String] == ["settings.currency"])
    #expect(attributes["recoil.store"] as? String == "app")
    let evaluation = try #require(
      snapshot.timeline.first { $0.kind == .evaluation && $0.node == "Pricing.displayPrices" })
    #expect(spanOfID[Self.hex(evaluation.seq)]?["name"] as? String == "evaluate Pricing.displayPrices")
  }

  @Test func aSecondCauseIsASpanLinkAndTheResourceNamesTheSnapshotsApp() throws {
    // A scope that ran once for two notifications, and an evaluation whose trigger's change is
    // not its recorded cause: each keeps the other cause as a link.
    var scope = SnapshotEntry(seq: 5, kind: .scope, cause: 3, name: "summary", atNanos: 500)
    scope.reads = ["A", "B"]
    let timeline = [
      SnapshotEntry(seq: 1, kind: .write, node: "A", after: "1", atNanos: 100),
      SnapshotEntry(seq: 2, kind: .write, node: "B", after: "2", atNanos: 200),
      SnapshotEntry(seq: 3, kind: .notification, cause: 1, node: "A", atNanos: 300),
      SnapshotEntry(seq: 4, kind: .notification, cause: 2, node: "B", atNanos: 400),
      scope,
      SnapshotEntry(
        seq: 6, kind: .evaluation, cause: 5, node: "S", trigger: "dependency B", changed: true, durationNanos: 10,
        atNanos: 600),
    ]
    var snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "A", kind: .atom), SnapshotNode(id: "B", kind: .atom), SnapshotNode(id: "S", kind: .selector),
      ],
      edges: [SnapshotEdge(from: "B", to: "S")], timeline: timeline)
    snapshot.app = SnapshotApp(name: "shop", processID: 4242, instance: "6f1c0d2e-instance")
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "links.json")
    try SnapshotCodec.encode(snapshot).write(to: url)
    let outcome = try ExecutableRunner.run(["export", url.path, "--otlp-json", "-"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let parsed = try Self.parse(outcome.stdout)
    let spanOfID = Dictionary(
      parsed.spans.map { ($0["spanId"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    let scopeLinks = try #require(spanOfID[Self.hex(5)]?["links"] as? [[String: Any]])
    #expect(scopeLinks.map { $0["spanId"] as? String } == [Self.hex(4)])
    #expect(scopeLinks.first?["traceId"] as? String == spanOfID[Self.hex(4)]?["traceId"] as? String)
    #expect((scopeLinks.first?["attributes"] as? [String: Any])?["recoil.link"] as? String == "notified B")
    let evaluationLinks = try #require(spanOfID[Self.hex(6)]?["links"] as? [[String: Any]])
    #expect(evaluationLinks.map { $0["spanId"] as? String } == [Self.hex(2)])
    #expect((evaluationLinks.first?["attributes"] as? [String: Any])?["recoil.link"] as? String == "dependency changed")
    #expect((spanOfID[Self.hex(3)]?["links"] as? [Any])?.isEmpty == true)
    // The resource: the app the snapshot was taken in.
    let resource = try #require(parsed.resources.first)
    #expect(resource["service.name"] as? String == "shop")
    #expect(resource["service.instance.id"] as? String == "6f1c0d2e-instance")
    #expect(resource["process.pid"] as? Int == 4242)
    let renamed = try ExecutableRunner.run(["export", url.path, "--otlp-json", "-", "--service", "shop-eu"])
    let renamedResource = try #require(try Self.parse(renamed.stdout).resources.first)
    #expect(renamedResource["service.name"] as? String == "shop-eu")
    #expect(renamedResource["service.instance.id"] as? String == "6f1c0d2e-instance")
  }

  @Test func theDemoStreamsItsSessionToACollectorAsTraces() throws {
    let collector = try Collector(answers: [])
    let outcome = try ExecutableRunner.run(
      ["--stream", "otlp+http://127.0.0.1:\(collector.port)"], executable: "cart-demo")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(String(decoding: outcome.stdout, as: UTF8.self).contains("played the session to otlp+http://127.0.0.1:"))
    let parsed = try Self.parse(collector.bodies())
    #expect(parsed.resources.first?["service.name"] as? String == "cart-demo")
    let names = Set(parsed.spans.compactMap { $0["name"] as? String })
    #expect(names.contains("action app/settings(.setCurrency)"))
    #expect(names.contains("evaluate Pricing.displayPrices"))
    // Parents are spans of the same trace, sent in the same session.
    let traceOf = Dictionary(
      parsed.spans.map { ($0["spanId"] as? String ?? "", $0["traceId"] as? String ?? "") },
      uniquingKeysWith: { first, _ in first })
    for span in parsed.spans {
      guard let parent = span["parentSpanId"] as? String else { continue }
      #expect(traceOf[parent] == span["traceId"] as? String, "\(span["name"] ?? "")")
    }
  }

  @Test func requestsHoldAtMost512SpansAndBadFlagsAreUsageErrors() throws {
    var timeline: [SnapshotEntry] = []
    for seq in 1...1_100 {
      timeline.append(
        SnapshotEntry(seq: seq, kind: .write, cause: seq > 1 ? seq - 1 : nil, node: "Count", after: String(seq)))
    }
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "long.json")
    try SnapshotCodec.encode(Snapshot(nodes: [SnapshotNode(id: "Count", kind: .atom)], timeline: timeline)).write(
      to: url)
    let file = url.deletingLastPathComponent().appending(path: "long.otlp.jsonl")
    let outcome = try ExecutableRunner.run(["export", url.path, "--otlp-json", file.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr == "recoil-inspect: wrote \(file.path) (1100 spans in 3 requests)\n")
    let parsed = try Self.parse(Data(contentsOf: file))
    #expect(parsed.requests == 3)
    #expect(parsed.spans.count == 1_100)
    // One chain of causes: one trace.
    #expect(Set(parsed.spans.compactMap { $0["traceId"] as? String }).count == 1)

    let both = try ExecutableRunner.run(["export", url.path, "--perfetto", "--otlp-json", file.path])
    #expect(both.status == 64)
    #expect(both.stderr.contains("one of --perfetto, --otlp-json FILE or --otlp URL"))
    let neither = try ExecutableRunner.run(["export", url.path])
    #expect(neither.status == 64)
  }

  typealias Collector = OTLPReceiver.Collector

  @Test func aCollectorGetsEverySpanThroughARetryAndASplitWithItsHeaders() throws {
    let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo)))
    let collector = try Collector(answers: ["503:1", "413"])
    #expect(collector.port > 0)
    let outcome = try ExecutableRunner.run([
      "export", demo, "--otlp", "http://127.0.0.1:\(collector.port)", "--otlp-header", "Authorization: Bearer s3cret",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let requests = try collector.requests()
    // 503 with Retry-After: the same batch again; 413: split in two; every body parsed.
    #expect(requests.map { $0["status"] as? Int } == [503, 413, 200, 200])
    let total = snapshot.timeline.count
    #expect(requests.map { $0["spans"] as? Int } == [total, total, total / 2, total - total / 2])
    #expect(requests.allSatisfy { $0["path"] as? String == "/v1/traces" })
    #expect(requests.allSatisfy { $0["authorization"] as? String == "Bearer s3cret" })
    #expect(requests.allSatisfy { $0["contentType"] as? String == "application/json" })
    #expect(
      outcome.stderr.contains("sent \(total) spans to http://127.0.0.1:\(collector.port)/v1/traces in 4 requests"))
  }

  @Test func aBatchRefusedOtherwiseIsDroppedOnceAndAMissingCollectorIsUnreachable() throws {
    let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    let collector = try Collector(answers: ["400"])
    let refused = try ExecutableRunner.run(["export", demo, "--otlp", "http://127.0.0.1:\(collector.port)/custom"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("spans dropped: http://127.0.0.1:\(collector.port)/custom: HTTP 400"))
    let requests = try collector.requests()
    #expect(requests.count == 1)  // never retried
    #expect(requests.first?["path"] as? String == "/custom")

    // Nobody listens on a port just released.
    let closed = try Collector(answers: [])
    let port = closed.port
    closed.stop()
    let unreachable = try ExecutableRunner.run(["export", demo, "--otlp", "http://127.0.0.1:\(port)"])
    #expect(unreachable.status == 69, "\(unreachable.stderr)")
    #expect(unreachable.stderr.contains("cannot connect"))
    let bad = try ExecutableRunner.run(["export", demo, "--otlp", "https://collector.example:4318"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("IPv4 address or localhost"))
  }
}
