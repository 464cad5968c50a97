import Foundation
import RecoilRender
import RecoilSnapshot
import Testing
import WebDriver

/// The HTML report in headless Chromium, driven over WebDriver as a user would drive it.
@Suite(.serialized) struct ReportPageTests {
  @Test func loadsWithoutConsoleErrorsAndMarksEveryNode() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      #expect(try browser.consoleProblems() == [])
      let ids = try browser.execute(
        "return [...document.querySelectorAll('#graph g.node[data-node-id]')].map(e => e.getAttribute('data-node-id'))")
      #expect(Set(ids as? [String] ?? []) == Set(snapshot.nodes.map(\.id)))
      #expect((ids as? [String])?.count == snapshot.nodes.count)
      let hooks = try browser.execute(
        "return ['search', 'details', 'timeline'].every(id => document.getElementById(id) !== null)")
      #expect(hooks as? Bool == true)
      // No network: nothing but the page itself was loaded.
      let resources = try browser.execute("return performance.getEntriesByType('resource').length")
      #expect(resources as? Int == 0)
    }
  }

  @Test func searchHighlightsMatchesInIdsLabelsAndValues() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.type("eur", into: "#search")
      let expected = snapshot.nodes.filter { node in
        [node.id, node.label ?? "", node.value ?? ""].contains { $0.lowercased().contains("eur") }
      }.map(\.id).sorted()
      #expect(!expected.isEmpty)
      #expect(try browser.nodeIDs(withClass: "match") == expected)
      // Values are searched too: "EUR" occurs only in values in the demo.
      #expect(expected.contains("Pricing.currency"))
      let count = try browser.execute("return document.getElementById('search-count').textContent")
      #expect(count as? String == "\(expected.count) match\(expected.count == 1 ? "" : "es")")
    }
  }

  @Test func enterSelectsTheExactMatchWithWhatIsUpAndDownstream() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      // "Catalog.query" is a substring of no other id, but "Catalog.products" would be an exact
      // match among several matches of "catalog.products": check the exact one wins.
      try browser.type("Catalog.visibleProducts" + WebDriverKey.enter, into: "#search")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.visibleProducts"])
      let upstream = snapshot.dependencies(of: "Catalog.visibleProducts").map(\.id).sorted()
      let downstream = snapshot.dependents(of: "Catalog.visibleProducts").map(\.id).sorted()
      #expect(upstream == ["Catalog.products", "Catalog.query", "Preferences.sortByPrice"])
      #expect(downstream == ["Pricing.displayPrices", "Pricing.overview"])
      #expect(try browser.nodeIDs(withClass: "upstream") == upstream)
      #expect(try browser.nodeIDs(withClass: "downstream") == downstream)
      // The rest is dimmed.
      let opacity = try browser.execute(
        "return getComputedStyle(document.querySelector(arguments[0])).opacity", [node("Pricing.currency")])
      #expect(Double(opacity as? String ?? "1")! < 0.5)
    }
  }

  @Test func enterWithoutAnExactMatchSelectsTheFirstMatch() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.type("instock" + WebDriverKey.enter, into: "#search")
      let first = snapshot.nodes.first { $0.id.lowercased().contains("instock") }!.id
      #expect(try browser.nodeIDs(withClass: "selected") == [first])
    }
  }

  @Test func clickingANodeShowsItsDetailsAndLinksSelectNeighbours() throws {
    let snapshot = try demoSnapshot()
    let displayPrices = snapshot.nodes.first { $0.id == "Pricing.displayPrices" }!
    try withReport(snapshot) { browser in
      try browser.click(node("Pricing.displayPrices"))
      #expect(try browser.nodeIDs(withClass: "selected") == ["Pricing.displayPrices"])
      let text = try browser.detailsText()
      for expected in [
        "Pricing.displayPrices", "selector", displayPrices.valueType!, "ready", "Dependencies (3)", "Dependents (0)",
        "Pricing.currency", "Pricing.rates", "Catalog.visibleProducts",
        DurationText.format(nanos: displayPrices.evaluations!.totalNanos),
        DurationText.format(nanos: displayPrices.evaluations!.maxNanos!),
        "\(displayPrices.evaluations!.count)",
      ] {
        #expect(text.contains(expected), "details should show \(expected): \(text)")
      }
      #expect(text.contains(String(displayPrices.value!.prefix(20))))

      try browser.click("#details a[data-target-id=\"Pricing.currency\"]")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Pricing.currency"])
      #expect(try browser.nodeIDs(withClass: "downstream") == ["Pricing.displayPrices"])
      #expect(try browser.detailsText().contains("\"EUR\""))

      // Escape clears the selection.
      try browser.press(WebDriverKey.escape)
      #expect(try browser.nodeIDs(withClass: "selected") == [])
    }
  }

  @Test func detailsShowErrorsAndTheOwningStore() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.click(node("Catalog.recommendations"))
      let text = try browser.detailsText()
      #expect(text.contains("recommendation service offline (HTTP 503)"))
      #expect(text.contains("async"))
      try browser.click(node("cart.isEmpty"))
      let storeLink = try browser.execute(
        "return document.querySelector('#details a[data-target-id=\"cart\"]') !== null")
      #expect(storeLink as? Bool == true)
    }
  }

  @Test func stepsThroughTheTimelineShowingChangesAndWrites() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      // Nothing chosen yet: → steps to the first entry.
      try browser.click("#timeline-head")
      try browser.press(WebDriverKey.arrowRight)
      let current = "return document.querySelector('#timeline .entry.current').getAttribute('data-seq')"
      #expect(try browser.execute(current) as? String == "1")
      let first = snapshot.actions[0]
      var text = try browser.detailsText()
      #expect(text.contains(first.name))
      for change in first.changes {
        #expect(text.contains(change.path))
        #expect(text.contains(change.after ?? "∅"))
      }
      // signIn changed user.name: the store and its user slice were written.
      #expect(try browser.nodeIDs(withClass: "written") == ["app", "app.user"])

      try browser.press(WebDriverKey.arrowRight + WebDriverKey.arrowRight + WebDriverKey.arrowLeft)
      #expect(try browser.execute(current) as? String == "2")
      text = try browser.detailsText()
      #expect(text.contains(snapshot.actions[1].changes[0].path))

      // Choosing an entry by a click.
      try browser.click("#timeline .entry[data-seq=\"5\"]")
      #expect(try browser.execute(current) as? String == "5")
      #expect(try browser.detailsText().contains(snapshot.actions[4].name))
      #expect(try browser.nodeIDs(withClass: "written").contains(snapshot.actions[4].store))
    }
  }

  @Test func anActionShowsWhatItCausedAndMarksTheAtomsItsSubscribersWrote() throws {
    let snapshot = try demoSnapshot()
    // app #5 sets the currency; a subscriber of the app store copies it into Pricing.currency.
    let position = try #require(snapshot.actions.firstIndex { $0.store == "app" && $0.seq == 5 })
    try withReport(snapshot) { browser in
      // Stepped to with the keyboard: the timeline shows only the rows in view.
      try browser.click("#timeline-head")
      try browser.press(String(repeating: WebDriverKey.arrowRight, count: position + 1))
      let current = "return document.querySelector('#timeline .entry.current').getAttribute('data-seq')"
      #expect(try browser.execute(current) as? String == String(position + 1))
      let text = try browser.detailsText()
      #expect(text.contains("Caused ("))
      #expect(text.contains("notify 2 subscribers of app"))
      #expect(text.contains(#"write Pricing.currency: "EUR" → "USD""#))
      #expect(text.contains("evaluate Pricing.displayPrices"))
      #expect(try browser.nodeIDs(withClass: "written") == ["Pricing.currency", "app", "app.settings"])
    }
  }

  @Test func aSelectedSliceShowsItsValuesAsOfTheChosenStepAndItsHistory() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.click("#timeline .entry[data-seq=\"1\"]")
      try browser.click(node("app.user"))
      var text = try browser.detailsText()
      #expect(text.contains("As of 1. app #1 user(.signIn)"))
      #expect(text.contains("user.signedIn = true"))
      let historyCount = snapshot.actions.filter { action in
        action.store == "app" && action.changes.contains { $0.concerns(path: "user") }
      }.count
      #expect(text.contains("History (\(historyCount))"))
      // A history entry jumps the timeline there.
      try browser.click("#details a[data-step=\"1\"]")
      text = try browser.detailsText()
      #expect(text.contains("2. app #2 user(.toggleFavourite)"))
    }
  }

  /// Choosing an entry rewinds every atom, and every slice whose whole value a change says,
  /// on its element as `data-value` and in the details; with no entry chosen, the latest.
  @Test func choosingAnEntryRewindsAtomsAndSlicesToTheirValuesThen() throws {
    let snapshot = try demoSnapshot()
    let causal = TimelineIndex(snapshot)
    let seqs = snapshot.actions.map { causal.entry(for: $0)?.seq }
    // Independently of the page: an atom's value as of action k is its last write before the
    // next action's entry, else the value before its first write.
    func atomValue(_ id: String, asOf position: Int) -> String? {
      let writes = snapshot.timeline.filter { $0.kind == .write && $0.node == id }.sorted { $0.seq < $1.seq }
      let bound = position + 1 < seqs.count ? (seqs[position + 1] ?? .max) - 1 : .max
      return writes.last { $0.seq <= bound }?.after ?? writes.first?.before
    }
    let currency = try #require(snapshot.nodes.firstIndex { $0.id == "Pricing.currency" })
    let written = snapshot.actions.indices.filter {
      atomValue("Pricing.currency", asOf: $0) != atomValue("Pricing.currency", asOf: 0)
    }
    let changedAt = try #require(written.first)
    try withReport(snapshot) { browser in
      let value = "return document.getElementById('n\(currency)').getAttribute('data-value')"
      #expect(try browser.execute(value) as? String == snapshot.nodes[currency].value)
      try browser.click("#timeline-head")
      var at = -1
      for position in Set([0, max(changedAt - 1, 0), changedAt, snapshot.actions.count - 1]).sorted() {
        // Stepped to with the keyboard, from the entry before.
        try browser.press(String(repeating: WebDriverKey.arrowRight, count: position - at))
        at = position
        let seq = "return document.querySelector('#timeline .entry.current').getAttribute('data-seq')"
        #expect(try browser.execute(seq) as? String == String(position + 1))
        #expect(
          try browser.execute(value) as? String == atomValue("Pricing.currency", asOf: position),
          "as of \(position + 1)")
        // The graph's label shows it too (short values are not cut).
        let label =
          "return [...document.getElementById('n\(currency)').querySelectorAll('text')].map((t) => t.textContent).find((t) => t.startsWith('= '))"
        #expect(try browser.execute(label) as? String == "= " + (atomValue("Pricing.currency", asOf: position) ?? "∅"))
      }
      #expect(atomValue("Pricing.currency", asOf: changedAt - 1) != atomValue("Pricing.currency", asOf: changedAt))
      try browser.click(node("Pricing.currency"))
      let text = try browser.detailsText()
      #expect(text.contains("Value as of \(snapshot.actions.count)."))
    }
  }

  /// A node with a history links its previous and next change from the chosen entry.
  @Test func aNodeLinksItsPreviousAndNextChange() throws {
    let snapshot = try demoSnapshot()
    let causal = TimelineIndex(snapshot)
    let seqs = snapshot.actions.map { causal.entry(for: $0)?.seq ?? .max }
    // The entries in whose span Pricing.currency was written, from the snapshot.
    let writes = snapshot.timeline.filter { $0.kind == .write && $0.node == "Pricing.currency" }.map(\.seq)
    let entries = Array(Set(writes.compactMap { seq in seqs.lastIndex { $0 <= seq } })).sorted()
    let first = try #require(entries.first)
    try withReport(snapshot) { browser in
      try browser.click(node("Pricing.currency"))
      #expect(try browser.detailsText().contains("Changes (\(entries.count))"))
      try browser.click("#details a.entry-link")  // with nothing chosen, the only link is "next change"
      let current = "return document.querySelector('#timeline .entry.current').getAttribute('data-seq')"
      #expect(try browser.execute(current) as? String == String(first + 1))
      try browser.click(node("Pricing.currency"))
      let text = try browser.detailsText()
      #expect(text.contains(entries.count > 1 ? "next change →" : "no later change"))
      // At its first change there is none before it.
      #expect(text.contains("no earlier change"))
    }
  }

  /// Esc lets go of everything; Home and End step to the ends; the address moves the page,
  /// and Back and Forward walk through what was chosen.
  @Test func escapeClearsEverythingAndTheAddressMovesThePage() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      let current = "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') ?? null"
      try browser.click("#timeline .entry[data-seq=\"2\"]")
      try browser.click(node("Pricing.currency"))
      #expect(try browser.execute("return location.hash") as? String == "#seq=2&node=Pricing.currency")
      try browser.press(WebDriverKey.escape)
      #expect(try browser.execute(current) == nil || browser.execute(current) is NSNull)
      #expect(try browser.nodeIDs(withClass: "selected").isEmpty)
      #expect(try browser.nodeIDs(withClass: "written").isEmpty)
      #expect(try browser.detailsText().contains("Click a node or search for one"))
      #expect(try browser.execute("return location.hash") as? String == "")

      try browser.click("#timeline-head")
      try browser.press(WebDriverKey.end)
      #expect(try browser.execute(current) as? String == String(snapshot.actions.count))
      try browser.press(WebDriverKey.home)
      #expect(try browser.execute(current) as? String == "1")

      // The address moves the page.
      try browser.execute("location.hash = '#seq=3&node=app.user'")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '3'")
      #expect(try browser.nodeIDs(withClass: "selected") == ["app.user"])
      // Back and Forward step through what was chosen.
      try browser.click("#timeline .entry[data-seq=\"4\"]")
      try browser.execute("history.back()")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '3'")
      try browser.execute("history.forward()")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '4'")
    }
  }

  /// At a phone's width the details sit below the graph, the toolbar wraps, and nothing is
  /// wider than the window.
  @Test func atAPhonesWidthThePanesStackAndNothingIsCutOff() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot, width: 390, height: 844) { browser in
      try browser.click(node("Pricing.displayPrices"))
      let layout =
        try browser.execute(
          """
          const width = document.documentElement.clientWidth;
          const graph = document.getElementById('graph').getBoundingClientRect();
          const details = document.getElementById('details').getBoundingClientRect();
          const outside = [...document.querySelectorAll('header *, #details *, #timeline-panel *')]
            .filter((element) => { const box = element.getBoundingClientRect();
              return box.width > 0 && (box.right > width + 1 || box.left < -1); })
            .map((element) => element.id || element.className || element.tagName);
          return { width, stacked: details.top >= graph.bottom - 1, scroll: document.documentElement.scrollWidth,
            outside: outside.slice(0, 5) };
          """) as? [String: Any]
      let width = try #require(layout?["width"] as? Int)
      #expect(width <= 390)
      #expect(layout?["stacked"] as? Bool == true)
      #expect((layout?["scroll"] as? Int ?? .max) <= width)
      #expect((layout?["outside"] as? [String]) == [], "cut off: \(String(describing: layout?["outside"]))")
    }
  }

  /// Dark mode follows the system, and every text outside the drawing is at least 4.5:1
  /// against its background in both themes.
  @Test func textContrastIsAtLeastFourAndAHalfInBothThemes() throws {
    let snapshot = try demoSnapshot()
    let contrast = """
      const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
      const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      const ground = (element) => {
        for (let at = element; at; at = at.parentElement) {
          const color = rgb(getComputedStyle(at).backgroundColor);
          if (color.length >= 3 && (color.length < 4 || color[3] > 0)) return color;
        }
        return [255, 255, 255];
      };
      const found = [];
      for (const element of document.querySelectorAll('header *, #details *, #timeline-panel *')) {
        if (![...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
        const box = element.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(ground(element))];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < 4.5) found.push(`${element.tagName}.${element.className} ${ratio.toFixed(2)}`);
      }
      return { found: found.slice(0, 8), dark: matchMedia('(prefers-color-scheme: dark)').matches,
        body: getComputedStyle(document.body).backgroundColor };
      """
    try withReport(snapshot) { browser in
      try browser.click("#timeline .entry[data-seq=\"5\"]")
      try browser.click(node("Pricing.currency"))
      for scheme in ["light", "dark"] {
        try browser.emulateMedia("prefers-color-scheme", scheme)
        let result = try browser.execute(contrast) as? [String: Any]
        #expect(result?["dark"] as? Bool == (scheme == "dark"))
        #expect((result?["found"] as? [String]) == [], "\(scheme): \(String(describing: result?["found"]))")
        #expect((result?["body"] as? String == "rgb(26, 27, 30)") == (scheme == "dark"))
      }
    }
  }

  @Test func pansZoomsAndFits() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      let transform = "return document.getElementById('canvas').style.transform"
      let fitted = try browser.execute(transform) as? String
      try browser.click("#zoom-in")
      let zoomed = try browser.execute(transform) as? String
      #expect(zoomed != fitted)
      #expect(scale(of: zoomed) > scale(of: fitted))
      try browser.click("#zoom-fit")
      #expect(try browser.execute(transform) as? String == fitted)

      try browser.drag(fromX: 40, y: 120, byX: 120, y: 60)
      let panned = try browser.execute(transform) as? String
      #expect(abs(translation(of: panned).x - translation(of: fitted).x - 120) < 0.01)
      #expect(abs(translation(of: panned).y - translation(of: fitted).y - 60) < 0.01)
      // A drag is not a click: nothing got selected.
      #expect(try browser.nodeIDs(withClass: "selected") == [])

      try browser.scrollWheel(atX: 300, y: 300, deltaY: -200)
      #expect(scale(of: try browser.execute(transform) as? String) > scale(of: panned))
      try browser.click("#graph")
      try browser.press("-")
      try browser.press("0")
      #expect(try browser.execute(transform) as? String == fitted)
    }
  }

  @Test func heatToggleAndKindFilter() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      let fill = "return document.querySelector(arguments[0]).querySelector('ellipse').getAttribute('fill')"
      let before = try browser.execute(fill, [node("Pricing.displayPrices")]) as? String
      try browser.click("#heat")
      let hot = try browser.execute(fill, [node("Pricing.displayPrices")]) as? String
      #expect(hot != before)
      #expect(hot == "#7f2704")  // the demo's hottest selector gets the hottest colour
      try browser.click("#heat")
      #expect(try browser.execute(fill, [node("Pricing.displayPrices")]) as? String == before)

      try browser.click("#kinds input[data-kind=\"atom\"]")
      let hidden = try browser.execute(
        "return [...document.querySelectorAll('#graph g.node[data-node-id]')].filter(e => getComputedStyle(e).display === 'none').map(e => e.getAttribute('data-node-id')).sort()"
      )
      #expect(hidden as? [String] == snapshot.nodes.filter { $0.kind == .atom }.map(\.id).sorted())
      let hiddenEdges =
        try browser.execute(
          "return document.querySelectorAll('#graph g.edge.filtered').length") as? Int
      let atoms = Set(snapshot.nodes.filter { $0.kind == .atom }.map(\.id))
      #expect(hiddenEdges == snapshot.edges.filter { atoms.contains($0.from) || atoms.contains($0.to) }.count)
    }
  }

  @Test func startsWithHeatWhenAsked() throws {
    try withReport(try demoSnapshot(), heat: true) { browser in
      let checked = try browser.execute("return document.getElementById('heat').checked")
      #expect(checked as? Bool == true)
      let fill = try browser.execute(
        "return document.querySelector(arguments[0]).querySelector('ellipse').getAttribute('fill')",
        [node("Pricing.displayPrices")])
      #expect(fill as? String == "#7f2704")
    }
  }

  @Test func theAddressKeepsTheChosenEntryAndNodeAndReopensThem() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.click("#timeline .entry[data-seq=\"3\"]")
      try browser.click(node("app.user"))
      let hash = try browser.execute("return location.hash") as? String
      #expect(hash == "#seq=3&node=app.user")
      // Reopened with that address, the page shows the same view.
      try browser.execute("document.documentElement.removeAttribute('data-ready'); location.reload()")
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
      #expect(try browser.nodeIDs(withClass: "selected") == ["app.user"])
      let current =
        try browser.execute(
          "return document.querySelector('#timeline .entry.current').getAttribute('data-seq')") as? String
      #expect(current == "3")
      #expect(try browser.detailsText().contains("As of 3. app #3"))
    }
  }

  @Test func aDifferenceReportSaysHowEachNodeChanged() throws {
    let old = try demoSnapshot()
    var new = old
    new.nodes.removeAll { $0.id == "Catalog.recommendations" }
    new.edges.removeAll { $0.to == "Catalog.recommendations" || $0.from == "Catalog.recommendations" }
    new.nodes.append(SnapshotNode(id: "Pricing.tax", kind: .atom, valueType: "Double", value: "0.2"))
    var options = RenderOptions(format: .html)
    options.title = "difference"
    let page = try Renderer.drawDifference(from: old, to: new, options: options).bytes
    try withPage(page) { browser in
      #expect(try browser.consoleProblems() == [])
      try browser.click(node("Pricing.tax"))
      #expect(try browser.detailsText().contains("difference\nadded"))
      try browser.click(node("Catalog.recommendations"))
      #expect(try browser.detailsText().contains("difference\nremoved"))
      let summary = try browser.execute("return document.getElementById('summary').textContent") as? String
      #expect(summary?.hasPrefix("difference · ") == true)
    }
  }

  private func scale(of transform: String?) -> Double {
    guard let transform, let start = transform.range(of: "scale(") else { return .nan }
    return Double(transform[start.upperBound...].prefix { $0 != ")" }) ?? .nan
  }

  private func translation(of transform: String?) -> (x: Double, y: Double) {
    guard let transform, let start = transform.range(of: "translate(") else { return (.nan, .nan) }
    let parts = transform[start.upperBound...].prefix { $0 != ")" }.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: "")) ?? .nan
    }
    return (parts.first ?? .nan, parts.last ?? .nan)
  }
}
