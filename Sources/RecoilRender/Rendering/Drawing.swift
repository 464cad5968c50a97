/// A rendered picture of a state graph, and how much of the graph it shows.
///
/// With `--focus` or `--exclude`, a picture shows part of a snapshot; its counts are those of
/// the part drawn, not of the whole snapshot.
///
/// ```swift
/// let drawing = try Renderer.draw(snapshot, options: RenderOptions(format: .svg, focus: "Cart.total"))
/// print("\(drawing.nodeCount) nodes, \(drawing.edgeCount) edges")
/// ```
public struct Drawing: Sendable {
  /// The rendered bytes, in the requested format.
  public var bytes: [UInt8]
  /// The number of the snapshot's nodes drawn (the legend's samples are not counted).
  public var nodeCount: Int
  /// The number of the snapshot's edges drawn.
  public var edgeCount: Int
  /// When the picture is an overview of a large graph: what its groups stand for.
  public var overview: OverviewCounts? = nil
  /// For an HTML report: the depths (`1`, `2`, `3`, `all`) at which it holds every node's
  /// neighbourhood laid out on its own for focus (but hubs', see ``focusHubsInPlace``); `nil`
  /// for other pictures.
  ///
  /// ```swift
  /// drawing.focusDepths  // ["1"] for 30,000 nodes: deeper ones need --focus-layouts or --serve
  /// ```
  public var focusDepths: [String]? = nil
  /// For an HTML report: each of ``focusDepths`` at which some nodes' neighbourhoods are too
  /// large to lay out whole and no collapse rule groups them into an overview of themselves
  /// (`--collapse none`), and how many; the page focuses those in the whole graph's places
  /// and says why.
  ///
  /// ```swift
  /// drawing.focusHubsInPlace  // [("all", 2_715)] for a 3,000-node layered graph, --focus-layouts all --collapse none
  /// ```
  public var focusHubsInPlace: [(depth: String, hubs: Int)] = []

  /// What an overview's groups stand for.
  ///
  /// ```swift
  /// if let overview = drawing.overview {
  ///   print("\(overview.groupCount) groups stand for \(overview.collapsedNodeCount) of \(overview.totalNodeCount) nodes")
  /// }
  /// ```
  public struct OverviewCounts: Sendable, Equatable {
    /// How many groups are drawn, one node each.
    public var groupCount: Int
    /// How many of the graph's nodes are inside them.
    public var collapsedNodeCount: Int
    /// How many nodes the graph has (after focus and exclusions).
    public var totalNodeCount: Int
  }
}
