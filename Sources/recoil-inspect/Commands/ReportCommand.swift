import Foundation
import RecoilRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

    Past 500 nodes (--overview-threshold) the page shows an overview: families, stores and
    namespaces drawn as one node each. Click a group to open it in place (each group's inside
    is laid out by Graphviz when the page is made), click its title bar to close it; search
    finds nodes inside closed groups and opens what is needed to show them.

    Focus (f) shows the selected node's neighbourhood laid out on its own. The page holds
    that layout for every node at depth 1, and at deeper depths while those layouts stay
    small (--focus-layouts 2, 3 or all lays out those depths for every node, however long it
    takes); for a depth it lacks, focus keeps the whole graph's places and says so. A
    neighbourhood of more than 1,000 nodes (a hub's) is laid out as an overview of itself,
    by the overview's rules. Many layouts are shared among helper processes, one for each
    processor.

    --serve serves the page over HTTP instead of writing it, until Ctrl-C: the same page,
    which asks the server for every neighbourhood it holds no layout of, so that focus lays
    out any node's neighbourhood on its own at any depth, however large the graph. It
    listens on 127.0.0.1 and a free port unless given ADDRESS:PORT, and prints the page's
    address with its token; every request needs that token (403 otherwise).
    """
  static let options: [OptionSpec] =
    [
      .option("output", short: "o", value: "out", help: "Where to write the page; - for standard output."),
      .option(
        "focus-layouts", value: "auto|1|2|3|all",
        help: "Lay out every node's neighbourhood for focus to this depth (default auto: 1, deeper while small)."),
      .optionalAddress(
        "serve", value: "address:port",
        help: "Serve the page over HTTP, laying out any neighbourhood on demand (default 127.0.0.1:0, a free port)."),
    ] + RenderCommand.drawingOptions + RenderCommand.overviewOptions

  /// The report is a drawing in HTML.
  var drawing: RenderCommand
  /// Where to serve the page instead of writing it, if at all.
  var serve: ServeAddress?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let input = try SnapshotInput(arguments)
    drawing = RenderCommand(
      input: input,
      output: arguments.value("output")
        ?? input.output(withExtension: "html"),
      renderOptions: try Self.renderOptions(arguments, input: input.path),
      quiet: arguments.has("quiet"))
    serve = try ServeAddress(arguments)
    if serve != nil, arguments.value("output") != nil {
      throw .conflictingOptions("--serve", "--output", reason: "--serve serves the page instead of writing it")
    }
  }

  private static func renderOptions(_ arguments: ParsedArguments, input: String) throws(UsageError) -> RenderOptions {
    var options = try RenderCommand.drawingOptions(arguments, format: .html, input: input)
    try RenderCommand.readOverviewOptions(arguments, into: &options)
    if let text = arguments.value("focus-layouts") {
      guard let layouts = FocusLayouts(argument: text) else {
        throw .invalidValue(option: "--focus-layouts", value: text, expected: "auto, 1, 2, 3 or all")
      }
      options.focusLayouts = layouts
    }
    return options
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    guard let serve else { return try drawing.run(streams: streams) }
    let snapshot = try drawing.input.load(streams: streams)
    var options = drawing.renderOptions
    options.layoutWorkers = LayoutWorkerCommand.workers
    let report: ServedReport
    do {
      report = try ServedReport(snapshot, options: options) { streams.reportWarning("Graphviz: \($0)") }
    } catch {
      throw .render(error)
    }
    let server = try LiveServer(
      host: serve.host, port: serve.port, sessions: LiveSessions(keep: 1), title: options.title ?? "report",
      report: report)
    if let exposure = serve.exposure { streams.reportWarning(exposure) }
    server.start()
    let style = streams.outputStyle
    let drawn = report.drawing
    let counts =
      drawn.overview.map { "an overview of \($0.totalNodeCount) nodes" }
      ?? "\(drawn.nodeCount) node\(drawn.nodeCount == 1 ? "" : "s"), \(drawn.edgeCount) edge\(drawn.edgeCount == 1 ? "" : "s")"
    streams.output("recoil-inspect report: open \(style.bold(server.address))\n")
    streams.output(
      style.dim(
        "serving \(inert(options.title ?? "the report")) (\(counts)): focus lays out any neighbourhood; Ctrl-C stops")
        + "\n")
    streams.flush()
    while true { sleep(3600) }
  }
}
