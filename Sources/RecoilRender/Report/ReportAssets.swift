/// The report page's script and style sheet, as written in `Report/Web/`: embedded in the code
/// when the package is built (`resources: [.embedInCode(…)]` in Package.swift), so an edit to
/// those files is in the next build, and the command line stays one binary.
enum ReportAssets {
  /// The pure parts of the report's script (`Web/report-core.js`).
  static let coreScript = text(PackageResources.report_core_js)
  /// The report's script (`Web/report.js`), after ``coreScript`` in the page.
  static let script = text(PackageResources.report_js)
  /// The report's style sheet (`Web/report.css`), after the palette's colours.
  static let style = text(PackageResources.report_css)
  /// The live page's script (`Web/live.js`).
  static let liveScript = text(PackageResources.live_js)
  /// The live page's style sheet (`Web/live.css`).
  static let liveStyle = text(PackageResources.live_css)

  /// A file's bytes as the text they are (UTF-8).
  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
