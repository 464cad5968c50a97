import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct RendererTests {
  @Test func atomsAndSelectorsHaveDifferentFillsAndShapes() throws {
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions()))
    let atoms = try svg.nodes(ofClass: "atom")
    let selectors = try svg.nodes(ofClass: "selector")
    #expect(atoms.count == 3)
    #expect(selectors.count == 4)
    let atomFills = Set(try atoms.map { try svg.fill(of: $0) })
    let selectorFills = Set(try selectors.map { try svg.fill(of: $0) })
    #expect(atomFills == ["#bcd9ff"])
    #expect(selectorFills == ["#ffd8a8"])
    // Atoms are rounded boxes (paths); selectors ellipses.
    #expect(try atoms.allSatisfy { try !$0.nodes(forXPath: ".//*[local-name()='path']").isEmpty })
    #expect(try selectors.allSatisfy { try !$0.nodes(forXPath: ".//*[local-name()='ellipse']").isEmpty })
  }

  @Test func labelsShowNameTypePreviewAndEvaluations() throws {
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions()))
    let texts = try svg.texts()
    #expect(texts.contains("CartState.total"))
    #expect(texts.contains("Decimal"))
    #expect(texts.contains("= 26.10"))
    #expect(texts.contains("4 evals · 12.0 µs"))
    // Slices drop their store's prefix inside the store cluster, which is labelled with the store.
    #expect(texts.contains("user"))
    #expect(texts.contains("app"))
  }

  @Test func sampledEvaluationsShowAnEstimatedTotal() throws {
    let snapshot = Snapshot(nodes: [
      SnapshotNode(
        id: "sampled", kind: .selector,
        evaluations: SnapshotEvaluations(count: 64, totalNanos: 4_000, maxNanos: 3_000, lastNanos: 1_000, timedCount: 2)
      ),
      SnapshotNode(id: "timed", kind: .selector, evaluations: SnapshotEvaluations(count: 2, totalNanos: 4_000)),
    ])
    let svg = try TestFixtures.SVG(Renderer.render(snapshot, options: RenderOptions()))
    let texts = try svg.texts()
    #expect(texts.contains("64 evals · ≈128.0 µs"))
    #expect(texts.contains("2 evals · 4.0 µs"))
    #expect(try svg.tooltips().contains { $0.contains("evaluations: 64 (2 timed), total ≈128.0 µs") })
  }

  @Test func storesAreClustersHoldingTheirSlicesAndSelectors() throws {
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions()))
    let clusters = try svg.nodes(ofClass: "cluster")
    #expect(clusters.count == 2)  // the store and the legend
    #expect(try svg.nodes(ofClass: "slice").count == 2)
    #expect(try svg.nodes(ofClass: "store").count == 1)
  }

  @Test func aStoreDrivingAnAtomIsADashedEdgeExplainedInTheLegend() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "settings", kind: .store), SnapshotNode(id: "Prices.currency", kind: .atom),
        SnapshotNode(id: "Prices.label", kind: .selector),
      ],
      edges: [
        SnapshotEdge(from: "Prices.currency", to: "Prices.label"),
        SnapshotEdge(from: "settings", to: "Prices.currency", kind: .drives),
      ])
    let svg = try TestFixtures.SVG(Renderer.render(snapshot, options: RenderOptions()))
    let drives = try svg.nodes(ofClass: "drives", includingLegend: true)
    #expect(drives.count == 2)  // the edge, and its sample in the legend
    for group in drives {
      let path = try group.nodes(forXPath: ".//*[local-name()='path']").first as? XMLElement
      #expect(path.flatMap { TestFixtures.SVG.attribute("stroke-dasharray", of: $0) } != nil)
    }
    // The dependency stays solid.
    let dependency = try #require(try svg.nodes(ofClass: "edge").first { $0.xmlString.contains("Prices.label") })
    #expect(!dependency.xmlString.contains("stroke-dasharray"))
    #expect(try svg.texts().contains("atom it drives (dashed)"))
    // Without a drives edge the legend does not mention it.
    let plain = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions()))
    #expect(try plain.nodes(ofClass: "drives").isEmpty)
  }

  @Test func familyMembersAreGroupedUnderTheirFamily() throws {
    let svg = try TestFixtures.SVG(
      Renderer.render(
        TestFixtures.snapshot("format/family.snapshot.json"),
        options: {
          var o = RenderOptions(); o.showsLegend = false; return o
        }()))
    let tooltips = try svg.tooltips()
    #expect(tooltips.contains("family Catalog.product"))
    #expect(tooltips.contains("family Catalog.price"))
    #expect(try svg.nodes(ofClass: "cluster").count == 2)
    #expect(try svg.texts().contains("(2)"))
  }

  @Test func asyncLoadingAndErrorStatesAreVisible() throws {
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/async.snapshot.json"), options: RenderOptions()))
    let texts = try svg.texts()
    #expect(texts.contains("async · [Product]"))
    #expect(texts.contains("loading…"))
    #expect(texts.contains { $0.hasPrefix("error: URLError(.timedOut)") })
    // The full error message is in the tooltip.
    #expect(try svg.tooltips().contains { $0.contains("error: URLError(.timedOut): the request timed out after 10 s") })
  }

  @Test func aValueOfMegabytesIsCutInTheTooltipNotCopiedWhole() throws {
    // Snapshots carry previews, but one written by hand may hold a huge value: the drawing
    // of 2 nodes was 2 MB.
    let huge = String(repeating: "v", count: 1 << 20)
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "a", kind: .atom, value: huge),
        SnapshotNode(id: "b", kind: .selector, status: .error, error: huge),
      ], edges: [])
    let bytes = try Renderer.render(snapshot, options: RenderOptions())
    #expect(bytes.count < 40_000)
    let tooltips = try TestFixtures.SVG(bytes).tooltips()
    let limit = GraphDescription.tooltipTextLimit
    #expect(tooltips.contains { $0.contains("value: " + String(repeating: "v", count: limit - 1) + "…") })
    #expect(tooltips.contains { $0.contains("error: " + String(repeating: "v", count: limit - 1) + "…") })
  }

  @Test func theLegendCanBeTurnedOff() throws {
    let snapshot = try TestFixtures.snapshot("format/async.snapshot.json")
    var options = RenderOptions()
    let legend = try TestFixtures.SVG(Renderer.render(snapshot, options: options)).nodes(ofClass: "legend")
    #expect(legend.count == 9)
    let entries = Set(legend.compactMap { $0.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) })
    for entry in [
      "atom", "selector", "store", "slice", "store box: its slices and selectors", "family box: its members",
    ] {
      #expect(entries.contains { $0.hasSuffix(entry) }, "no legend entry \(entry) in \(entries)")
    }
    // A picture on its own explains no page's marks; a report page's drawing does.
    #expect(legend.allSatisfy { !(($0.attribute(forName: "class")?.stringValue ?? "").contains("mark")) })
    var page = options
    page.forReportPage = true
    let marks = try TestFixtures.SVG(Renderer.render(snapshot, options: page)).nodes(ofClass: "mark")
    #expect(marks.count == 5)
    options.showsLegend = false
    #expect(try TestFixtures.SVG(Renderer.render(snapshot, options: options)).nodes(ofClass: "legend").isEmpty)
  }

  @Test func heatFillsTheSlowestSelectorDarkest() throws {
    var options = RenderOptions()
    options.heat = true
    options.showsLegend = false
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: options))
    let fills = try svg.nodes(ofClass: "selector").compactMap { try svg.fill(of: $0) }
    // CartState.subtotal has the largest total time (48 µs): the last, darkest heat colour.
    #expect(fills.contains(Palette.heat.last!))
    #expect(!fills.contains(Palette.selectorFill))
  }

  @Test func everyLineOfAHotNodeIsReadableOnItsFill() throws {
    var options = RenderOptions()
    options.heat = true
    options.showsLegend = false
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/cart.snapshot.json"), options: options))
    var checked = 0
    for group in try svg.nodes(ofClass: "selector") {
      guard let fill = try svg.fill(of: group), Palette.heat.contains(fill) else { continue }
      let texts = try group.nodes(forXPath: ".//*[local-name()='text']").compactMap { $0 as? XMLElement }
      for text in texts {
        // Graphviz writes black text without a fill attribute.
        let colour = TestFixtures.SVG.attribute("fill", of: text) ?? "#000000"
        let contrast = Self.contrast(colour, fill)
        #expect(contrast >= 4.5, "\(text.stringValue ?? "") is \(colour) on \(fill): contrast \(contrast)")
        checked += 1
      }
    }
    #expect(checked >= 8)
  }

  /// The WCAG contrast ratio of two `#rrggbb` colours.
  static func contrast(_ a: String, _ b: String) -> Double {
    let (x, y) = (Palette.relativeLuminance(a), Palette.relativeLuminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test func aFocusedRenderCountsWhatItDraws() throws {
    let snapshot = try TestFixtures.snapshot("format/cart.snapshot.json")
    var options = RenderOptions()
    options.focus = "CartState.subtotal"
    options.depth = 1
    options.showsLegend = false
    let drawing = try Renderer.draw(snapshot, options: options)
    #expect(drawing.nodeCount < snapshot.nodes.count)
    let svg = try TestFixtures.SVG(drawing.bytes)
    #expect(try svg.nodeTooltips().count == drawing.nodeCount)
  }

  @Test func unconnectedPartsArePackedIntoABlockNotAStrip() throws {
    // Eight separate atom-selector pairs and two stores, as an app written from the README has.
    var snapshot = Snapshot()
    for group in 0..<8 {
      snapshot.nodes.append(SnapshotNode(id: "Group\(group).atom", kind: .atom, valueType: "Int", value: "1"))
      snapshot.nodes.append(SnapshotNode(id: "Group\(group).doubled", kind: .selector, valueType: "Int", value: "2"))
      snapshot.edges.append(SnapshotEdge(from: "Group\(group).atom", to: "Group\(group).doubled"))
    }
    for store in ["app", "cart"] {
      snapshot.nodes.append(SnapshotNode(id: store, kind: .store))
      snapshot.nodes.append(SnapshotNode(id: "\(store).state", kind: .slice, owner: store))
    }
    for fixture in [snapshot, try TestFixtures.snapshot("cart-demo/cart.snapshot.json")] {
      let svg = try TestFixtures.SVG(Renderer.render(fixture, options: RenderOptions()))
      let root = try #require(svg.document.rootElement())
      let width = try #require(TestFixtures.SVG.attribute("width", of: root).flatMap { Double($0.dropLast(2)) })
      let height = try #require(TestFixtures.SVG.attribute("height", of: root).flatMap { Double($0.dropLast(2)) })
      #expect(max(width / height, height / width) <= 3, "\(width) x \(height)")
    }
  }

  @Test func edgesPointFromDependencyToDependent() throws {
    var options = RenderOptions(format: .dot)
    options.showsLegend = false
    let snapshot = Snapshot(
      nodes: [SnapshotNode(id: "a", kind: .atom), SnapshotNode(id: "b", kind: .selector)],
      edges: [SnapshotEdge(from: "a", to: "b")])
    let dot = String(decoding: try Renderer.render(snapshot, options: options), as: UTF8.self)
    #expect(dot.contains("digraph"))
    #expect(dot.contains("n0 -> n1"))
  }

  @Test func hostileTextRendersAsWellFormedSVGShowingTheTextLiterally() throws {
    let snapshot = try TestFixtures.snapshot("format/hostile.snapshot.json")
    let svg = try TestFixtures.SVG(Renderer.render(snapshot, options: RenderOptions()))
    let hostile = snapshot.nodes[0].id
    let tooltips = try svg.tooltips()
    // The tooltip holds the whole text; control characters are shown as control pictures,
    // bidi controls as markers.
    let visible = hostile.unicodeScalars.map { scalar -> String in
      switch scalar.value {
      case 0x0A: "\n"
      case 0x00..<0x20: String(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: "\u{2421}"
      // Bidi controls as markers naming them.
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        "⟨U+\(String(scalar.value, radix: 16, uppercase: true))⟩"
      default: String(scalar)
      }
    }.joined()
    #expect(tooltips.contains { $0.hasPrefix(visible + " (atom)") })
    let texts = try svg.texts()
    #expect(texts.contains("<b>x</b>"))
    #expect(texts.contains("&#128512;"))
    #expect(texts.contains("= &#128512;"))
    #expect(texts.contains("<T & U>"))
    #expect(texts.contains("store<&>"))
    #expect(texts.contains { $0.hasPrefix("quote \" apos ' backslash \\ \\N \\G \\n <script>") })
    // Nothing became markup: no script element, no element from the snapshot's text.
    #expect(try svg.document.nodes(forXPath: "//*[local-name()='script' or local-name()='b']").isEmpty)
  }

  @Test func pngOutputHasTheSignatureAndSaneDimensions() throws {
    let png = try Renderer.render(
      TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions(format: .png))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect((200...10_000).contains(width))
    #expect((100...10_000).contains(height))
  }

  @Test func pdfOutputIsAPDF() throws {
    let pdf = try Renderer.render(
      TestFixtures.snapshot("format/cart.snapshot.json"), options: RenderOptions(format: .pdf))
    #expect(Array(pdf.prefix(5)) == Array("%PDF-".utf8))
  }

  @Test func largeGraphsAreScaledDownNotDrawnHugelyWide() throws {
    var options = RenderOptions()
    options.full = true
    let svg = try TestFixtures.SVG(
      Renderer.render(TestFixtures.snapshot("format/large.snapshot.json"), options: options))
    let root = try #require(svg.document.rootElement())
    let width = Double(TestFixtures.SVG.attribute("width", of: root)?.replacing("pt", with: "") ?? "") ?? .infinity
    let height = Double(TestFixtures.SVG.attribute("height", of: root)?.replacing("pt", with: "") ?? "") ?? .infinity
    #expect(width <= Double(LayoutSettings.maximumSideInches * 72))
    #expect(height <= Double(LayoutSettings.maximumSideInches * 72))
    #expect(try svg.nodes(ofClass: "atom").count == 1200)
  }

  @Test func graphvizWarningsAreReturnedNotPrinted() throws {
    var description = GraphDescription()
    description.nodes = [GraphDescription.Node(name: "n0", attributes: [("shape", "hexagram")], htmlLabel: "x")]
    let (bytes, warnings) = try Renderer.layOut(description, format: .svg) { _ in }
    #expect(!bytes.isEmpty)
    #expect(warnings.contains { $0.contains("hexagram") }, "\(warnings)")
    // The next render starts with no warnings.
    description.nodes[0].attributes = []
    #expect(try Renderer.layOut(description, format: .svg) { _ in }.warnings.isEmpty)
  }

  @Test func graphvizErrorsBecomeRenderErrors() throws {
    var description = GraphDescription()
    description.nodes = [GraphDescription.Node(name: "n0", attributes: [], htmlLabel: "<B>unclosed")]
    #expect {
      _ = try Renderer.layOut(description, format: .svg) { _ in }.bytes
    } throws: { error in
      guard case .graphviz(let message) = error as? RenderError else { return false }
      return message.contains("mismatched tag") && !message.hasPrefix("Error")
    }
  }

  @Test func concurrentRendersAreSerialisedSafely() async throws {
    let snapshot = try TestFixtures.snapshot("format/family.snapshot.json")
    let expected = try Renderer.render(snapshot, options: RenderOptions(format: .dot))
    let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<16 { group.addTask { try Renderer.render(snapshot, options: RenderOptions(format: .dot)) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // cgraph orders subgraphs by the address of their interned name, so the order of output
    // lines may vary between renders; the lines themselves (the layout) may not.
    func lines(_ bytes: [UInt8]) -> [Substring] {
      String(decoding: bytes, as: UTF8.self).split(separator: "\n").sorted()
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { lines($0) == lines(expected) })
  }

  /// A drawing depends on its graph alone: not on what the process laid out before (cgraph
  /// would order clusters by where the heap had put their names).
  @Test func aGraphIsDrawnTheSameWhateverWasDrawnBefore() throws {
    let demo = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    let options = RenderOptions(format: .svg)
    let first = try Renderer.render(demo, options: options)
    for size in [200, 800] {
      _ = try Renderer.render(GeneratedAppGraph.make(nodeCount: size), options: options)
      #expect(try Renderer.render(demo, options: options) == first)
    }
  }
}
