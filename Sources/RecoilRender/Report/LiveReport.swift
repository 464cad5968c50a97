import RecoilSnapshot

/// The report of a session that keeps changing, for the live page: remade from each new
/// snapshot, but laid out by Graphviz again only when the drawing would change shape (nodes or
/// edges came or went, as the caller's `shape` counts them, a status changed, or a value or
/// the evaluations need more room than their label had). Otherwise the last layout is kept,
/// so nodes stay where they were, and the page writes each label's value and evaluation
/// count from the data. Past the overview threshold the page shows the overview, and each
/// group's inside is laid out when the page first opens it (``inside(_:shape:)``).
///
/// ```swift
/// let report = LiveReport(title: "cart-demo 4242 (live)")
/// let page = try report.page(for: snapshot, shape: session.shapeVersion)
/// report.layouts  // how many times it laid out
/// ```
public final class LiveReport {
  /// What a node's label needs room for: its status, whether it shows a value and how long
  /// (labels cut values), and whether it shows evaluations.
  private struct LabelRoom: Equatable {
    var status: SnapshotNodeStatus?
    var valueLength: Int?
    var hasEvaluations: Bool

    init(_ node: SnapshotNode) {
      status = node.status
      valueLength = node.value.map { min($0.count, 32) }
      hasEvaluations = node.evaluations != nil
    }

    /// Whether a label laid out for `self` shows `now` without re-laying out.
    func fits(_ now: LabelRoom) -> Bool {
      status == now.status && hasEvaluations == now.hasEvaluations
        && (valueLength == nil) == (now.valueLength == nil) && (valueLength ?? 0) >= (now.valueLength ?? 0)
    }
  }

  private let title: String
  private var shape: Int?
  private var svg: [UInt8] = []
  /// For a graph past the overview threshold: its groups, whose insides are laid out when the
  /// page first opens each (see ``inside(_:shape:)``), and those laid out so far.
  private var overview: ExpandableOverview?
  private var insides: [Int: [UInt8]] = [:]
  /// The neighbourhoods of the snapshot the page was laid out for, as focus asks for them.
  private var neighbourhoods: NeighbourhoodDrawings?
  private var rooms: [String: LabelRoom] = [:]
  /// How many times the report was laid out.
  public private(set) var layouts = 0

  /// A report titled `title`.
  public init(title: String) {
    self.title = title
  }

  /// The page for `snapshot`, whose nodes and edges changed whenever `shape` did.
  ///
  /// - Parameters:
  ///   - snapshot: The session as it is now.
  ///   - shape: A number that changes whenever nodes or edges came or went.
  /// - Returns: The report page.
  /// - Throws: ``RenderError`` when Graphviz fails.
  public func page(for snapshot: Snapshot, shape: Int) throws(RenderError) -> [UInt8] {
    if !fits(snapshot, shape: shape) {
      var options = RenderOptions(format: .svg)
      options.title = title
      options.forReportPage = true
      overview = try ExpandableOverview.make(from: snapshot, options: options)
      insides = [:]
      neighbourhoods = NeighbourhoodDrawings(snapshot, options: options)
      if let overview {
        svg = try Renderer.drawPart(overview.root, key: nil, options: options) { _ in }.svg
      } else {
        svg = try Renderer.render(snapshot, options: options)
      }
      self.shape = shape
      rooms = Dictionary(snapshot.nodes.map { ($0.id, LabelRoom($0)) }, uniquingKeysWith: { $1 })
      layouts += 1
    }
    var content = ReportPage.Content(title: title, svg: svg, snapshot: snapshot, heat: false, marks: nil, shape: shape)
    // The insides are not in the page: it asks for each as it opens it.
    content.overview = overview.map { ReportPage.Overview(layout: $0, insides: []) }
    return ReportPage.html(content)
  }

  /// The neighbourhood of node `node` (its index) to `depth` steps each way (`nil`: all), laid
  /// out on its own for the focus of the page laid out for `shape`: the first time it is asked
  /// for; past a thousand nodes drawn as an overview of itself (the selected node whole, each
  /// family, store, namespace or run of levels one node with its count); `nil` when the page
  /// is older than the layout or the node is not there.
  ///
  /// ```swift
  /// let svg = try report.neighbourhood(of: 12, depth: 1, shape: session.shapeVersion)
  /// ```
  ///
  /// - Throws: ``RenderError`` when Graphviz fails.
  public func neighbourhood(of node: Int, depth: Int?, shape: Int) throws(RenderError) -> [UInt8]? {
    guard self.shape == shape, neighbourhoods != nil else { return nil }
    let before = neighbourhoods?.layouts ?? 0
    let svg = try neighbourhoods?.svg(of: node, depth: depth)
    layouts += (neighbourhoods?.layouts ?? 0) - before
    return svg
  }

  /// The inside of group `key` of the page laid out for `shape`, as the page inserts it (SVG),
  /// laid out the first time it is asked for; `nil` when the page is older than the layout
  /// (it is made again) or has no such group.
  ///
  /// ```swift
  /// let svg = try report.inside(7, shape: session.shapeVersion)
  /// ```
  ///
  /// - Throws: ``RenderError`` when Graphviz fails.
  public func inside(_ key: Int, shape: Int) throws(RenderError) -> [UInt8]? {
    guard self.shape == shape, let overview, let nodeIDs = neighbourhoods?.graph().nodeIDs,
      let inside = overview.insides.first(where: { $0.key == key })
    else {
      return nil
    }
    if let known = insides[key] { return known }
    var options = RenderOptions(format: .svg)
    options.title = title
    let drawn = try Renderer.drawPart(inside.drawing, key: key, options: options) { _ in }.svg
    let svg = SVGForHTML.inline(drawn, nodeIDs: nodeIDs)
    insides[key] = svg
    layouts += 1
    return svg
  }

  /// What a page laid out for `shape` lacks of `snapshot`: the entries after timeline number
  /// `after` and the nodes they touched (JSON, for the page's `recoilReport.extend`); `nil`
  /// when the page must be made again instead (the shape changed, a label needs more room, or
  /// entries are numbered past what the page's script holds exactly).
  ///
  /// - Parameters:
  ///   - snapshot: The session as it is now.
  ///   - shape: The shape the page was laid out for.
  ///   - after: The latest timeline number the page holds.
  /// - Returns: The delta, or `nil`.
  public func delta(for snapshot: Snapshot, shape: Int, after: Int) -> [UInt8]? {
    // A page numbering entries from a base of its own (past 2^53) is made again instead: its
    // base moves as old entries go.
    guard self.shape == shape, fits(snapshot, shape: shape), PageNumbering(snapshot).base == 0 else { return nil }
    return ReportData.json(for: snapshot, shape: shape, after: after)
  }

  private func fits(_ snapshot: Snapshot, shape: Int) -> Bool {
    self.shape == shape && rooms.count == snapshot.nodes.count
      && snapshot.nodes.allSatisfy { node in rooms[node.id].map { $0.fits(LabelRoom(node)) } ?? false }
  }
}
