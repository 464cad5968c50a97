import Foundation
import RecoilSnapshot
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `export --otlp-json`: the causal timeline as OpenTelemetry traces, parsed by the generated
/// classes of PyPI's opentelemetry-proto (`Tests/OTLPReceiver/check-otlp.py`), as a collector
/// would: unknown fields are errors, ids must be the hex the OTLP/HTTP JSON encoding demands.
@Suite struct OTLPExportTests {
  /// What the checker read from the request bodies.
  struct Parsed {
    var requests: Int
    var resources: [[String: Any]]
    var spans: [[String: Any]]
  }

  static func parse(_ bodies: Data) throws -> Parsed {
    // A checker that stops early must fail the test, not kill it with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let checker = Process()
    checker.executableURL = URL(filePath: "/usr/bin/env")
    checker.arguments = [
      "python3", ExecutableRunner.repositoryRoot.appending(path: "Tests/OTLPReceiver/check-otlp.py").path,
    ]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    checker.standardInput = input
    checker.standardOutput = output
    checker.standardError = errors
    try checker.run()
    // Written from another thread, so a large input cannot block against a full output pipe.
    let writer = Thread {
      try? input.fileHandleForWriting.write(contentsOf: bodies)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    checker.waitUntilExit()
    #expect(checker.terminationStatus == 0, "\(problems)")
    let object = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
    return Parsed(
      requests: object["requests"] as? Int ?? 0, resources: object["resources"] as? [[String: Any]] ?? [],
      spans: object["spans"] as? [[String: Any]] ?? [])
  }

  static func hex(_ value: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

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

  @Test func requestsHoldAtMost512SpansAndBadFlagsAreUsageErrors() throws {
    var timeline: [SnapshotEvent] = []
    for seq in 1...1_100 {
      timeline.append(
        SnapshotEvent(seq: seq, kind: .write, cause: seq > 1 ? seq - 1 : nil, node: "Count", after: String(seq)))
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
    #expect(both.stderr.contains("one of --perfetto or --otlp-json FILE"))
    let neither = try ExecutableRunner.run(["export", url.path])
    #expect(neither.status == 64)
  }
}
