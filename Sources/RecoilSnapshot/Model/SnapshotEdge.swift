/// An edge of the graph: a dependency (``to`` reads ``from``), or a store driving an atom
/// (``to`` is written by a subscriber of the store ``from``).
///
/// ```swift
/// let edge = SnapshotEdge(from: "cart.items", to: "cart.total")
/// let drive = SnapshotEdge(from: "settings", to: "Pricing.currency", kind: .drives)
/// ```
public struct SnapshotEdge: Sendable, Hashable {
  /// What an edge means.
  public enum Kind: String, Sendable, CaseIterable {
    /// The dependent reads the dependency.
    case dependency
    /// A store's action caused writes to the atom (through a subscriber, say).
    case drives
  }

  /// The id of the dependency, or of the driving store.
  public var from: String
  /// The id of the dependent, or of the driven atom.
  public var to: String
  /// What the edge means.
  public var kind: Kind

  /// Creates an edge.
  ///
  /// ```swift
  /// let edge = SnapshotEdge(from: "a", to: "b")
  /// ```
  ///
  /// - Parameters:
  ///   - from: The id of the dependency or the driving store.
  ///   - to: The id of the dependent or the driven atom.
  ///   - kind: A dependency unless told.
  public init(from: String, to: String, kind: Kind = .dependency) {
    self.from = from
    self.to = to
    self.kind = kind
  }
}
