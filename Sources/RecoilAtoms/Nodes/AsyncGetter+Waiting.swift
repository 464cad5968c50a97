/// Recoil's helpers for reading several nodes at once in an async getter: `waitForAll(_:)`
/// reads them concurrently, `waitForAny(_:)` returns as soon as one has settled,
/// `waitForNone(_:)` and ``noWait(_:)`` never wait. Every node read becomes a dependency,
/// so the evaluation starts over when any of them changes.
extension AsyncGetter {
  /// The values of all the nodes, read concurrently: the evaluation waits for the slowest, not
  /// for the sum of them. The first failure cancels the other reads and is thrown.
  ///
  /// ```swift
  /// static let dashboard = AsyncSelector(key: "Dashboard") { get in
  ///   let (user, orders) = try await get.waitForAll(Session.user, Orders.recent)
  ///   return Dashboard(user: user, orders: orders)
  /// }
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their values, in order.
  /// - Throws: The first error to arrive, or `CancellationError` when this evaluation was
  ///   superseded.
  public func waitForAll<each Value>(_ node: repeat Node<each Value>) async throws -> (repeat each Value) {
    var reads: [@Sendable () async throws -> any Sendable] = []
    for node in repeat each node { reads.append { try await get(node) } }
    let values = try await Self.concurrently(reads)
    var position = 0
    func next<Element>(_: Node<Element>) -> Element {
      defer { position += 1 }
      // The value at this position was read from this very node: the cast cannot fail.
      return values[position] as! Element
    }
    return (repeat next(each node))
  }

  /// The values of all the nodes of a list, read concurrently.
  ///
  /// ```swift
  /// let prices = try await get.waitForAll(ids.map { Catalog.price($0) })
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their values, in order.
  /// - Throws: The first error to arrive, or `CancellationError` when this evaluation was
  ///   superseded.
  public func waitForAll<Value>(_ nodes: [Node<Value>]) async throws -> [Value] {
    let values = try await Self.concurrently(nodes.map { node in { try await get(node) } })
    // Each value was read from the node at its position.
    return values.map { $0 as! Value }
  }

  /// The state of every node, as soon as at least one has a value or an error.
  ///
  /// ```swift
  /// let (cached, live) = try await get.waitForAny(Quotes.cached, Quotes.live)
  /// return live.value ?? cached.value ?? []
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForAny<each Value>(_ node: repeat Node<each Value>) async throws -> (repeat Loadable<each Value>) {
    var reads: [@Sendable () async throws -> any Sendable] = []
    for node in repeat each node { reads.append { try await get(node) } }
    try await Self.untilAnySettles(reads)
    return (repeat try await noWait(each node))
  }

  /// The state of every node of a list, as soon as at least one has a value or an error.
  ///
  /// ```swift
  /// let sources = try await get.waitForAny(Mirror.all.map(Download.status))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForAny<Value>(_ nodes: [Node<Value>]) async throws -> [Loadable<Value>] {
    try await Self.untilAnySettles(nodes.map { node in { try await get(node) } })
    var loadables: [Loadable<Value>] = []
    for node in nodes { loadables.append(try await noWait(node)) }
    return loadables
  }

  /// The state of every node now, without waiting for any.
  ///
  /// ```swift
  /// let (user, avatar) = try await get.waitForNone(Session.user, Session.avatar)
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForNone<each Value>(_ node: repeat Node<each Value>) async throws -> (repeat Loadable<each Value>) {
    (repeat try await noWait(each node))
  }

  /// The state of every node of a list now, without waiting for any.
  ///
  /// ```swift
  /// let thumbnails = try await get.waitForNone(photos.map(Photo.thumbnail))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForNone<Value>(_ nodes: [Node<Value>]) async throws -> [Loadable<Value>] {
    var loadables: [Loadable<Value>] = []
    for node in nodes { loadables.append(try await noWait(node)) }
    return loadables
  }

  /// The state of one node now, without waiting for it; it still becomes a dependency.
  ///
  /// ```swift
  /// let recommendations = try await get.noWait(Catalog.recommendations).value ?? []
  /// ```
  ///
  /// - Parameter node: The node.
  /// - Returns: Its loadable.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func noWait<Value>(_ node: Node<Value>) async throws -> Loadable<Value> {
    guard let container else { throw CancellationError() }
    return try readAsDependency(node, in: container) { $0.loadable }
  }

  /// Runs `reads` concurrently and returns their results in order; the first failure cancels
  /// the others.
  private static func concurrently(_ reads: [@Sendable () async throws -> any Sendable]) async throws -> [any Sendable]
  {
    try await withThrowingTaskGroup(of: (Int, any Sendable).self) { group in
      for (position, read) in reads.enumerated() {
        group.addTask { (position, try await read()) }
      }
      var results = [(any Sendable)?](repeating: nil, count: reads.count)
      for try await (position, value) in group { results[position] = value }
      return results.compactMap { $0 }
    }
  }

  /// Returns once one of `reads` has finished, with a value or an error, and cancels the rest.
  private static func untilAnySettles(_ reads: [@Sendable () async throws -> any Sendable]) async throws {
    guard !reads.isEmpty else { return }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for read in reads {
        group.addTask { _ = try? await read() }
      }
      try await group.next()
      group.cancelAll()
    }
    try Task.checkCancellation()
  }
}
