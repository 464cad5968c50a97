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
  static let familyFill = "#f8f9fa"
  static let clusterFill = "#f4fbf5"
  static let edge = "#495057"
  static let mutedText = "#495057"

  /// Heat colours from cool to hot; the hottest is darkest.
  static let heat = ["#fff5eb", "#fee6ce", "#fdd0a2", "#fdae6b", "#fd8d3c", "#f16913", "#d94801", "#a63603", "#7f2704"]

  static func heatColor(fraction: Double) -> String {
    let clamped = min(max(fraction, 0), 1)
    return heat[Int((clamped * Double(heat.count - 1)).rounded())]
  }

  /// Dark heat fills need light text.
  static func heatTextColor(fraction: Double) -> String {
    fraction > 0.6 ? "#ffffff" : "#000000"
  }
}
