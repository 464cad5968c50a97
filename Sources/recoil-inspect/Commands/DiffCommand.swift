import Foundation
import RecoilRender
import RecoilSnapshot

/// `recoil-inspect diff OLD NEW`: how the state graph changed between two snapshots.
struct DiffCommand: Command {
  static let name = "diff"
  static let summary = "Compare two snapshots: structure, values and timings."
  static let operands = "<old> <new>"
  static let discussion = """
    Compares two snapshots and lists what changed, so a pull request's effect on the state
    graph can be reviewed: nodes and edges added or removed, nodes whose kind, value type,
    owner or family changed; each node's value; and selectors that got slower: a mean or total
    time at least --slower (1.5 by default) times the old one and at least 10 µs more, saying
    which grew (a total that grew as the mean did not: it ran more often). With --exit-code,
    exits 1 when the graphs' structure differs and 0 when it is the same. --format json prints
    {"nodes": {"added", "removed", "changed"}, "edges": {"added", "removed"}, "values",
    "timings": [{"id", "before", "after", "ratio", "grew"}]} (in full in Docs/command-line.md). -o draws the union of both
    graphs (.svg .png .pdf .dot, or .html for the interactive report): added in green, removed in red and dashed, changed values or
    types in amber, slower selectors outlined in heat colours, with a legend.
    """
  static let options: [OptionSpec] = [
    .flag("exit-code", help: "Exit 1 when the graphs' structure differs."),
    .option("slower", value: "factor", help: "How many times slower counts as slower (default 1.5)."),
    OutputFormat.option,
    .option("output", short: "o", value: "picture", help: "Also draw the difference (.svg .png .pdf .dot .html)."),
  ]

  var old: SnapshotInput
  var new: SnapshotInput
  var exitCode: Bool
  var slower = 1.5
  var json = false
  var picture: (path: String, format: RenderFormat)?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let limit = try InputLimit(arguments)
    guard arguments.positionals.count >= 2 else {
      throw .missingArgument(arguments.positionals.isEmpty ? "<old>" : "<new>")
    }
    if arguments.positionals.count > 2 { throw .unexpectedArgument(arguments.positionals[2]) }
    old = SnapshotInput(path: arguments.positionals[0], limit: limit)
    new = SnapshotInput(path: arguments.positionals[1], limit: limit)
    exitCode = arguments.has("exit-code")
    if let text = arguments.value("slower") {
      guard let factor = Double(text), factor >= 1, factor.isFinite else {
        throw .invalidValue(option: "--slower", value: text, expected: "a factor of 1 or more, such as 1.5")
      }
      slower = factor
    }
    json = try OutputFormat(arguments) == .json
    if let path = arguments.value("output") {
      guard let format = RenderFormat(fileExtension: URL(filePath: path).pathExtension) else {
        throw .unknownFormat(path: path)
      }
      picture = (path, format)
    }
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let before = try old.load(streams: streams)
    let after = try new.load(streams: streams)
    let difference = GraphDifference(from: before, to: after, slower: slower)
    if let picture {
      var pictureOptions = RenderOptions(format: picture.format)
      // Both files as the user named them: two snapshots of one name in different folders
      // (a pull request's base and head) stay apart.
      pictureOptions.title = "\(old.path) → \(new.path)"
      let drawing: Drawing
      do {
        drawing = try Renderer.drawDifference(
          from: before, to: after, options: pictureOptions, slower: slower
        ) { streams.reportWarning("Graphviz: \($0)") }
      } catch {
        throw .render(error)
      }
      try OutputDestination.write(drawing.bytes, to: picture.path, streams: streams)
    }
    if json {
      streams.output(difference.json())
      if exitCode && !difference.isEmpty { throw .findingsReported }
      return
    }
    let style = streams.outputStyle
    for value in difference.values {
      streams.output(
        style.yellow("~ value \(value.id): ") + style.red(value.before ?? "∅") + " -> "
          + style.green(value.after ?? "∅")
          + "\n")
    }
    for timing in difference.timings {
      streams.output(style.red("slower \(timing.id): \(timing.description)") + "\n")
    }
    let others =
      "; \(difference.values.count) value\(difference.values.count == 1 ? "" : "s") changed, "
      + "\(difference.timings.count) selector\(difference.timings.count == 1 ? "" : "s") slower"
    if difference.isEmpty {
      let (nodes, edges) = (after.nodes.count, after.edges.count)
      streams.output(
        "no structural changes (\(nodes) node\(nodes == 1 ? "" : "s"), \(edges) edge\(edges == 1 ? "" : "s"))\(others)\n"
      )
      return
    }
    for node in difference.addedNodes {
      streams.output(style.green("+ node \(node.id) (\(node.kind.rawValue))") + "\n")
    }
    for node in difference.removedNodes {
      streams.output(style.red("- node \(node.id) (\(node.kind.rawValue))") + "\n")
    }
    for change in difference.changedNodes {
      streams.output(style.yellow("~ node \(change.id): \(change.description)") + "\n")
    }
    for edge in difference.addedEdges { streams.output(style.green("+ edge \(edge.from) -> \(edge.to)") + "\n") }
    for edge in difference.removedEdges { streams.output(style.red("- edge \(edge.from) -> \(edge.to)") + "\n") }
    streams.output(
      "\(difference.addedNodes.count) node(s) added, \(difference.removedNodes.count) removed, "
        + "\(difference.changedNodes.count) changed; \(difference.addedEdges.count) edge(s) added, "
        + "\(difference.removedEdges.count) removed\(others)\n")
    if exitCode { throw .findingsReported }
  }
}
