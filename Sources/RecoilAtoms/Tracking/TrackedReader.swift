/// Reads nodes for a ``TrackingScope``'s run, noting each one, so that the scope runs again
/// when any of them changes.
///
/// ```swift
/// TrackingScope(container: container) { get in
///   let name = try? get(Session.name)
///   let cart = get.loadable(Cart.lines)
/// }
/// ```
public struct TrackedReader: Sendable {
  let container: AtomContainer
  let reads: ReadSet

  /// A node's value, noting the read.
  ///
  /// ```swift
  /// let total = try get(Cart.total)
  /// ```
  ///
  /// - Parameter node: Any node.
  /// - Returns: Its value.
  /// - Throws: Its error, or `AtomError.loading` while it loads.
  public func callAsFunction<Value>(_ node: Node<Value>) throws -> Value {
    try get(node)
  }

  /// A node's value, noting the read.
  ///
  /// ```swift
  /// let total = try get.get(Cart.total)
  /// ```
  ///
  /// - Parameter node: Any node.
  /// - Returns: Its value.
  /// - Throws: Its error, or `AtomError.loading` while it loads.
  public func get<Value>(_ node: Node<Value>) throws -> Value {
    reads.record(node, in: container)
    return try container.get(node)
  }

  /// A node's state, value, error or loading, noting the read.
  ///
  /// ```swift
  /// if get.loadable(Search.results).isLoading { showSpinner() }
  /// ```
  ///
  /// - Parameter node: Any node.
  /// - Returns: Its loadable.
  public func loadable<Value>(_ node: Node<Value>) -> Loadable<Value> {
    reads.record(node, in: container)
    return container.loadable(node)
  }

  /// A get/set pair for a writable node, noting the read: a text field bound to an atom.
  ///
  /// ```swift
  /// let name = get.binding(Profile.name)
  /// field.text = name.value ?? ""
  /// field.onChange = { name.set($0) }
  /// ```
  ///
  /// - Parameter node: An atom or writable selector.
  /// - Returns: The binding.
  public func binding<Value>(_ node: WritableNode<Value>) -> NodeBinding<Value> {
    reads.record(node, in: container)
    return NodeBinding(node: node, container: container)
  }
}

/// A writable node seen as a value with a setter, like RecoilSwift's `useBinding`.
///
/// ```swift
/// let currency = NodeBinding(node: Settings.currency, container: container)
/// currency.set("USD")
/// ```
public struct NodeBinding<Value: Sendable>: Sendable {
  /// The node.
  public let node: WritableNode<Value>
  let container: AtomContainer

  /// Binds a writable node of a container.
  ///
  /// ```swift
  /// let binding = NodeBinding(node: Profile.name, container: container)
  /// ```
  ///
  /// - Parameters:
  ///   - node: An atom or writable selector.
  ///   - container: Its container.
  public init(node: WritableNode<Value>, container: AtomContainer) {
    self.node = node
    self.container = container
  }

  /// The node's value, or `nil` while it loads or when it failed.
  public var value: Value? { container.loadable(node).value }

  /// Writes the node.
  ///
  /// ```swift
  /// binding.set("Bea")
  /// ```
  ///
  /// - Parameter value: The new value.
  /// - Throws: What a writable selector's setter throws.
  public func set(_ value: Value) throws {
    try container.set(node, value)
  }
}
