import Foundation
import RecoilSnapshot

/// `recoil-inspect export SNAPSHOT --perfetto [-o trace.json]`: a trace for ui.perfetto.dev.
struct ExportCommand: Command {
  static let name = "export"
  static let summary = "Export a snapshot's actions as a trace for ui.perfetto.dev or chrome://tracing."
  static let operands = "<snapshot>"
  static let discussion = """
    --perfetto writes the Chrome Trace Event Format, which ui.perfetto.dev and chrome://tracing
    open and which scales to millions of events: a process per store and per atom container;
    each recorded action a slice on its store's "actions" track, named by the action, with its
    number, payload and changes in the slice's arguments; from the causal timeline, each
    evaluation a slice on its selector's own track with its trigger, writes, notifications
    and resolutions on a "writes" track, effect runs on an "effects" track, and arrows (flow
    events) from each cause to its effect. Without -o the trace goes beside the snapshot
    (snap.json -> snap.trace.json); -o - writes to standard output. Files are replaced
    atomically.
    """
  static let options: [OptionSpec] = [
    .flag("perfetto", help: "Write the Chrome Trace Event Format (the only export so far).", isRequired: true),
    .option("output", short: "o", value: "out", help: "Where to write the trace; - for standard output."),
    .flag("quiet", short: "q", help: "Print nothing on success."),
  ]

  var input: String
  var output: String
  var quiet: Bool

  var inputLimit = InputLimit()

  init(_ arguments: ParsedArguments) throws(UsageError) {
    inputLimit = try InputLimit(arguments)
    let input = try arguments.onlyPositional("<snapshot>")
    guard arguments.has("perfetto") else { throw .missingArgument("--perfetto") }
    self.input = input
    output =
      arguments.value("output")
      ?? (input == "-" ? "-" : RenderCommand.replacingExtension(of: input, with: "trace.json"))
    quiet = arguments.has("quiet")
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try SnapshotInput.load(input, limit: inputLimit, streams: streams)
    try OutputDestination.write(Data(ChromeTrace.json(for: snapshot)), to: output, streams: streams)
    if output != "-" && !quiet {
      let count = snapshot.actions.count
      streams.error("recoil-inspect: wrote \(inert(output)) (\(count) action\(count == 1 ? "" : "s"))\n")
    }
  }
}
