/// One row of a store's or slice's value as a tree (``SnapshotNode/structure``): a path, and
/// either the type of a part whose parts follow, or a leaf's preview; with how many of its
/// parts the bounds left out.
///
/// Paths are written as an action's changes write them (`lines[1].quantity`,
/// `user.favourites{"A"}`, `checkout.step.address` for the payload of the case `address`), so
/// a change names the rows it changed, and the tree as of any step can be made from the latest
/// one and the changes after that step.
///
/// ```swift
/// let rows = [
///   SnapshotValueRow(path: "settings", type: "Settings"),
///   SnapshotValueRow(path: "settings.currency", value: "\"EUR\""),
/// ]
/// ```
public struct SnapshotValueRow: Sendable, Equatable {
  /// The path of the part.
  public var path: String
  /// The type of a part shown with its parts (the rows after it whose paths continue its
  /// own); `nil` for a leaf.
  public var type: String?
  /// A leaf's preview (redacted like every value); `nil` for a part shown with its parts.
  public var value: String?
  /// How many of its parts the bounds left out (depth, children, rows), shown as "…".
  public var more: Int?

  /// Creates a row.
  ///
  /// ```swift
  /// let leaf = SnapshotValueRow(path: "settings.currency", value: "\"EUR\"")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The part's path.
  ///   - type: The type of a part shown with its parts.
  ///   - value: A leaf's preview.
  ///   - more: How many parts were left out.
  public init(path: String, type: String? = nil, value: String? = nil, more: Int? = nil) {
    self.path = path
    self.type = type
    self.value = value
    self.more = more
  }
}
