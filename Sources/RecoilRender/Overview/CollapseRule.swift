/// A structure an overview of a large graph collapses into one drawn node (see
/// ``RenderOptions/collapse``).
///
/// ```swift
/// var options = RenderOptions(format: .svg)
/// options.collapse = [.families, .stores]  // namespaces and levels stay whole
/// ```
public enum CollapseRule: String, Sendable, CaseIterable, Hashable {
  /// Each family's members as one node with their count.
  case families
  /// Each store with its slices and selectors as one node.
  case stores
  /// Each key namespace (`Catalog.*`: the text before the last dot of an id, nesting allowed)
  /// as one module node.
  case modules
  /// What no other rule groups, when there is still too much of it: bands of consecutive
  /// dependency levels (a node's level is the length of the longest chain of dependencies
  /// above it).
  case levels
}
