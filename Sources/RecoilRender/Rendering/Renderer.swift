import RecoilSnapshot

/// Draws a snapshot's state graph through Graphviz's C libraries.
///
/// Atoms are blue boxes, selectors orange ellipses; stores are clusters holding their slices
/// and selectors; family members are grouped under their family. Edges point from a
/// dependency to its dependent. Graphviz is not thread-safe, so calls from any number of
/// threads are serialised onto one shared Graphviz context.
///
/// ```swift
/// let snapshot = try SnapshotCodec.decode(Data(contentsOf: input))
/// let svg = try Renderer.render(snapshot, options: RenderOptions(format: .svg))
/// try AtomicFile.write(svg, to: output)
/// ```
public enum Renderer {
  /// Renders a snapshot in the requested format.
  ///
  /// ```swift
  /// let png = try Renderer.render(snapshot, options: RenderOptions(format: .png))
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The graph to draw.
  ///   - options: Format, focus, exclusions and look.
  ///   - warning: Receives each warning Graphviz reported while drawing (it still drew);
  ///     Graphviz never prints to standard error itself.
  /// - Returns: The rendered bytes.
  /// - Throws: ``RenderError`` for an unknown focus node, a bad pattern or a Graphviz failure.
  public static func render(
    _ snapshot: Snapshot, options: RenderOptions, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> [UInt8] {
    try draw(snapshot, options: options, warning: warning).bytes
  }

  /// Renders a snapshot, and says how many of its nodes and edges the picture shows.
  ///
  /// ```swift
  /// let drawing = try Renderer.draw(snapshot, options: RenderOptions(format: .svg, focus: "Cart.total"))
  /// print("\(drawing.nodeCount) nodes, \(drawing.edgeCount) edges")
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The graph to draw.
  ///   - options: Format, focus, exclusions and look.
  ///   - warning: Receives each warning Graphviz reported while drawing.
  /// - Returns: The picture and the counts of what it shows.
  /// - Throws: ``RenderError`` for an unknown focus node, a bad pattern or a Graphviz failure.
  public static func draw(
    _ snapshot: Snapshot, options: RenderOptions, warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> Drawing {
    try drawFiltered(SnapshotFilter(options: options).apply(to: snapshot), options: options, warning: warning)
  }

  /// Draws a snapshot that focus and exclusions were already applied to (see
  /// ``draw(_:options:warning:)``).
  static func drawFiltered(
    _ filtered: Snapshot, options: RenderOptions, warning: (String) -> Void
  ) throws(RenderError) -> Drawing {
    options.progress?("laying out \(GraphDescription.counted(filtered.nodes.count, "node"))")
    if options.format == .html {
      // The report's overview opens groups in place: each group's inside is drawn too.
      if let overview = try ExpandableOverview.make(from: filtered, options: options) {
        return try report(of: overview, snapshot: filtered, options: options, warning: warning)
      }
    } else if let overview = try GraphOverview.make(from: filtered, options: options) {
      return try picture(of: overview, options: options, warning: warning)
    }
    return try picture(of: filtered, marks: nil, options: options, warning: warning)
  }

  /// Draws an overview: its shown nodes, its groups and merged edges.
  private static func picture(
    of overview: GraphOverview, options: RenderOptions, warning: (String) -> Void
  ) throws(RenderError) -> Drawing {
    let description = GraphDescription(snapshot: overview.shown, options: options, overview: overview)
    let (bytes, warnings) = try layOut(description, format: options.format, warning: warning)
    warnings.forEach(warning)
    return Drawing(
      bytes: bytes, nodeCount: overview.shown.nodes.count, edgeCount: overview.shown.edges.count,
      overview: Drawing.OverviewCounts(
        groupCount: overview.groups.count, collapsedNodeCount: overview.collapsedNodeCount,
        totalNodeCount: overview.totalNodeCount))
  }

  /// Draws what changed between two snapshots: the union of their graphs, with nodes and
  /// edges that were added in green, removed ones in red and dashed, nodes whose value or type
  /// changed outlined in amber, and selectors that got slower (a mean or total time `slower`
  /// times the old one and at least 10 µs more) outlined in heat colours. In SVG each node's
  /// and edge's group carries the class `added`, `removed`, `changed` or `slower`. The legend
  /// explains the marks.
  ///
  /// ```swift
  /// let drawing = try Renderer.drawDifference(from: main, to: pullRequest, options: RenderOptions(format: .svg))
  /// ```
  ///
  /// - Parameters:
  ///   - old: The snapshot before.
  ///   - new: The snapshot after.
  ///   - options: Format and look; focus and exclusions apply to the union.
  ///   - slower: How many times slower a selector's mean or total must be (and at least 10 µs
  ///     more) to be marked slower.
  ///   - warning: Receives each warning Graphviz reported while drawing.
  /// - Returns: The picture and the counts of what it shows.
  /// - Throws: ``RenderError`` for an unknown focus node, a bad pattern or a Graphviz failure.
  public static func drawDifference(
    from old: Snapshot, to new: Snapshot, options: RenderOptions, slower: Double = 1.5,
    warning: (String) -> Void = { _ in }
  ) throws(RenderError) -> Drawing {
    let (union, marks) = DifferenceMarks.union(from: old, to: new, slower: slower)
    let filtered = try SnapshotFilter(options: options).apply(to: union)
    return try picture(of: filtered, marks: marks, options: options, warning: warning)
  }

  /// Draws `description`. A large graph is ranked by Graphviz's faster whole-graph ranker
  /// (see `LayoutSettings`), which in Graphviz 2.43 fails on some graphs with many clusters
  /// ("trouble in init_rank"); such a graph is drawn again with dot's own ranker, slower but
  /// sound, and a warning says so.
  static func layOut(_ description: GraphDescription, format: RenderFormat, warning: (String) -> Void)
    throws(RenderError) -> (bytes: [UInt8], warnings: [String])
  {
    let drawn = try layOut(description, format: format, places: nil, warning: warning)
    return (drawn.bytes, drawn.warnings)
  }

  /// Lays out `description` as ``layOut(_:format:warning:)`` does, drawing it in `format` (none:
  /// no drawing) and reading where Graphviz put its nodes (and edges) when `places` says.
  static func layOut(
    _ description: GraphDescription, format: RenderFormat?, places: GraphPlaces.Scope?, warning: (String) -> Void
  ) throws(RenderError) -> Graphviz.LaidOut {
    // What dot is known to fail on (a crash or hours of work) is drawn by sfdp instead.
    if let reason = LayoutLimits.reasonDotCannotLayOut(description) {
      var unranked = description
      unranked.engine = "sfdp"
      unranked.graphAttributes.removeAll { $0.0 == "newrank" || $0.0 == "splines" }
      // Overlap removal costs more than the layout itself on such graphs.
      unranked.graphAttributes += [("overlap", "true"), ("splines", "false")]
      warning("\(reason); drawn with Graphviz's sfdp layout instead, without ranks")
      return try Graphviz.layOut(unranked, format: format, places: places)
    }
    do {
      return try Graphviz.layOut(description, format: format, places: places)
    } catch {
      guard case .graphviz(let message) = error, let plain = LayoutSettings.withoutWholeGraphRanking(description)
      else { throw error }
      warning("the fast ranker failed (\(message)); drawn with dot's own ranker")
      return try Graphviz.layOut(plain, format: format, places: places)
    }
  }

  /// Lays out and draws an already filtered snapshot. The HTML report draws an SVG without
  /// heat (its page colours by heat on a toggle) and wraps it with the snapshot's data.
  private static func picture(
    of snapshot: Snapshot, marks: DifferenceMarks?, options: RenderOptions, warning: (String) -> Void
  ) throws(RenderError) -> Drawing {
    var drawn = options
    if options.format == .html {
      drawn.format = .svg
      drawn.heat = false
      drawn.forReportPage = true
    }
    let description = GraphDescription(snapshot: snapshot, options: drawn, marks: marks)
    // Focus shows a neighbourhood laid out on its own from the nodes' drawings (a difference
    // keeps the whole's places).
    let plansFocus = options.format == .html && marks == nil
    let laidOut = try layOut(
      description, format: drawn.format, places: plansFocus ? .nodes : nil, warning: warning)
    laidOut.warnings.forEach(warning)
    var bytes = laidOut.bytes
    var focusDepths: [String]?
    var focusHubsInPlace: [(depth: String, hubs: Int)] = []
    if options.format == .html {
      var content = ReportPage.Content(
        title: options.title ?? "state graph", svg: bytes, snapshot: snapshot, heat: options.heat, marks: marks)
      content.asksServerForLayouts = options.asksServerForLayouts
      if plansFocus {
        var homes = NodeHomes(nodeCount: snapshot.nodes.count)
        homes.record(laidOut.places)
        content.neighbourhoods = try NeighbourhoodPlans.make(
          for: snapshot, homes: homes, options: options, warning: warning)
      }
      bytes = ReportPage.html(content)
      focusDepths = content.neighbourhoods?.laidOutDepths
      focusHubsInPlace = content.neighbourhoods?.depthsWithHubsInPlace ?? []
    }
    return Drawing(
      bytes: bytes, nodeCount: snapshot.nodes.count, edgeCount: snapshot.edges.count, focusDepths: focusDepths,
      focusHubsInPlace: focusHubsInPlace)
  }

  /// The version of the Graphviz libraries in use, such as `2.43.0`.
  ///
  /// ```swift
  /// print("Graphviz \(Renderer.graphvizVersion)")
  /// ```
  public static var graphvizVersion: String { Graphviz.version }
}
