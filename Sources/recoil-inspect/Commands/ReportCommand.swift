import Foundation
import RecoilRender

/// `recoil-inspect report SNAPSHOT [-o report.html]`: the interactive HTML report.
struct ReportCommand: Command {
  static let name = "report"
  static let summary = "Write an interactive HTML report: search, select, details, timeline."
  static let operands = "<snapshot>"
  static let discussion = """
    Writes one self-contained HTML page that opens in any current browser from a file, with
    no network: the state graph laid out by Graphviz (drag to pan, wheel or pinch to zoom,
    + - 0 keys), a search over ids, labels and values, a filter by kind and a heat toggle.
    Selecting a node marks what it depends on and what depends on it and shows its details;
    the timeline lists every recorded action (step with ← and →) with its changes. Without
    -o, the page is written beside the snapshot with the extension .html (to standard output
    when reading standard input). Files are replaced atomically.
    """
  static let options: [OptionSpec] =
    [
      .option("output", short: "o", value: "out", help: "Where to write the page; - for standard output.")
    ] + RenderCommand.drawingOptions

  /// The report is a drawing in HTML.
  var drawing: RenderCommand

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let input = try arguments.onlyPositional("<snapshot>")
    drawing = RenderCommand(
      input: input,
      output: arguments.value("output")
        ?? (input == "-" ? "-" : RenderCommand.replacingExtension(of: input, with: "html")),
      renderOptions: try RenderCommand.drawingOptions(arguments, format: .html, input: input),
      quiet: arguments.has("quiet"))
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    try drawing.run(streams: streams)
  }
}
