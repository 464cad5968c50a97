/// An output format for a rendered graph.
///
/// ```swift
/// let format = RenderFormat(fileExtension: "svg")  // .svg
/// ```
public enum RenderFormat: String, Sendable, CaseIterable {
  /// Scalable Vector Graphics, with tooltips.
  case svg
  /// A PNG bitmap.
  case png
  /// A PDF document.
  case pdf
  /// Graphviz's DOT language, laid out (with positions).
  case dot
  /// The interactive report: one self-contained HTML page with the SVG, search, selection,
  /// details and the timeline (`htm` also reads as HTML).
  case html

  /// The format for a file extension, case-insensitively; `gv` means DOT.
  ///
  /// ```swift
  /// RenderFormat(fileExtension: "PNG")  // .png
  /// ```
  ///
  /// - Parameter fileExtension: An extension without the dot.
  public init?(fileExtension: String) {
    let lowered = fileExtension.lowercased()
    if lowered == "gv" {
      self = .dot
    } else if lowered == "htm" {
      self = .html
    } else {
      self.init(rawValue: lowered)
    }
  }
}
