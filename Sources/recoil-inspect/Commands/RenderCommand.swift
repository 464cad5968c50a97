import Foundation
import RecoilRender
import RecoilSnapshot

/// `recoil-inspect render SNAPSHOT -o OUT`: draws the state graph.
struct RenderCommand: Command {
  static let name = "render"
  static let summary = "Draw a snapshot's state graph (the default command)."
  static let operands = "<snapshot>"
  static let usageName = "[render]"
  static let discussion = """
    Reads SNAPSHOT (a file, or - for standard input) and draws it with Graphviz. The format
    comes from OUT's extension (.svg .png .pdf .dot .html) or --format; .html is the
    interactive report (see `recoil-inspect report`). Without -o, the picture is
    written beside the snapshot with the format's extension (to standard output when reading
    standard input). -o - writes to standard output. Files are replaced atomically.
    """
  static let options: [OptionSpec] =
    [
      .option("output", short: "o", value: "out", help: "Where to write the picture; - for standard output."),
      .option(
        "format", short: "f", value: "svg|png|pdf|dot|html", help: "Output format (default: from --output, else svg)."),
    ] + drawingOptions + overviewOptions

  /// How a large graph's overview is drawn (by render and report).
  static let overviewOptions: [OptionSpec] = [
    .option(
      "expand", value: "glob",
      help: "In an overview, draw whole the groups (Catalog, Catalog.item, app) or nodes that match (repeatable).",
      repeats: true),
    .option(
      "collapse", value: "rules",
      help: "What an overview collapses: none, or families, stores, modules, levels (comma-separated; default all).",
      repeats: true
    ).completing(["none"] + CollapseRule.allCases.map(\.rawValue)),
    .option("overview-threshold", value: "n", help: "Draw an overview past this many nodes (default 500)."),
    .flag("full", help: "Draw every node, however large the graph."),
  ]

  /// The options that say what to draw and how, shared with `report`.
  static let drawingOptions: [OptionSpec] = [
    .option("focus", value: "id", help: "Draw only this node and its neighbourhood."),
    .option("depth", value: "n", help: "Hops up- and downstream of --focus to keep (default 1)."),
    .option("exclude", value: "glob", help: "Leave out nodes whose id matches (repeatable; * ? [abc]).", repeats: true),
    .option("rankdir", value: "TB|LR", help: "Layout direction (default TB)."),
    .flag("heat", help: "Fill selectors by total evaluation time, hottest darkest."),
    .flag("subscribers", help: "Draw each subscription (a view, a scope) as a leaf of its node."),
    .flag("no-legend", help: "Leave out the legend."),
    .flag("quiet", short: "q", help: "Print nothing on success."),
  ]

  var input: SnapshotInput
  var output: String
  var renderOptions: RenderOptions
  var quiet: Bool

  init(input: SnapshotInput, output: String, renderOptions: RenderOptions, quiet: Bool) {
    self.input = input
    self.output = output
    self.renderOptions = renderOptions
    self.quiet = quiet
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let input = try SnapshotInput(arguments)
    self.input = input

    var format: RenderFormat?
    if let name = arguments.value("format") {
      guard let parsed = RenderFormat(fileExtension: name) else {
        throw .invalidValue(option: "--format", value: name, expected: "svg, png, pdf, dot or html")
      }
      format = parsed
    }
    if let output = arguments.value("output") {
      self.output = output
      if format == nil {
        if output == "-" {
          format = .svg
        } else {
          let fileExtension = URL(filePath: output).pathExtension
          guard let inferred = RenderFormat(fileExtension: fileExtension) else { throw .unknownFormat(path: output) }
          format = inferred
        }
      }
    } else {
      let chosen = format ?? .svg
      format = chosen
      self.output = input.output(withExtension: chosen.rawValue)
    }

    renderOptions = try Self.drawingOptions(arguments, format: format ?? .svg, input: input.path)
    try Self.readOverviewOptions(arguments, into: &renderOptions)
    quiet = arguments.has("quiet")
  }

