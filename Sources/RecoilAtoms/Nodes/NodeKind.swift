/// What kind of node a definition is.
///
/// ```swift
/// if info.kind == .selector { print("derived") }
/// ```
public enum NodeKind: String, Sendable {
  /// A writable root value.
  case atom
  /// A value derived from other nodes.
  case selector
}
