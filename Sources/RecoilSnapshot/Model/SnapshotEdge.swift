/// A dependency edge: ``to`` reads ``from``.
///
/// ```swift
/// let edge = SnapshotEdge(from: "cart.items", to: "cart.total")
/// ```
public struct SnapshotEdge: Sendable, Hashable {
  /// The id of the dependency.
  public var from: String
  /// The id of the dependent.
  public var to: String

  /// Creates an edge from a dependency to its dependent.
  ///
  /// ```swift
  /// let edge = SnapshotEdge(from: "a", to: "b")
  /// ```
  ///
  /// - Parameters:
  ///   - from: The id of the dependency.
  ///   - to: The id of the dependent.
  public init(from: String, to: String) {
    self.from = from
    self.to = to
  }
}