  /// Reads the options of ``drawingOptions``.
  static func drawingOptions(
    _ arguments: ParsedArguments, format: RenderFormat, input: String
  ) throws(UsageError) -> RenderOptions {
    var options = RenderOptions(format: format)
    options.progress = ProgressLine.shared.renderProgress
    options.title = input == "-" ? "standard input" : URL(filePath: input).lastPathComponent
    options.focus = arguments.value("focus")
    if let depth = arguments.value("depth") {
      guard let value = Int(depth), value >= 0 else {
        throw .invalidValue(option: "--depth", value: depth, expected: "a whole number of hops, 0 or more")
      }
      guard options.focus != nil else {
        throw .invalidValue(option: "--depth", value: depth, expected: "to be used with --focus")
      }
      options.depth = value
    }
    options.excludes = arguments.all("exclude")
    if let rankdir = arguments.value("rankdir") {
      guard let direction = RenderOptions.RankDirection(rawValue: rankdir.uppercased()) else {
        throw .invalidValue(option: "--rankdir", value: rankdir, expected: "TB or LR")
      }
      options.rankDirection = direction
    }
    options.heat = arguments.has("heat")
    options.showsSubscribers = arguments.has("subscribers")
    options.showsLegend = !arguments.has("no-legend")
    return options
  }

  /// Reads the options of ``overviewOptions``.
  static func readOverviewOptions(_ arguments: ParsedArguments, into options: inout RenderOptions) throws(UsageError) {
    options.expands = arguments.all("expand")
    options.full = arguments.has("full")
    let rules = arguments.all("collapse").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    if !rules.isEmpty {
      let known = "none, or any of " + CollapseRule.allCases.map(\.rawValue).joined(separator: ", ")
      if rules == ["none"] {
        options.collapse = []
      } else {
        var chosen: Set<CollapseRule> = []
        for name in rules {
          guard let rule = CollapseRule(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalidValue(option: "--collapse", value: String(name), expected: known)
          }
          chosen.insert(rule)
        }
        options.collapse = chosen
      }
    }
    if let text = arguments.value("overview-threshold") {
      guard let threshold = Int(text), threshold >= 0 else {
        throw .invalidValue(option: "--overview-threshold", value: text, expected: "a whole number of nodes, 0 or more")
      }
      options.overviewThreshold = threshold
    }
    if options.full && !options.expands.isEmpty {
      throw .conflictingOptions("--expand", "--full", reason: "--full draws every node, so there is nothing to expand")
    }
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try input.load(streams: streams)
    let drawing: Drawing
    do {
      // A report's many small layouts are shared among helper processes of this program.
      var options = renderOptions
      options.layoutWorkers = LayoutWorkerCommand.workers
      drawing = try Renderer.draw(snapshot, options: options) { streams.reportWarning("Graphviz: \($0)") }
    } catch {
      throw .render(error)
    }
    try OutputDestination.write(drawing.bytes, to: output, streams: streams)
    if output != "-" && !quiet {
      // The counts of what was drawn: with --focus or --exclude, part of the snapshot.
      let nodes = drawing.nodeCount
      let edges = drawing.edgeCount
      // A report that lays out only some depths for focus, or not every hub's neighbourhood,
      // says how to have the others.
      var focus = ""
      let hubs = drawing.focusHubsInPlace
      if let depths = drawing.focusDepths, depths.count < 4 || !hubs.isEmpty {
        let laidOut = depths.isEmpty ? "none" : "depth\(depths.count == 1 ? "" : "s") \(depths.joined(separator: ", "))"
        let inPlace = hubs.map { "\($0.hubs) hub\($0.hubs == 1 ? "" : "s") at \($0.depth)" }.joined(separator: ", ")
        focus =
          "; focus laid out at \(laidOut)\(hubs.isEmpty ? "" : " (but \(inPlace), shown in place)")"
          + (depths.count < 4 ? ", deeper with --focus-layouts or --serve" : ", any with --serve")
      }
      if let overview = drawing.overview {
        streams.error(
          "recoil-inspect: wrote \(inert(output)) (an overview of \(overview.totalNodeCount) nodes: \(nodes) drawn whole, \(overview.groupCount) group\(overview.groupCount == 1 ? "" : "s") standing for \(overview.collapsedNodeCount); \(renderOptions.format == .html ? "click a group to open it" : "--expand GLOB opens a group"), --full draws every node\(focus))\n"
        )
      } else {
        streams.error(
          "recoil-inspect: wrote \(inert(output)) (\(nodes) node\(nodes == 1 ? "" : "s"), \(edges) edge\(edges == 1 ? "" : "s")\(focus))\n"
        )
      }
    }
  }
}
