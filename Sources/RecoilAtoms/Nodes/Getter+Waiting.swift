/// Recoil's helpers for reading several nodes at once, some of them async, in a synchronous
/// getter: `waitForAll(_:)`, `waitForAllSettled(_:)`, `waitForAny(_:)`, `waitForNone(_:)` and
/// ``noWait(_:)``.
///
/// Each reads every node it is given before looking at any result, so that every one becomes a
/// dependency and every async one starts loading at once, not one after the other. "Waiting"
/// in a synchronous getter means this evaluation is loading too, and runs again when what it
/// waits for resolves.
extension Getter {
  /// The values of all the nodes, once every one has a value; an error as soon as one failed.
  ///
  /// As Recoil's `waitForAll`: if any node failed, this fails with the first error in the order
  /// given, even while others are still loading; otherwise, while any is loading, this
  /// evaluation is loading too.
  ///
  /// ```swift
  /// let summary = Selector(key: "Order.summary") { get in
  ///   let (user, cart, rates) = try get.waitForAll(Session.user, Cart.lines, Pricing.rates)
  ///   return Summary(user: user, lines: cart, rates: rates)
  /// }
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their values, in order.
  /// - Throws: The first error (loading or not, the others), else `AtomError.loading` while
  ///   any is loading.
  public func waitForAll<each Value>(_ node: repeat Node<each Value>) throws -> (repeat each Value) {
    let loadables = (repeat loadable(each node))
    for loadable in repeat each loadables {
      if let error = loadable.error { throw error }
    }
    for loadable in repeat each loadables {
      if loadable.isLoading { throw AtomError.loading(nil) }
    }
    return (repeat try (each loadables).get())
  }

  /// The values of all the nodes of a list (a family's members, say), once every one has one.
  ///
  /// ```swift
  /// let stock = try get.waitForAll(ids.map { Catalog.stock($0) })
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their values, in order.
  /// - Throws: The first error (loading or not, the others), else `AtomError.loading` while
  ///   any is loading.
  public func waitForAll<Value>(_ nodes: [Node<Value>]) throws -> [Value] {
    let loadables = nodes.map { loadable($0) }
    if let error = loadables.lazy.compactMap(\.error).first { throw error }
    if loadables.contains(where: \.isLoading) { throw AtomError.loading(nil) }
    return try loadables.map { try $0.get() }
  }

  /// The state of every node once none is loading: each a value or an error, as Recoil's
  /// `waitForAllSettled`. A failure does not fail this evaluation; it is one of the results.
  ///
  /// ```swift
  /// let (prices, stock) = try get.waitForAllSettled(Catalog.prices, Catalog.stock)
  /// return (prices.value ?? [:], stock.error == nil)
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order, none loading.
  /// - Throws: `AtomError.loading` while any is loading.
  public func waitForAllSettled<each Value>(_ node: repeat Node<each Value>) throws -> (repeat Loadable<each Value>) {
    let loadables = (repeat loadable(each node))
    for loadable in repeat each loadables {
      if loadable.isLoading { throw AtomError.loading(nil) }
    }
    return loadables
  }

  /// The state of every node of a list once none is loading.
  ///
  /// ```swift
  /// let mirrors = try get.waitForAllSettled(Mirror.all.map(Download.status))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order, none loading.
  /// - Throws: `AtomError.loading` while any is loading.
  public func waitForAllSettled<Value>(_ nodes: [Node<Value>]) throws -> [Loadable<Value>] {
    let loadables = nodes.map { loadable($0) }
    if loadables.contains(where: \.isLoading) { throw AtomError.loading(nil) }
    return loadables
  }

  /// The state of every node, once at least one has a value or an error.
  ///
  /// While all are loading this evaluation is loading too.
  ///
  /// ```swift
  /// let (fast, slow) = try get.waitForAny(Quotes.cached, Quotes.live)
  /// return slow.value ?? fast.value ?? []
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `AtomError.loading` while all are loading.
  public func waitForAny<each Value>(_ node: repeat Node<each Value>) throws -> (repeat Loadable<each Value>) {
    let loadables = (repeat loadable(each node))
    for loadable in repeat each loadables {
      if !loadable.isLoading { return loadables }
    }
    throw AtomError.loading(nil)
  }

  /// The state of every node of a list, once at least one has a value or an error.
  ///
  /// ```swift
  /// let mirrors = try get.waitForAny(Mirror.all.map(Download.status))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order.
  /// - Throws: `AtomError.loading` while all are loading (an empty list never waits).
  public func waitForAny<Value>(_ nodes: [Node<Value>]) throws -> [Loadable<Value>] {
    let loadables = nodes.map { loadable($0) }
    guard loadables.isEmpty || loadables.contains(where: { !$0.isLoading }) else { throw AtomError.loading(nil) }
    return loadables
  }

  /// The state of every node, without waiting for any: this evaluation is never loading
  /// because of them, and runs again as each one resolves.
  ///
  /// ```swift
  /// let (user, avatar) = get.waitForNone(Session.user, Session.avatar)
  /// ```
  ///
  /// - Parameter node: The nodes.
  /// - Returns: Their loadables, in order.
  public func waitForNone<each Value>(_ node: repeat Node<each Value>) -> (repeat Loadable<each Value>) {
    (repeat loadable(each node))
  }

  /// The state of every node of a list, without waiting for any.
  ///
  /// ```swift
  /// let thumbnails = get.waitForNone(photos.map(Photo.thumbnail))
  /// ```
  ///
  /// - Parameter nodes: The nodes.
  /// - Returns: Their loadables, in order.
  public func waitForNone<Value>(_ nodes: [Node<Value>]) -> [Loadable<Value>] {
    nodes.map { loadable($0) }
  }

  /// The state of one node without waiting for it (``loadable(_:)`` under Recoil's name).
  ///
  /// ```swift
  /// let recommendations = get.noWait(Catalog.recommendations).value ?? []
  /// ```
  ///
  /// - Parameter node: The node.
  /// - Returns: Its loadable.
  public func noWait<Value>(_ node: Node<Value>) -> Loadable<Value> {
    loadable(node)
  }
}
