import Foundation
import RecoilRender
import RecoilSnapshot
import Testing
import WebDriver

/// The page at a phone's width, in dark mode, and the labels that said one thing and meant
/// another (issue 61, points 7, 8 and 9).
@Suite(.serialized) struct ReportPhoneDarkAndLabelsTests {
  /// At 390x844 the page scrolls; a chosen node's or entry's details take half the height or
  /// more; a timeline row's kind and subject are whole.
  @Test func atAPhonesWidthThePageScrollsTheDetailsHaveRoomAndRowsKeepKindAndSubject() throws {
    try withReport(try demoSnapshot(), width: 390, height: 844) { browser in
      try browser.execute("window.recoilReport.select('Pricing.displayPrices')")
      let measured =
        try browser.execute(
          """
          const cut = (element) => element.scrollWidth > element.clientWidth + 1;
          const rows = [...document.querySelectorAll('#timeline .entry')];
          return [document.documentElement.scrollHeight, window.innerHeight,
            document.getElementById('details').getBoundingClientRect().height, rows.length,
            rows.filter((row) => cut(row.querySelector('.kind')) || cut(row.querySelector('.subject'))).map((row) => row.textContent).slice(0, 3)];
          """) as? [Any] ?? []
      let (page, window, details) = (
        measured[0] as? Double ?? 0, measured[1] as? Double ?? 0, measured[2] as? Double ?? 0
      )
      #expect(page > window, "the page scrolls: \(page) in \(window)")
      #expect(details >= window / 2, "the details are \(details) px of \(window)")
      #expect(measured[3] as? Int ?? 0 > 5)
      #expect((measured[4] as? [String]) == [], "rows cut: \(measured[4])")
      // An entry's details too.
      try browser.execute("window.recoilReport.choose(\(try demoSnapshot().timeline[20].seq))")
      #expect(
        (try browser.execute("return document.getElementById('details').getBoundingClientRect().height") as? Double ?? 0)
          >= window / 2)
    }
  }

  /// The page's node labels under 4.5:1 against their fills: `[checked, the graph's ground, found…]`.
  static let contrast = """
    const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const found = [];
    let checked = 0;
    for (const node of document.querySelectorAll('#graph g.node')) {
      const shape = node.querySelector('ellipse, polygon, path');
      if (!shape) continue;
      const fill = luminance(rgb(getComputedStyle(shape).fill));
      for (const text of node.querySelectorAll('text')) {
        const ink = luminance(rgb(getComputedStyle(text).fill));
        const ratio = (Math.max(fill, ink) + 0.05) / (Math.min(fill, ink) + 0.05);
        checked += 1;
        if (ratio < 4.5) found.push(`${node.id} "${text.textContent}" ${ratio.toFixed(2)}`);
      }
    }
    return [checked, getComputedStyle(document.getElementById('graph')).backgroundColor, ...found.slice(0, 6)];
    """

  /// In dark mode the graph's ground and fills follow the theme, and every label is at least
  /// 4.5:1 against the fill it is on.
  @Test func inDarkModeTheGraphIsDarkAndEveryLabelReadsOnItsFill() throws {
    try withReport(try demoSnapshot()) { browser in
      try browser.emulateMedia("prefers-color-scheme", "dark")
      let result = try browser.execute(Self.contrast) as? [Any] ?? []
      #expect(result.first as? Int ?? 0 > 80)
      let ground = result.count > 1 ? result[1] as? String ?? "" : ""
      let channels = ground.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      #expect(channels.prefix(3).allSatisfy { $0 < 60 }, "the graph's ground is \(ground)")
      #expect(result.count == 2, "labels under 4.5:1: \(result.dropFirst(2))")
      // Heat still colours the nodes, over the dark fills.
      try browser.click("#heat")
      let heated =
        try browser.execute(
          "return getComputedStyle(document.querySelector('#graph g.node[data-node-id=\"Pricing.overview\"] ellipse')).fill"
        )
        as? String
      #expect(heated != "rgb(61, 43, 26)", "heat shows in dark mode: \(heated ?? "")")
      // And its labels read on its colours.
      let underHeat = try browser.execute(Self.contrast) as? [Any] ?? []
      #expect(underHeat.count == 2, "labels under 4.5:1 with heat: \(underHeat.dropFirst(2))")
    }
  }

  /// The legend shows every mark the page draws (a written node's dashed border among them);
  /// the details no longer mix subscribers now with subscriptions ever recorded, and with no
  /// entry chosen offer a node's first and latest change rather than a "next" of nothing.
  @Test func theLegendAndTheLabelsSayWhatTheyMean() throws {
    try withReport(try demoSnapshot(), subscribers: true) { browser in
      let legend =
        try browser.execute(
          "return [...document.querySelectorAll('#graph g.node.legend.mark title, #graph g.node.legend.mark text')].map((t) => t.textContent).join(' | ')"
        ) as? String ?? ""
      for words in [
        "selected", "what it reads (upstream)", "what reads it (downstream)", "search match",
        "written by the chosen entry",
      ] {
        #expect(legend.contains(words), "\(words) in \(legend)")
      }
      try browser.execute("window.recoilReport.select('Pricing.overview')")
      let text = try browser.detailsText()
      #expect(text.contains("subscribers now"))
      #expect(text.contains("Subscriptions recorded (2"))
      try browser.execute("window.recoilReport.select('Pricing.currency')")
      let changes = try browser.detailsText()
      #expect(changes.contains("its first change") && changes.contains("its latest change"))
      #expect(!changes.contains("next change"))
    }
  }

  /// In focus, a family member away from its family's box names its family.
  @Test func inFocusAFamilyMemberNamesItsFamily() throws {
    try withReport(try demoSnapshot()) { browser in
      try browser.execute("window.recoilReport.select('Catalog.inStock(\"BT-42\")')")
      try browser.click("#focus")
      try browser.wait(until: "return document.getElementById('graph').classList.contains('focused')")
      let name = "return document.querySelector(arguments[0] + ' text[font-weight=\"bold\"]').textContent"
      // The copy in the neighbourhood laid out on its own (the whole graph's is hidden).
      let copy = node("Catalog.inStock(\"BT-42\")").replacingOccurrences(
        of: "#graph ", with: "#graph svg.neighbourhood ")
      let label = try browser.execute(name, [copy]) as? String ?? ""
      #expect(label.hasPrefix("Catalog.in"), "the member's label reads \(label)")
      // Out of focus, in its family's box, its parameter again.
      try browser.click("#focus")
      let again = try browser.execute(name, [node("Catalog.inStock(\"BT-42\")")]) as? String ?? ""
      #expect(again == "(\"BT-42\")")
    }
  }
}
