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
