import Foundation
import Testing

@testable import RecoilRender

/// The page is assembled from the files of `Report/Web/` (embedded when the package is built):
/// the script's pure parts before the script, the palette before the style sheet, and each
/// file whole.
@Suite struct ReportAssetsTests {
  @Test func thePageHoldsTheCoreBeforeTheScriptAndThePaletteBeforeTheStyle() {
    #expect(ReportAssets.coreScript.hasPrefix("// The report's pure parts"))
    #expect(ReportAssets.coreScript.hasSuffix("\n") && ReportAssets.script.hasSuffix("\n"))
    #expect(
      ReportScript.source.hasPrefix(ReportAssets.coreScript) && ReportScript.source.hasSuffix(ReportAssets.script))
    #expect(ReportStyle.css.hasPrefix(":root {\n  --atom-fill: ") && ReportStyle.css.hasSuffix(ReportAssets.style))
    #expect(ReportAssets.liveScript.contains("recoilReport") && !ReportAssets.liveStyle.isEmpty)
  }
}
