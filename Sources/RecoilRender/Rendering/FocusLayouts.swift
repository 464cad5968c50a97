/// How deep an HTML report lays out every node's neighbourhood on its own, for the page's
/// focus (the live page's server lays out any when asked, whatever this says).
///
/// ```swift
/// var options = RenderOptions(format: .html)
/// options.focusLayouts = .throughDepth(2)  // depths 1 and 2 for every node, however long that takes
/// ```
public enum FocusLayouts: Sendable, Equatable {
  /// Depth 1 for every node, and each deeper depth while the layouts it adds (those unlike
  /// any laid out already) hold at most 60,000 nodes together: a report of tens of thousands
  /// of nodes stays quick to make.
  case automatic
  /// Every depth up to this one (1, 2 or 3), for every node.
  case throughDepth(Int)
  /// Every depth the page offers (1, 2, 3 and all), for every node; hubs' (more than 1,000
  /// nodes) as overviews of themselves (see ``Drawing/focusHubsInPlace`` for those no
  /// collapse rule groups).
  case everyDepth

  /// The value of `report --focus-layouts`: `auto`, `1`, `2`, `3` or `all`; `nil` for any other.
  ///
  /// ```swift
  /// FocusLayouts(argument: "2")  // .throughDepth(2)
  /// ```
  public init?(argument: String) {
    switch argument.lowercased() {
    case "auto": self = .automatic
    case "1", "2", "3": self = .throughDepth(Int(argument)!)
    case "all": self = .everyDepth
    default: return nil
    }
  }
}
