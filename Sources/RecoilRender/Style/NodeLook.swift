import RecoilSnapshot

/// How a node is drawn, decided from its kind, whether it is async, its status and its heat:
/// the one place shapes, outlines and fills are chosen, for the graph and its legend alike.
///
/// ```swift
/// let look = NodeLook(kind: .selector, isAsync: true, status: .loading)
/// look.attributes  // shape ellipse, peripheries 2, style filled,dashed, the loading fill
/// ```
struct NodeLook {
  var shape: String
  var styles = ["filled"]
  var fill: String
  var border: String
  /// Async nodes get a double outline.
  var peripheries: Int?
  var penWidth: String?
  /// Whether labels need light text to stay readable on the fill.
  var needsLightText = false
  /// The classes the page's style reads (a dark theme's fills): the kind, and a status other
  /// than ready.
  var classes: String

  init(kind: SnapshotNodeKind, isAsync: Bool = false, status: SnapshotNodeStatus? = nil, heatFill: String? = nil) {
    classes = kind.rawValue + (status.flatMap { $0 == .ready ? nil : " \($0.rawValue)" } ?? "")
    (shape, fill, border) =
      switch kind {
      case .atom: ("box", Palette.atomFill, Palette.atomBorder)
      case .selector: ("ellipse", Palette.selectorFill, Palette.selectorBorder)
      case .store: ("cylinder", Palette.storeFill, Palette.storeBorder)
      case .slice: ("tab", Palette.sliceFill, Palette.sliceBorder)
      }
    if kind == .atom { styles.append("rounded") }
    if isAsync { peripheries = 2 }
    if let heatFill {
      fill = heatFill
      needsLightText = Palette.needsLightText(on: heatFill)
    }
    // A status outranks heat: a loading or failed node looks loading or failed.
    switch status {
    case .loading:
      styles.append("dashed")
      fill = Palette.loadingFill
      needsLightText = false
    case .error:
      border = Palette.errorBorder
      fill = Palette.errorFill
      needsLightText = false
      penWidth = "2.5"
    case .ready, nil:
      break
    }
  }

  /// A subscription's leaf: a note, dashed once it has ended.
  static func subscriber(isActive: Bool = true) -> NodeLook {
    var look = NodeLook(kind: .atom)
    look.shape = "note"
    look.styles = isActive ? ["filled"] : ["filled", "dashed"]
    look.fill = Palette.subscriberFill
    look.border = Palette.subscriberBorder
    return look
  }

  /// The Graphviz attributes of this look.
  var attributes: [(String, String)] {
    var attributes = [("shape", shape)]
    if let peripheries { attributes.append(("peripheries", "\(peripheries)")) }
    if let penWidth { attributes.append(("penwidth", penWidth)) }
    attributes += [("style", styles.joined(separator: ",")), ("fillcolor", fill), ("color", border)]
    return attributes
  }
}
