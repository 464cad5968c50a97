import Foundation
import RecoilSnapshot

/// `recoil-inspect artifacts [FOLDER] [--base FOLDER] [--budget FILE] [--summary FILE]`: what
/// CI does with the snapshots an app's tests left (`RECOIL_INSPECT_ARTIFACTS`): each drawn
/// and reported, all checked, each compared with the base branch's, and a summary. The
/// SwiftPM plugin's `artifacts` and `Scripts/ci-artifacts` run it.
struct ArtifactsCommand: Command {
  static let name = "artifacts"
  static let readsSnapshots = false
  static let summary = "Render, report and check every snapshot tests left in a folder (CI), and diff against a base."
  static let operands = "[<folder>]"
  static let discussion = """
    For every NAME.snapshot.json in FOLDER (by default the folder RECOIL_INSPECT_ARTIFACTS
    names, where InspectorArtifacts.write puts an app's test snapshots): draws NAME.snapshot.svg
    and writes the report NAME.snapshot.html beside it; checks them all (as check does, with
    --budget), writing check.junit.xml and check.md; with --base (the base branch's
    artifacts), writes NAME.diff.json, NAME.diff.svg and NAME.diff.html for each snapshot the
    base has too; and appends a Markdown summary (the check's table and each diff's counts) to
    --summary, or to the file GITHUB_STEP_SUMMARY names.

    Exits as check does: 0 when every rule holds, 1 when one is broken; a folder without
    snapshots is missing input (66), and any other step's failure stops it with its status.
    """
  static let options: [OptionSpec] = [
    .option("base", value: "folder", help: "The base branch's artifacts, to diff each snapshot against."),
    .option("budget", short: "b", value: "file", help: "Limits to check (JSON); the defaults without it."),
    .option("summary", value: "file", help: "Append a Markdown summary here (default: $GITHUB_STEP_SUMMARY)."),
    .flag("quiet", short: "q", help: "Print nothing but the check's findings."),
  ]

  var folder: String
  var base: String?
  var budget: String?
  var summary: String?
  var quiet = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count <= 1 else { throw .unexpectedArgument(arguments.positionals[1]) }
    let environment = ProcessInfo.processInfo.environment
    guard let folder = arguments.positionals.first ?? environment["RECOIL_INSPECT_ARTIFACTS"], !folder.isEmpty
    else {
      throw .invalidValue(
        option: "artifacts", value: "(nothing)", expected: "a folder of snapshots, or RECOIL_INSPECT_ARTIFACTS set")
    }
    self.folder = folder
    base = arguments.value("base")
    budget = arguments.value("budget")
    summary = arguments.value("summary") ?? environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
    quiet = arguments.has("quiet")
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshots = try Self.snapshots(in: folder)
    for snapshot in snapshots {
      let stem = String(snapshot.dropLast(".json".count))
      try Self.run(["render", snapshot, "-o", stem + ".svg", "--quiet"], streams: streams)
      try Self.run(["report", snapshot, "-o", stem + ".html", "--quiet"], streams: streams)
    }
    var findings = false
    do throws(CommandFailure) {
      try Self.run(
        ["check"] + snapshots + (budget.map { ["--budget", $0] } ?? [])
          + ["--junit", folder + "/check.junit.xml", "--markdown", folder + "/check.md"],
        streams: streams)
    } catch .findingsReported {
      findings = true
    }
    var diffs: [String] = []
    if let base {
      for snapshot in snapshots {
        diffs.append(try diff(snapshot, base: base, streams: streams))
      }
    }
    if let summary { try writeSummary(to: summary, diffs: diffs, streams: streams) }
    if !quiet {
      streams.error("recoil-inspect artifacts: \(snapshots.count) snapshot(s) rendered and checked in \(folder)\n")
    }
    if findings { throw .findingsReported }
  }

  /// The folder's `*.snapshot.json` files, by name.
  static func snapshots(in folder: String) throws(CommandFailure) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .inputMissing(path: folder, reason: "not a folder that can be read")
    }
    let snapshots = names.filter { $0.hasSuffix(".snapshot.json") }.sorted().map { folder + "/" + $0 }
    guard !snapshots.isEmpty else { throw .inputMissing(path: folder, reason: "no *.snapshot.json in it") }
    return snapshots
  }

  /// Runs another command as the command line would, its output to `streams` or `output`.
  static func run(_ arguments: [String], streams: StandardStreams, output: ((String) -> Void)? = nil)
    throws(CommandFailure)
  {
    let invocation: RecoilInspect.Invocation
    do {
      invocation = try RecoilInspect.resolve(arguments)
    } catch {
      throw .usage(error)
    }
    guard case .command(let command) = invocation else { return }
    var inner = streams
    if let output {
      inner.output = output
      inner.outputBytes = { output(String(decoding: $0, as: UTF8.self)) }
      inner.outputLine = { output(String(decoding: $0, as: UTF8.self)) }
      inner.flush = {}
    }
    try command.run(streams: inner)
  }

  /// The base's snapshot of the same name, diffed: its JSON, picture and report beside the
  /// snapshot, and the summary's row.
  private func diff(_ snapshot: String, base: String, streams: StandardStreams) throws(CommandFailure) -> String {
    let name = (snapshot as NSString).lastPathComponent
    let old = base + "/" + name
    guard FileManager.default.fileExists(atPath: old) else { return "| `\(name)` | new in this branch |" }
    let stem = String(snapshot.dropLast(".snapshot.json".count))
    var json = ""
    try Self.run(
      ["diff", old, snapshot, "--format", "json", "-o", stem + ".diff.svg"], streams: streams,
      output: { json += $0 })
    try OutputDestination.write(Array(json.utf8), to: stem + ".diff.json", streams: streams)
    try Self.run(
      ["diff", old, snapshot, "--format", "json", "-o", stem + ".diff.html"], streams: streams, output: { _ in })
    var text = ""
    try Self.run(["diff", old, snapshot], streams: streams, output: { text += $0 })
    // The text form's last line counts what changed.
    let counts = text.split(separator: "\n").last.map(String.init) ?? ""
    return "| `\(name)` | \(counts) |"
  }

  /// Appends the check's Markdown and the diffs' table to `path`.
  private func writeSummary(to path: String, diffs: [String], streams: StandardStreams) throws(CommandFailure) {
    var text = (try? String(contentsOfFile: folder + "/check.md", encoding: .utf8)) ?? ""
    if !diffs.isEmpty {
      text += "\n### Against the base branch\n\n| snapshot | changes |\n| --- | --- |\n"
      text += diffs.joined(separator: "\n") + "\n"
    }
    guard let handle = FileHandle(forWritingAtPath: path) ?? Self.created(path) else {
      throw .outputFailed(path: path, reason: "cannot open it to append the summary")
    }
    defer { try? handle.close() }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      throw .outputFailed(path: path, reason: "cannot append the summary")
    }
  }

  private static func created(_ path: String) -> FileHandle? {
    FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
  }
}
