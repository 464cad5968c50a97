import Foundation
import RecoilRender

/// `recoil-inspect report SNAPSHOT [-o report.html]`: the interactive HTML report.
struct ReportCommand: Command {
  static let name = "report"
  static let summary = "Write an interactive HTML report: search, select, details, timeline."
  static let usage = "recoil-inspect report <snapshot> [-o <report.html>] [options]"
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

  var input: String
  var output: String
  var renderOptions: RenderOptions
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let input = arguments.positionals.first else { throw .missingArgument("<snapshot>") }
    if arguments.positionals.count > 1 { throw .unexpectedArgument(arguments.positionals[1]) }
    self.input = input
    if let output = arguments.value("output") {
      self.output = output
    } else {
      self.output = input == "-" ? "-" : RenderCommand.replacingExtension(of: input, with: "html")
    }
    renderOptions = try RenderCommand.drawingOptions(arguments, format: .html, input: input)
    quiet = arguments.has("quiet")
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    try RenderCommand.draw(input: input, output: output, options: renderOptions, quiet: quiet, streams: streams)
  }
}
