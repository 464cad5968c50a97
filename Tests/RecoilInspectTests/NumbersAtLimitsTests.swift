import Foundation
import Testing

@testable import recoil_inspect

/// Every command, run in this process on valid snapshots and event streams whose numbers sit at
/// and near the limits of the format (up to `Int.max`): each ends with a status, never a trap.
/// A trap (an overflow, a `Double` too large for `Int`) would stop the test process itself, so
/// this is a property test that finds any such arithmetic again.
@Suite struct NumbersAtLimitsTests {
  /// What one command printed and returned.
  final class Captured: @unchecked Sendable {
    var output = ""
    var error = ""
  }

  private static func streams(_ captured: Captured) -> StandardStreams {
    StandardStreams(
      output: { captured.output += $0 }, outputBytes: { captured.output += String(decoding: $0, as: UTF8.self) },
      outputLine: { captured.output += String(decoding: $0, as: UTF8.self) }, flush: {},
      error: { captured.error += $0 }, readInput: { _ in .success(Data()) },
      errorStyle: TerminalStyle(isEnabled: false), outputStyle: TerminalStyle(isEnabled: false))
  }

  private static let limits: [Int] = [
    0, 1, 999, 1_000, 999_999_999_999, 1 << 53, (1 << 53) + 1, 1 << 62, Int.max / 10, Int.max / 2, Int.max - 1, Int.max,
  ]

  /// A fixed-seed generator: a failure names its seed and repeats.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Sets every count and time in `value` (not numbers of entries and causes, which must stay
  /// consistent) to a limit drawn from `generator`.
  private static func pushToLimits(_ value: Any, _ generator: inout SplitMix) -> Any {
    if var object = value as? [String: Any] {
      for (key, member) in object {
        if ["seq", "cause", "action", "version"].contains(key) { continue }
        if member is NSNumber, !(member is Bool), key != "changed" {
          object[key] = limits.randomElement(using: &generator)!
        } else {
          object[key] = pushToLimits(member, &generator)
        }
      }
      if var evaluations = object["evaluations"] as? [String: Any] {
        // Sampled statistics too: the estimate multiplies a mean by a count.
        if Bool.random(using: &generator) {
          evaluations["timedCount"] = [1, 2, Int.max].randomElement(using: &generator)!
        }
        object["evaluations"] = evaluations
      }
      return object
    }
    if let array = value as? [Any] { return array.map { pushToLimits($0, &generator) } }
    return value
  }

  private static func fixture(_ name: String) throws -> Data {
    try Data(
      contentsOf: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fixtures/\(name)"))
  }

  @Test(arguments: 0..<12)
  func everyCommandEndsWithAStatus(seed: Int) throws {
    var generator = SplitMix(state: UInt64(seed) &* 7919 &+ 1)
    let folder = FileManager.default.temporaryDirectory.appending(path: "limits-\(seed)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try JSONSerialization.jsonObject(with: try Self.fixture("cart-demo/cart.snapshot.json"))
    let snapshot = folder.appending(path: "limits.json").path
    let small = folder.appending(path: "small.json").path
    try JSONSerialization.data(withJSONObject: Self.pushToLimits(original, &generator)).write(
      to: URL(filePath: snapshot))
    var quiet = SplitMix(state: 1)
    try JSONSerialization.data(withJSONObject: Self.pushToLimits(original, &quiet)).write(to: URL(filePath: small))
    let events = folder.appending(path: "limits.jsonl").path
    let lines = String(decoding: try Self.fixture("cart-demo/cart.events.jsonl"), as: UTF8.self).split(separator: "\n")
    let pushed = try lines.map { line in
      let event = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return String(
        decoding: try JSONSerialization.data(withJSONObject: Self.pushToLimits(event, &generator)), as: UTF8.self)
    }
    try (pushed.joined(separator: "\n") + "\n").write(toFile: events, atomically: true, encoding: .utf8)
    let out = folder.path + "/out"
    let commands: [[String]] = [
      ["render", snapshot, "-o", out + ".svg", "--heat"], ["render", snapshot, "-o", out + ".dot"],
      ["report", snapshot, "-o", out + ".html"], ["trace", snapshot], ["trace", snapshot, "--node", "Pricing.*"],
      ["trace", snapshot, "--format", "json"], ["why", snapshot, "Pricing.displayPrices"],
      ["query", snapshot, "--slowest"], ["query", snapshot, "--slowest", "--by", "mean"],
      ["query", snapshot, "--wasted"],
      ["query", snapshot, "--in-flight"], ["query", snapshot, "--in-flight", "--format", "json"],
      ["query", snapshot, "--slowest", "--format", "json"], ["check", snapshot],
      ["check", snapshot, "--format", "json"],
      ["diff", small, snapshot], ["diff", small, snapshot, "--format", "json"],
      ["diff", snapshot, small, "--format", "json"],
      ["diff", small, snapshot, "-o", out + "-diff.html"],
      ["export", snapshot, "--perfetto", "-o", out + ".trace.json"],
      ["validate", snapshot], ["live", events], ["live", events, "--raw"],
    ]
    for arguments in commands {
      let captured = Captured()
      let status = RecoilInspect.run(arguments, streams: Self.streams(captured))
      #expect([0, 1].contains(status), "seed \(seed): \(arguments.joined(separator: " ")): \(captured.error)")
      if arguments[0] == "trace" || arguments[0] == "live" { #expect(!captured.output.isEmpty, "\(arguments)") }
    }
    for written in [".svg", ".dot", ".html", "-diff.html", ".trace.json"] {
      #expect(FileManager.default.fileExists(atPath: out + written), "seed \(seed): no \(written)")
    }
  }

  @Test func durationsFormatUpToIntMax() {
    #expect(DurationTextProbe.format(Int.max) == "9223372036.85 s")
    #expect(DurationTextProbe.milliseconds(Int.max) == "9223372036854.776")
  }
}
