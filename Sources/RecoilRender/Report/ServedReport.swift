import RecoilSnapshot

/// The report `recoil-inspect report --serve` serves: the same page the command writes to a
/// file, which also asks its server for each neighbourhood it holds no layout of (a deeper
/// depth than the page lays out, or a hub's), so focus shows every node's neighbourhood laid
/// out on its own at every depth, however large the graph. The page may connect to its own
/// server and nowhere else.
///
/// ```swift
/// let report = try ServedReport(snapshot, options: RenderOptions(format: .html))
/// serve(report.page)  // at /
/// var drawings = report.neighbourhoods()
/// let svg = try drawings.svg(of: 12, depth: 3)  // at /neighbourhood?node=12&depth=3
/// ```
public struct ServedReport: Sendable {
  /// The page, as `report` writes it but asking its server for what it lacks (its bytes),
  /// and the counts of what it draws.
  public let drawing: Drawing
  /// The page's bytes.
  public var page: [UInt8] { drawing.bytes }
  /// The graph the page shows (focus and exclusions applied), whose nodes the page names by
  /// index.
  let snapshot: Snapshot
  private let options: RenderOptions

  /// Lays out the page of `snapshot` as `options` say (its format is HTML whatever it says).
  ///
  /// - Parameters:
  ///   - snapshot: The graph to show.
  ///   - options: Focus, exclusions, look, overview and how deep focus is laid out ahead.
  ///   - warning: Receives each warning Graphviz reported while drawing.
  /// - Throws: ``RenderError`` for an unknown focus node, a bad pattern or a Graphviz failure.
  public init(_ snapshot: Snapshot, options: RenderOptions, warning: (String) -> Void = { _ in }) throws(RenderError) {
    var options = options
    options.format = .html
    options.asksServerForLayouts = true
    let filtered = try SnapshotFilter(options: options).apply(to: snapshot)
    drawing = try Renderer.drawFiltered(filtered, options: options, warning: warning)
    self.snapshot = filtered
    self.options = options
  }

  /// The neighbourhoods the page asks for, none laid out yet.
  public func neighbourhoods() -> NeighbourhoodDrawings {
    NeighbourhoodDrawings(snapshot, options: options)
  }
}
