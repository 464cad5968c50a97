// libFuzzer target: every command of the command line, run in this process on arbitrary bytes.
// Built by `Scripts/fuzz commands` from the recoil-inspect sources (without the process's entry
// point, RecoilInspect+Process.swift) over RecoilSnapshot, RecoilRender and Graphviz, with the
// address sanitizer.
//
// The first byte chooses the command, the rest is its input file: a snapshot for render (SVG
// and dot, through Graphviz), report, export, validate, trace, why, query, check and diff (both
// ways against the demo's snapshot), a budget for check, an event stream for live. The corpus
// starts from the fixtures, their numbers pushed to the limits of the format, and the
// dictionary holds numbers at the limits (Fuzz/json.dict).
//
// Properties checked on every input, beyond "no crash (no trap on a number), no hang":
// - the command ends with a documented exit code;
// - nothing it prints on the terminal holds a raw control character (escape sequences, bidi
//   overrides), the terminal's colours being off;
// - a command that fails says why on standard error, in one line per message.
import Foundation

private let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appending(path: "Fixtures")
private let demoSnapshot = fixtures.appending(path: "cart-demo/cart.snapshot.json").path
private let folder: String = {
  let path = FileManager.default.temporaryDirectory.appending(path: "recoil-inspect-fuzz-\(getpid())").path
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}()

/// Each command, as arguments with `INPUT` for the fuzzed file and `OUT` for an output path.
private let commands: [[String]] = [
  ["render", "INPUT", "-o", "OUT.svg", "--heat"],
  ["render", "INPUT", "-o", "OUT.dot", "--focus", "Pricing.displayPrices", "--depth", "2"],
  ["report", "INPUT", "-o", "OUT.html"],
  ["export", "INPUT", "--perfetto", "-o", "OUT.trace.json"],
  ["validate", "INPUT"],
  ["trace", "INPUT"],
  ["trace", "INPUT", "--node", "Pricing.*", "--kind", "action,evaluation"],
  ["trace", "INPUT", "--format", "json"],
  ["why", "INPUT", "Pricing.displayPrices"],
  ["query", "INPUT", "--slowest", "--by", "mean"],
  ["query", "INPUT", "--wasted"],
  ["query", "INPUT", "--in-flight"],
  ["query", "INPUT", "--dependents", "Cart.items", "--depth", "all"],
  ["query", "INPUT", "--cycles", "--format", "json"],
  ["check", "INPUT", "--format", "json"],
  ["check", "INPUT", "--junit", "OUT.xml", "--markdown", "OUT.md"],
  ["check", demoSnapshot, "--budget", "INPUT"],
  ["diff", demoSnapshot, "INPUT"],
  ["diff", "INPUT", demoSnapshot, "--format", "json"],
  ["diff", demoSnapshot, "INPUT", "-o", "OUT-diff.svg"],
  ["live", "INPUT"],
  ["live", "INPUT", "--raw", "--node", "Cart.*"],
]

/// What a command printed.
private final class Captured: @unchecked Sendable {
  var output: [UInt8] = []
  var error = ""
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let arguments = commands[Int(bytes[0]) % commands.count]
  let input = folder + "/input"
  guard FileManager.default.createFile(atPath: input, contents: Data(bytes.dropFirst())) else { return 0 }
  let resolved = arguments.map { $0 == "INPUT" ? input : $0.replacingOccurrences(of: "OUT", with: folder + "/out") }

  let captured = Captured()
  let streams = StandardStreams(
    output: { captured.output += Array($0.utf8) }, outputBytes: { captured.output += $0 },
    outputLine: { captured.output += $0 }, flush: {},
    error: { captured.error += $0 }, readInput: { _ in .success(Data()) },
    errorStyle: TerminalStyle(isEnabled: false), outputStyle: TerminalStyle(isEnabled: false))
  let status = RecoilInspect.run(resolved, streams: streams)

  precondition(ExitCode(rawValue: status) != nil, "\(arguments): undocumented exit code \(status)")
  if let raw = firstRawControl(in: String(decoding: captured.output, as: UTF8.self)) {
    preconditionFailure("\(arguments): a raw control character U+\(String(raw, radix: 16)) on standard output")
  }
  if let raw = firstRawControl(in: captured.error) {
    preconditionFailure("\(arguments): a raw control character U+\(String(raw, radix: 16)) on standard error")
  }
  if status != ExitCode.success.rawValue && status != ExitCode.findings.rawValue {
    precondition(captured.error.hasPrefix("recoil-inspect: "), "\(arguments): status \(status) without a message")
  }
  return 0
}

/// The first character in `text` that a terminal would act on rather than show: C0 and C1
/// controls other than a newline or a tab, and the bidirectional marks and overrides.
private func firstRawControl(in text: String) -> UInt32? {
  text.unicodeScalars.lazy.map(\.value).first { value in
    (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      || [0x061C, 0x200E, 0x200F].contains(value)
  }
}
