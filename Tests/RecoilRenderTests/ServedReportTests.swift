import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The report `report --serve` serves: the page `report` writes, asking its own server for the
/// neighbourhoods it lacks, and those neighbourhoods, each laid out once when asked for.
struct ServedReportTests {
  /// A page with its nonce made the same, so two pages can be compared.
  static func withoutNonce(_ page: [UInt8]) -> String {
    String(decoding: page, as: UTF8.self).replacing(/nonce-?[=]?"?'?[A-Za-z0-9+\/=_-]{16,}/, with: "nonce")
  }

  @Test func theServedPageIsTheWrittenOneAskingOnlyItsServer() throws {
    for snapshot in [try TestFixtures.snapshot("cart-demo/cart.snapshot.json"), GeneratedAppGraph.make(nodeCount: 800)]
    {
      var options = RenderOptions(format: .html)
      options.title = "served"
      let written = Self.withoutNonce(try Renderer.render(snapshot, options: options))
      let served = try ServedReport(snapshot, options: options)
      let page = Self.withoutNonce(served.page)
      #expect(page != written)
      #expect(
        page
          == written
          .replacing("img-src data:; base-uri", with: "img-src data:; connect-src 'self'; base-uri")
          .replacing("<body>", with: "<body data-layouts=\"server\">"))
      #expect(served.drawing.nodeCount > 0)
    }
  }

  @Test func focusAndExclusionsHoldAndEachNeighbourhoodIsLaidOutOnce() throws {
    let snapshot = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    var options = RenderOptions(format: .svg)
    options.excludes = ["Catalog.*"]
    let served = try ServedReport(snapshot, options: options)
    #expect(String(decoding: served.page, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
    var drawings = served.neighbourhoods()
    let kept = snapshot.nodes.filter { !$0.id.hasPrefix("Catalog.") }
    #expect(kept.count < snapshot.nodes.count)
    #expect(served.drawing.nodeCount == kept.count)
    // Node indexes are the page's, after exclusion.
    let total = try #require(kept.firstIndex { $0.id == "Pricing.displayPrices" })
    let svg = String(decoding: try #require(try drawings.svg(of: total, depth: nil)), as: UTF8.self)
    #expect(svg.contains("id=\"n\(total)\""))
    #expect(svg.contains("Pricing.displayPrices") && !svg.contains("Catalog."))
    #expect(drawings.layouts == 1)
    _ = try drawings.svg(of: total, depth: nil)
    #expect(drawings.layouts == 1)
    _ = try drawings.svg(of: total, depth: 1)
    #expect(drawings.layouts == 2)
    #expect(try drawings.svg(of: kept.count, depth: 1) == nil)
    // The latest drawings are kept, up to a size: the oldest go first, and are laid out again
    // when asked for.
    drawings.keptBytes = 1
    _ = try drawings.svg(of: total, depth: 2)
    #expect(drawings.keptCount == 1 && drawings.layouts == 3)
    _ = try drawings.svg(of: total, depth: 2)
    #expect(drawings.layouts == 3)
    _ = try drawings.svg(of: total, depth: nil)
    #expect(drawings.keptCount == 1 && drawings.layouts == 4)
    // An unknown focus is the command's error, before anything is served.
    options.focus = "Nope"
    #expect(throws: RenderError.unknownFocus("Nope")) { try ServedReport(snapshot, options: options) }
  }
}
