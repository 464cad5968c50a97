import Foundation
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
    #expect(both.stderr.contains("one of --perfetto, --otlp-json FILE or --otlp URL"))
    let neither = try ExecutableRunner.run(["export", url.path])
    #expect(neither.status == 64)
  }

  /// A collector on loopback, scripted to answer each request with the next status.
  final class Collector {
    let process = Process()
    let log: URL
    let port: Int

    init(answers: [String]) throws {
      log = try ExecutableRunner.temporaryDirectory().appending(path: "collector.jsonl")
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments =
        [
          "python3", ExecutableRunner.repositoryRoot.appending(path: "Tests/OTLPReceiver/check-otlp.py").path,
          "--serve", log.path,
        ]
        + answers
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        line.append(more)
      }
      port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// What it took: a line per request.
    func requests() throws -> [[String: Any]] {
      guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
      return try text.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    }

    /// Stops it (SIGKILL: a child may have SIGTERM blocked, as its parent's threads do).
    func stop() {
      guard process.isRunning else { return }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }

    deinit { stop() }
  }

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
