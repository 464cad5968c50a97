/// What to draw and how.
///
/// ```swift
/// var options = RenderOptions(format: .svg)
/// options.focus = "cart.total"
/// options.depth = 2
/// options.excludes = ["debug.*"]
/// options.heat = true
/// ```
public struct RenderOptions: Sendable, Equatable {
  /// The direction in which dependencies flow.
  ///
  /// ```swift
  /// let direction = RenderOptions.RankDirection(rawValue: "LR")  // .leftToRight
  /// ```
  public enum RankDirection: String, Sendable, CaseIterable {
    /// Dependencies above their dependents.
    case topToBottom = "TB"
    /// Dependencies left of their dependents.
    case leftToRight = "LR"
  }

  /// The output format.
  public var format: RenderFormat
  /// The direction of the layout.
  public var rankDirection: RankDirection
  /// Whether to draw a legend of node kinds and states.
  public var showsLegend: Bool
  /// Whether to fill selectors by total evaluation time, hottest darkest.
  public var heat: Bool
  /// A node id to centre on; only it and its neighbourhood are drawn.
  public var focus: String?
  /// How many hops up- and downstream of ``focus`` to keep.
  public var depth: Int
  /// Glob patterns (`*`, `?`, `[abc]`) of node ids to leave out.
  public var excludes: [String]
  /// From this many nodes on, layout settings trade a little quality for speed.
  public var largeGraphThreshold: Int
  /// The HTML report's title, such as the snapshot's file name (`nil`: "state graph").
  public var title: String?
  /// Whether to draw each subscription (a view, a scope) as a leaf of its node.
  public var showsSubscribers = false
  /// Past this many nodes (after focus and exclusions), the picture is an overview: groups
  /// chosen by ``collapse`` are drawn as one node each, with their member counts.
  ///
  /// ```swift
  /// options.overviewThreshold = 2_000  // draw graphs up to 2,000 nodes whole
  /// ```
  public var overviewThreshold = 500
  /// How deep an HTML report lays out every node's neighbourhood on its own for its focus.
  ///
  /// ```swift
  /// options.focusLayouts = .everyDepth
  /// ```
  public var focusLayouts = FocusLayouts.automatic
  /// Other processes that lay out a report's neighbourhoods side by side (`nil`: this one
  /// lays out all, in turn); the command line sets it to its own program.
  ///
  /// ```swift
  /// options.layoutWorkers = LayoutWorkers.ofThisProgram(named: "recoil-inspect", arguments: ["__layout-worker"])
  /// ```
  package var layoutWorkers: LayoutWorkers?
  /// Whether an HTML report is served (``ServedReport``) and asks its server for every
  /// neighbourhood it holds no layout of, instead of keeping the whole graph's places.
  package var asksServerForLayouts = false
  /// Whether the drawing is for a report page (the HTML report, the live page): its legend
  /// then explains the page's marks too (selected, upstream, downstream, match, written).
  package var forReportPage = false
  /// What an overview collapses; empty draws every node whole.
  ///
  /// ```swift
  /// options.collapse = [.families]
  /// ```
  public var collapse: Set<CollapseRule> = Set(CollapseRule.allCases)
  /// Glob patterns naming groups (`Catalog`, `Catalog.item`, `app`) or nodes to draw whole in
  /// an overview: the groups they name and those on the way to each node they match open.
  ///
  /// ```swift
  /// options.expands = ["Catalog.*"]
  /// ```
  public var expands: [String] = []
  /// Whether to draw every node whatever the graph's size (no overview).
  ///
  /// ```swift
  /// options.full = true
  /// ```
  public var full = false
  /// Told how far a long drawing got (a report's neighbourhoods and groups laid out), for a
  /// progress line; `nil` tells no one.
  ///
  /// ```swift
  /// options.progress = RenderProgress { phase, done, total in print(phase, done, total) }
  /// ```
  public var progress: RenderProgress?

  /// Creates options with the defaults: top to bottom, legend on, no heat, no focus.
  ///
  /// ```swift
  /// let options = RenderOptions(format: .png)
  /// ```
  ///
  /// - Parameter format: The output format.
  public init(format: RenderFormat = .svg) {
    self.format = format
    self.rankDirection = .topToBottom
    self.showsLegend = true
    self.heat = false
    self.focus = nil
    self.depth = 1
    self.excludes = []
    self.largeGraphThreshold = 400
    self.title = nil
  }
}
