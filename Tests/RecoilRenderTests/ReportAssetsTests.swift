import Foundation
import Testing

@testable import RecoilRender

/// The script and style the report embeds are exactly the files in `Report/Web/`: a change to
/// those files that was not embedded (`Scripts/embed-report-assets`) fails here.
@Suite struct ReportAssetsTests {
  static let web = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Sources/RecoilRender/Report/Web")

  static func file(_ name: String) throws -> String {
    try String(contentsOf: web.appending(path: name), encoding: .utf8)
  }

  @Test func theEmbeddedScriptAndStyleAreTheWebFiles() throws {
    #expect(ReportAssets.coreScript == (try Self.file("report-core.js")))
    #expect(ReportAssets.script == (try Self.file("report.js")))
    #expect(ReportAssets.style == (try Self.file("report.css")))
  }

  @Test func thePageHoldsTheCoreBeforeTheScriptAndThePaletteBeforeTheStyle() {
    #expect(
      ReportScript.source.hasPrefix(ReportAssets.coreScript) && ReportScript.source.hasSuffix(ReportAssets.script))
    #expect(ReportStyle.css.hasPrefix(":root {\n  --atom-fill: ") && ReportStyle.css.hasSuffix(ReportAssets.style))
  }
}
