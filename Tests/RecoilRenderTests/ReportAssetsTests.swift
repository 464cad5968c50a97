import Foundation
import Testing

@testable import RecoilRender

/// The page is assembled from the files of `Report/Web/` (embedded when the package is built):
/// every module of `report/` and `live/` in its page's script, each whole, the page's own
/// wiring last, and the palette before the style sheet.
@Suite struct ReportAssetsTests {
  static let web = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "../../Sources/RecoilRender/Report/Web").standardized

  static func files(in folder: String) throws -> Set<String> {
    Set(
      try FileManager.default.contentsOfDirectory(atPath: web.appending(path: folder).path).filter {
        $0.hasSuffix(".js")
      })
  }

  @Test func everyModuleIsInItsPageInTheListedOrderAndTheWiringComesLast() throws {
    #expect(Set(ReportAssets.reportModules.map(\.file)) == (try Self.files(in: "report")))
    #expect(Set(ReportAssets.liveModules.map(\.file)) == (try Self.files(in: "live")))
    #expect(ReportAssets.reportModules.last?.file == "report-page.js")
    #expect(ReportAssets.liveModules.last?.file == "live-page.js")
    #expect(ReportScript.source.hasPrefix("'use strict';\n"))
    var rest = Substring(ReportScript.source).dropFirst("'use strict';\n".count)
    for module in ReportAssets.reportModules {
      let text = String(decoding: module.bytes, as: UTF8.self)
      let onDisk = try String(contentsOf: Self.web.appending(path: "report/\(module.file)"), encoding: .utf8)
      #expect(text == onDisk, "\(module.file) is embedded whole")
      #expect(text.hasSuffix("\n"))
      #expect(rest.hasPrefix(text), "\(module.file) is next in the script")
      rest = rest.dropFirst(text.count)
    }
    #expect(rest.isEmpty)
    #expect(ReportStyle.css.hasPrefix(":root {\n  --atom-fill: ") && ReportStyle.css.hasSuffix(ReportAssets.style))
    #expect(ReportAssets.liveScript.contains("recoilReport") && !ReportAssets.liveStyle.isEmpty)
  }

  /// Each module defines one class, and no two the same: the files share one script.
  @Test func eachModuleDefinesOneClassOfItsOwn() throws {
    var names: [String: String] = [:]
    for module in ReportAssets.reportModules + ReportAssets.liveModules {
      let text = String(decoding: module.bytes, as: UTF8.self)
      let defined = text.split(separator: "\n").filter {
        $0.hasPrefix("const ") || $0.hasPrefix("let ") || $0.hasPrefix("function ") || $0.hasPrefix("class ")
      }
      #expect(defined.count == 1 && defined[0].hasPrefix("class "), "\(module.file) defines \(defined)")
      if let line = defined.first {
        let name = String(line.split(separator: " ")[1])
        #expect(names[name] == nil, "\(name) is defined by \(names[name] ?? "") and \(module.file)")
        names[name] = module.file
      }
    }
  }
}
