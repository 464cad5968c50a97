import Foundation
import RecoilSnapshot

/// The colours and shapes that tell node kinds and states apart.
enum Palette {
  static let atomFill = "#bcd9ff"
  static let atomBorder = "#1c5fb8"
  static let selectorFill = "#ffd8a8"
  static let selectorBorder = "#c2570c"
  static let storeFill = "#c3f0ca"
  static let storeBorder = "#2b8a3e"
  static let sliceFill = "#e6fcf5"
  static let sliceBorder = "#2b8a3e"
  static let loadingFill = "#f1f3f5"
  static let errorFill = "#ffc9c9"
  static let errorBorder = "#c92a2a"
  /// An error's message on a node's light fill: darker than the border, 4.5:1 even on the
  /// error fill (the border's red reads at 3.8:1 there).
  static let errorText = "#a61e1e"
  static let familyFill = "#f8f9fa"
  static let familyBorder = "#868e96"
  /// An overview's module group (a key namespace).
  static let moduleFill = "#e7f5ff"
  static let moduleBorder = "#1864ab"
  static let addedBorder = "#2b8a3e"
  static let removedBorder = "#c92a2a"
  static let removedFill = "#fff5f5"
  static let changedBorder = "#e67700"
  static let clusterFill = "#f4fbf5"
  static let edge = "#495057"
  /// A store driving an atom (a `drives` edge), drawn dashed.
  static let driveEdge = "#7048e8"
  static let mutedText = "#495057"
  /// A subscription (a view, a scope) drawn as a leaf of its node.
  static let subscriberFill = "#f3d9fa"
  static let subscriberBorder = "#862e9c"

  /// The report page's marks (see ``ReportStyle``): the selected node, what it reads
  /// (upstream), what reads it (downstream), a search's matches, what the chosen entry wrote.
  static let selectedMark = "#1864ab"
  static let upstreamMark = "#7048e8"
  static let downstreamMark = "#0c8599"
  static let matchMark = "#f08c00"
  static let writtenMark = "#d9480f"

  /// Heat colours from cool to hot; the hottest is darkest.
  static let heat = ["#fff5eb", "#fee6ce", "#fdd0a2", "#fdae6b", "#fd8d3c", "#f16913", "#d94801", "#a63603", "#7f2704"]

  /// The largest estimated total evaluation time in `snapshot`: the hottest colour's time.
  static func hottestNanos(in snapshot: Snapshot) -> Int {
    snapshot.nodes.lazy.compactMap { $0.evaluations?.estimatedTotalNanos }.max() ?? 0
  }

  /// A selector's heat fill: its total evaluation time as a fraction of the hottest's. `nil`
  /// for other kinds, or when nothing took any time.
  static func heatFill(for node: SnapshotNode, hottestNanos: Int) -> String? {
    guard node.kind == .selector, hottestNanos > 0 else { return nil }
    return heatColor(fraction: Double(node.evaluations?.estimatedTotalNanos ?? 0) / Double(hottestNanos))
  }

  static func heatColor(fraction: Double) -> String {
    let clamped = min(max(fraction, 0), 1)
    return heat[Int((clamped * Double(heat.count - 1)).rounded())]
  }

  /// Whether white text contrasts better than black with `fill` (`#rrggbb`), by the WCAG
  /// contrast ratio: the text colour follows the fill, whatever the fill is.
  static func needsLightText(on fill: String) -> Bool {
    let luminance = relativeLuminance(fill)
    let withWhite = 1.05 / (luminance + 0.05)
    let withBlack = (luminance + 0.05) / 0.05
    return withWhite > withBlack
  }

  /// WCAG 2 relative luminance of `#rrggbb`, from 0 (black) to 1 (white).
  static func relativeLuminance(_ hex: String) -> Double {
    let digits = hex.dropFirst()
    guard digits.count == 6, let value = Int(digits, radix: 16) else { return 1 }
    func channel(_ shift: Int) -> Double {
      let c = Double((value >> shift) & 0xFF) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
  }
}
