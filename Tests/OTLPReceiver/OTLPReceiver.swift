import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// PyPI's `opentelemetry-proto` as the tests' OpenTelemetry collector (`check-otlp.py` beside
/// this file): ``parse(_:)`` reads request bodies with its generated classes, as a collector
/// would (unknown fields are errors, ids must be the hex the OTLP/HTTP JSON encoding demands),
/// and ``Collector`` is a receiver on loopback scripted to answer each request with the next
/// status.
///
/// ```swift
/// let collector = try OTLPReceiver.Collector(answers: ["503:1"])
/// // … send to http://127.0.0.1:\(collector.port)
/// let parsed = try OTLPReceiver.parse(collector.bodies())
/// ```
public enum OTLPReceiver {
  /// The checker script.
  static let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "check-otlp.py").path

  /// What the checker read from request bodies.
  public struct Parsed {
    public var requests: Int
    /// Each request's resource attributes.
    public var resources: [[String: Any]]
    /// Every span: `traceId`, `spanId`, `parentSpanId`, `name`, `kind`, `start`, `end`,
    /// `attributes` and `links` (`traceId`, `spanId`, `attributes`).
    public var spans: [[String: Any]]
  }

  /// Why the checker refused the bodies.
  public struct Refused: Error, CustomStringConvertible {
    public var description: String
  }

  /// Parses `bodies`, JSON Lines of `ExportTraceServiceRequest`s.
  public static func parse(_ bodies: Data) throws -> Parsed {
    // A checker that stops early must fail the test, not kill it with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let checker = Process()
    checker.executableURL = URL(filePath: "/usr/bin/env")
    checker.arguments = ["python3", script]
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
    guard checker.terminationStatus == 0, let object = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
    else { throw Refused(description: problems) }
    return Parsed(
      requests: object["requests"] as? Int ?? 0, resources: object["resources"] as? [[String: Any]] ?? [],
      spans: object["spans"] as? [[String: Any]] ?? [])
  }

  /// 16 lowercase hex digits: a span id as the encoding writes it.
  public static func hex(_ value: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// A collector on loopback, scripted to answer each request with the next status
  /// (`"503:1"` is 503 with `Retry-After: 1`), then 200.
  public final class Collector {
    let process = Process()
    let log: URL
    public let port: Int

    public init(answers: [String]) throws {
      let directory = FileManager.default.temporaryDirectory.appending(path: "otlp-collector-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      log = directory.appending(path: "collector.jsonl")
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments = ["python3", OTLPReceiver.script, "--serve", log.path] + answers
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

    /// What it took: a line per request (`status`, `spans`, `path`, `authorization`,
    /// `contentType`).
    public func requests() throws -> [[String: Any]] {
      guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
      return text.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }

    /// The bodies of the requests it answered 2xx, as JSON Lines.
    public func bodies() -> Data {
      (try? Data(contentsOf: log.appendingPathExtension("bodies"))) ?? Data()
    }

    /// Stops it (SIGKILL: a child may have SIGTERM blocked, as its parent's threads do).
    public func stop() {
      guard process.isRunning else { return }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }

    deinit { stop() }
  }
}
