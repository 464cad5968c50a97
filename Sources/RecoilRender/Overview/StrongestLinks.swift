import RecoilSnapshot

/// Which of an overview's merged edges its picture draws: every one while they are at most
/// twice the items drawn, else the strongest (the most edges each) that keep the picture a page
/// deep, a few per group, and for each group how many lighter links it has that are left out.
///
/// An app whose parts all read each other (forty namespaces, each reading a little of every
/// other) has a merged edge between almost every pair of groups: drawn, they are a thicket
/// nobody reads, and Graphviz lays out every one through every rank between its ends
/// (hundreds of edges across forty ranks made tens of thousands of virtual nodes and minutes
/// of layout). The strongest links answer "which parts depend most on which"; a link that would
/// make a chain of groups deeper than ``deepest`` ranks is left out too, so that the parts tile
/// into a page rather than one tall column. The others are counted on their groups
/// ("+ 12 lighter links").
///
/// ```swift
/// let links = StrongestLinks(overview)
/// for index in links.drawn { draw(overview.mergedEdges[index]) }
/// ```
struct StrongestLinks {
  /// At most this many drawn links leave each end, and at most this many arrive.
  static let perEnd = 2
  /// The fewest links drawn however few items there are.
  static let least = 16
  /// Links are all drawn while they are at most this many times the items drawn.
  static let drawnWhole = 2
  /// The most ranks a chain of drawn items may span.
  static let deepest = 6

  /// The merged edges drawn, by index, in the overview's order.
  var drawn: [Int]
  /// For each group (by index) that has links left out: how many, and how many edges they merge.
  var folded: [Int: (links: Int, edges: Int)]

  init(_ overview: GraphOverview) {
    let merged = overview.mergedEdges
    let budget = max(overview.shown.nodes.count + overview.groups.count, Self.least)
    var chains = RankedChains(overview)
    let strongestFirst = merged.indices.sorted { (merged[$1].count, $0) < (merged[$0].count, $1) }
    var leaving: [GraphOverview.End: Int] = [:]
    var arriving: [GraphOverview.End: Int] = [:]
    var chosen: [Int] = []
    var folded: [Int: (links: Int, edges: Int)] = [:]
    let drawsAll = merged.count <= Self.drawnWhole * budget
    for index in strongestFirst {
      let edge = merged[index]
      let fits =
        drawsAll
        || (chosen.count < budget && leaving[edge.from, default: 0] < Self.perEnd
          && arriving[edge.to, default: 0] < Self.perEnd)
      if drawsAll || (fits && chains.add(from: edge.from, to: edge.to, deepest: Self.deepest)) {
        chosen.append(index)
        leaving[edge.from, default: 0] += 1
        arriving[edge.to, default: 0] += 1
        continue
      }
      for case .group(let group) in [edge.from, edge.to] {
        folded[group, default: (0, 0)].links += 1
        folded[group, default: (0, 0)].edges += edge.count
      }
    }
    drawn = chosen.sorted()
    self.folded = folded
  }
}

/// The drawn items of an overview and the edges between them that rank them, to tell how many
/// ranks the longest chain spans once another link is added.
private struct RankedChains {
  private var indexOfEnd: [GraphOverview.End: Int] = [:]
  private var successors: [[Int]] = []
  private var predecessors: [[Int]] = []

  init(_ overview: GraphOverview) {
    for node in overview.shown.nodes { place(.node(node.id)) }
    for group in overview.groups.indices { place(.group(group)) }
    for edge in overview.shown.edges { link(place(.node(edge.from)), place(.node(edge.to))) }
  }

  @discardableResult
  private mutating func place(_ end: GraphOverview.End) -> Int {
    if let known = indexOfEnd[end] { return known }
    indexOfEnd[end] = successors.count
    successors.append([])
    predecessors.append([])
    return successors.count - 1
  }

  private mutating func link(_ from: Int, _ to: Int) {
    successors[from].append(to)
    predecessors[to].append(from)
  }

  /// Adds the link and returns true if the longest chain through it spans at most `deepest`
  /// ranks (a link closing a cycle adds no rank: Graphviz turns one edge of a cycle round);
  /// otherwise leaves it out and returns false.
  mutating func add(from: GraphOverview.End, to: GraphOverview.End, deepest: Int) -> Bool {
    let tail = place(from)
    let head = place(to)
    let above = longest(from: tail, through: predecessors, avoiding: head)
    let below = longest(from: head, through: successors, avoiding: tail)
    // A cycle: the head already leads to the tail.
    if above == nil || below == nil {
      link(tail, head)
      return true
    }
    guard above! + below! + 1 < deepest else { return false }
    link(tail, head)
    return true
  }

  /// The most edges on a path from `start` following `next`, or `nil` when such a path reaches
  /// `avoided` (the edge about to be added would close a cycle). Paths through cycles count
  /// each item once.
  private func longest(from start: Int, through next: [[Int]], avoiding avoided: Int) -> Int? {
    var depth = Array(repeating: -1, count: next.count)
    var onPath = Array(repeating: false, count: next.count)
    var stack: [(item: Int, position: Int)] = [(start, 0)]
    onPath[start] = true
    while let top = stack.last {
      let item = top.item
      if top.position < next[item].count {
        stack[stack.count - 1].position += 1
        let following = next[item][top.position]
        if following == avoided { return nil }
        if depth[following] < 0 && !onPath[following] {
          onPath[following] = true
          stack.append((following, 0))
        }
        continue
      }
      stack.removeLast()
      onPath[item] = false
      depth[item] = next[item].reduce(0) { deepest, following in max(deepest, depth[following] + 1) }
    }
    return depth[start]
  }
}
