extension Snapshot {
  /// A node reached from another by following edges, and how many hops away it is.
  public struct Reach: Sendable, Equatable {
    /// The node's id.
    public var id: String
    /// The number of edges between the start and this node: 1 for a direct neighbour.
    public var depth: Int

    /// Creates a reach.
    ///
    /// ```swift
    /// let reach = Snapshot.Reach(id: "Cart.total", depth: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The node's id.
    ///   - depth: Its distance in edges.
    public init(id: String, depth: Int) {
      self.id = id
      self.depth = depth
    }
  }

  /// What depends on `id`, directly or not: every node downstream of it, nearest first, each
  /// at its shortest distance. Answers "what depends on this atom?".
  ///
  /// ```swift
  /// for reach in snapshot.dependents(of: "Pricing.currency") { print(reach.depth, reach.id) }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to start from.
  ///   - maximumDepth: How many hops to follow; `nil` for all.
  /// - Returns: The nodes reached, by depth and then in snapshot order; empty for an unknown id.
  public func dependents(of id: String, maximumDepth: Int? = nil) -> [Reach] {
    reach(from: id, maximumDepth: maximumDepth, downstream: true)
  }

  /// What `id` depends on, directly or not: every node upstream of it, nearest first. Answers
  /// "what does this selector read?".
  ///
  /// ```swift
  /// let inputs = snapshot.dependencies(of: "Pricing.displayPrices", maximumDepth: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to start from.
  ///   - maximumDepth: How many hops to follow; `nil` for all.
  /// - Returns: The nodes reached, by depth and then in snapshot order; empty for an unknown id.
  public func dependencies(of id: String, maximumDepth: Int? = nil) -> [Reach] {
    reach(from: id, maximumDepth: maximumDepth, downstream: false)
  }

  /// Breadth-first over edges (forwards or backwards), so each node gets its shortest depth.
  private func reach(from start: String, maximumDepth: Int?, downstream: Bool) -> [Reach] {
    var neighbours: [String: [String]] = [:]
    for edge in edges {
      if downstream {
        neighbours[edge.from, default: []].append(edge.to)
      } else {
        neighbours[edge.to, default: []].append(edge.from)
      }
    }
    var depthOfID: [String: Int] = [start: 0]
    var frontier = [start]
    var depth = 0
    while !frontier.isEmpty, depth < (maximumDepth ?? Int.max) {
      depth += 1
      var next: [String] = []
      for id in frontier {
        for neighbour in neighbours[id, default: []] where depthOfID[neighbour] == nil {
          depthOfID[neighbour] = depth
          next.append(neighbour)
        }
      }
      frontier = next
    }
    depthOfID[start] = nil
    let order = Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    return depthOfID.map { Reach(id: $0.key, depth: $0.value) }
      .sorted { ($0.depth, order[$0.id] ?? Int.max, $0.id) < ($1.depth, order[$1.id] ?? Int.max, $1.id) }
  }
}
