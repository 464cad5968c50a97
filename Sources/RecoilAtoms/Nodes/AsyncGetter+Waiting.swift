/// Recoil's helpers for reading several nodes at once in an async getter: `waitForAll(_:)`
/// and `waitForAllSettled(_:)` read them concurrently, `waitForAny(_:)` returns as soon as one has settled,
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
    // One typed task per node, all started before any is awaited.
    let reads = (repeat Task { try await get(each node) })
    var pending: [ConcurrentRead] = []
    for read in repeat each reads { pending.append(ConcurrentRead(read)) }
    try await ConcurrentRead.untilAllSucceed(pending)
    return (repeat try await (each reads).value)
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
    let reads = nodes.map { node in Task { try await get(node) } }
    try await ConcurrentRead.untilAllSucceed(reads.map(ConcurrentRead.init))
    var values: [Value] = []
    for read in reads { values.append(try await read.value) }
    return values
  }

  /// The state of every node once each has a value or an error, read concurrently, as
  /// Recoil's `waitForAllSettled`: a failure is one of the results, and cancels nothing.
  ///
  /// ```swift
  /// let (prices, stock) = try await get.waitForAllSettled(Catalog.prices, Catalog.stock)
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order, none loading.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForAllSettled<each Value>(_ node: repeat Node<each Value>) async throws -> (
    repeat Loadable<each Value>
  ) {
    let reads = (repeat Task { try await get(each node) })
    var pending: [ConcurrentRead] = []
    for read in repeat each reads { pending.append(ConcurrentRead(read)) }
    try await ConcurrentRead.untilAllSettle(pending)
    return (repeat await Self.settled(each reads))
  }

  /// The state of every node of a list once each has a value or an error, read concurrently.
  ///
  /// ```swift
  /// let sources = try await get.waitForAllSettled(Mirror.all.map(Download.status))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order, none loading.
  /// - Throws: `CancellationError` when this evaluation was superseded.
  public func waitForAllSettled<Value>(_ nodes: [Node<Value>]) async throws -> [Loadable<Value>] {
    let reads = nodes.map { node in Task { try await get(node) } }
    try await ConcurrentRead.untilAllSettle(reads.map(ConcurrentRead.init))
    var loadables: [Loadable<Value>] = []
    for read in reads { loadables.append(await Self.settled(read)) }
    return loadables
  }

  /// A finished read as a loadable.
  private static func settled<Value>(_ read: Task<Value, any Error>) async -> Loadable<Value> {
    do {
      return .value(try await read.value)
    } catch {
      return .error(error)
    }
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
    return try readAsDependency(node, in: container) { ($0.loadable, taken: true) }
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

/// A read started as a task of its own, seen without its value's type, so that reads of
/// different types can be awaited together.
struct ConcurrentRead: Sendable {
  let finish: @Sendable () async throws -> Void
  let cancel: @Sendable () -> Void

  init<Value>(_ task: Task<Value, any Error>) {
    finish = { _ = try await task.value }
    cancel = { task.cancel() }
  }

  /// Waits until every read has finished, with a value or an error; the cancellation of the
  /// waiting task cancels the reads still running, and is thrown.
  static func untilAllSettle(_ reads: [ConcurrentRead]) async throws {
    await withTaskCancellationHandler {
      await withTaskGroup(of: Void.self) { group in
        for read in reads { group.addTask { try? await read.finish() } }
        await group.waitForAll()
      }
    } onCancel: {
      for read in reads { read.cancel() }
    }
    try Task.checkCancellation()
  }

  /// Waits until every read has succeeded. The first failure, or the cancellation of the
  /// waiting task, cancels the reads still running.
  static func untilAllSucceed(_ reads: [ConcurrentRead]) async throws {
    try await withTaskCancellationHandler {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for read in reads { group.addTask(operation: read.finish) }
        do {
          // next(), not waitForAll(): it throws at the first failure instead of after all.
          while try await group.next() != nil {}
        } catch {
          // Cancelled here, inside the group: the group waits for its children, and each
          // child waits for its read, which only ends early once cancelled.
          for read in reads { read.cancel() }
          throw error
        }
      }
    } onCancel: {
      for read in reads { read.cancel() }
    }
  }
}
