import RecoilSnapshot

/// The neighbourhoods a server lays out for its pages' focus: each laid out the first time it
/// is asked for, and kept, the latest 64 MiB of them (a page that visits every hub of a
/// large graph would otherwise have the server hold them all: 50 KB each at 3,000 nodes).
/// The live page's reports and a served report (``ServedReport``) each hold one.
///
/// ```swift
/// var drawings = NeighbourhoodDrawings(snapshot, options: options)
/// let svg = try drawings.svg(of: 12, depth: 3)  // laid out now
/// let again = try drawings.svg(of: 12, depth: 3)  // kept
/// ```
public struct NeighbourhoodDrawings {
  /// The graph whose nodes' neighbourhoods are drawn, as its page was laid out.
  let snapshot: Snapshot
  private let options: RenderOptions
  private var adjacency: NeighbourhoodGraph?
  private var overviewSource: NeighbourhoodOverview.Source?
  private var drawn: [String: [UInt8]] = [:]
  /// The keys of `drawn`, oldest first, and how many bytes they hold.
  private var order: [String] = []
  private var heldBytes = 0
  /// How many bytes of drawings are kept at most (the latest one always is).
  var keptBytes = 64 << 20
  /// How many neighbourhoods were laid out.
  public private(set) var layouts = 0
  /// How many drawings are kept.
  var keptCount: Int { drawn.count }

  /// The drawings of `snapshot`'s neighbourhoods, in `options`' look (direction, subscribers,
  /// collapse rules); none is laid out until asked for.
  public init(_ snapshot: Snapshot, options: RenderOptions) {
    self.snapshot = snapshot
    self.options = options
  }

  /// Node `node`'s neighbourhood (its index) to `depth` steps each way (`nil`: all) as SVG,
  /// laid out on its own (past a thousand nodes as an overview of itself); `nil` when there
  /// is no such node, or the neighbourhood is too large to draw whole and nothing collapses.
  ///
  /// ```swift
  /// let svg = try drawings.svg(of: 12, depth: nil)
  /// ```
  ///
  /// - Throws: ``RenderError`` when Graphviz fails.
  public mutating func svg(of node: Int, depth: Int?) throws(RenderError) -> [UInt8]? {
    guard snapshot.nodes.indices.contains(node) else { return nil }
    let key = "\(node)/\(depth.map(String.init) ?? "all")"
    if let known = drawn[key] { return known }
    guard
      let svg = try NeighbourhoodDrawing.svg(
        of: node, depth: depth, in: snapshot, graph: graph(), source: source(), options: options)
    else { return nil }
    drawn[key] = svg
    order.append(key)
    heldBytes += svg.count
    while heldBytes > keptBytes, order.count > 1 {
      heldBytes -= drawn.removeValue(forKey: order.removeFirst())?.count ?? 0
    }
    layouts += 1
    return svg
  }

  /// The snapshot's edges and ids by node, made the first time they are needed.
  mutating func graph() -> NeighbourhoodGraph {
    if let adjacency { return adjacency }
    let made = NeighbourhoodGraph(snapshot)
    adjacency = made
    return made
  }

  /// What hubs' overviews are made from, made the first time one is drawn.
  mutating func source() -> NeighbourhoodOverview.Source {
    if let overviewSource { return overviewSource }
    let made = NeighbourhoodOverview.Source(snapshot, options: options, edges: graph().edges)
    overviewSource = made
    return made
  }
}
