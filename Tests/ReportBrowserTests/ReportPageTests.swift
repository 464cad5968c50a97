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

  @Test func theSelectionMarksUpAndDownstreamToTheChosenDepth() throws {
    let snapshot = try demoSnapshot()
    // One node downstream of it at depth 1, three at depth 2.
    let id = "Catalog.products"
    #expect(snapshot.dependents(of: id, maximumDepth: 1).count < snapshot.dependents(of: id).count)
    try withReport(snapshot) { browser in
      // A small graph marks everything by default.
      #expect(try browser.execute("return document.getElementById('depth').value") as? String == "all")
      try browser.type(id + WebDriverKey.enter, into: "#search")
      #expect(try browser.nodeIDs(withClass: "downstream") == snapshot.dependents(of: id).map(\.id).sorted())
      for depth in [1, 2, 3] {
        try browser.chooseDepth(String(depth))
        #expect(
          try browser.nodeIDs(withClass: "downstream")
            == snapshot.dependents(of: id, maximumDepth: depth).map(\.id).sorted(), "depth \(depth)")
        #expect(
          try browser.nodeIDs(withClass: "upstream")
            == snapshot.dependencies(of: id, maximumDepth: depth).map(\.id).sorted(), "depth \(depth)")
      }
      #expect(try browser.nodeIDs(withClass: "selected") == [id])
      try browser.chooseDepth("all")
      #expect(try browser.nodeIDs(withClass: "downstream") == snapshot.dependents(of: id).map(\.id).sorted())
    }
  }

  @Test func focusShowsOnlyTheNeighbourhoodFittedAndGoesBackToTheWhole() throws {
    let snapshot = try demoSnapshot()
    let id = "Catalog.products"
    try withReport(snapshot) { browser in
      func visibleNodes() throws -> [String] {
        let value = try browser.execute(
          """
          return [...document.querySelectorAll('#graph g.node[data-node-id]')]
            .filter((element) => element.getBoundingClientRect().width > 0)
            .map((element) => element.getAttribute('data-node-id')).sort()
          """)
        return value as? [String] ?? []
      }
      let transform = "return document.getElementById('canvas').style.transform"
      #expect(try browser.execute("return document.getElementById('focus').disabled") as? Bool == true)
      let whole = try visibleNodes()
      #expect(whole.count == snapshot.nodes.count)
      try browser.type(id + WebDriverKey.enter, into: "#search")
      let before = try browser.execute(transform) as? String
      try browser.execute("document.getElementById('focus').click()")
      let neighbourhood =
        ([id] + snapshot.dependencies(of: id).map(\.id) + snapshot.dependents(of: id).map(\.id)).sorted()
      #expect(try visibleNodes() == neighbourhood)
      // Laid out on its own: a drawing of just the neighbourhood stands in for the whole graph.
      let alone = """
        const drawn = document.querySelector('#graph svg.neighbourhood');
        return drawn ? [...drawn.querySelectorAll('g.node[data-node-id]')].map((node) => node.dataset.nodeId).sort() : null
        """
      #expect(try browser.execute(alone) as? [String] == neighbourhood)
      // Fitted: every shown node inside the graph's frame, the view changed.
      let inside =
        try browser.execute(
          """
          const frame = document.getElementById('graph').getBoundingClientRect();
          return [...document.querySelectorAll('#graph g.node.selected, #graph g.node.downstream')].every((element) => {
            const box = element.getBoundingClientRect();
            return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom;
          })
          """) as? Bool
      #expect(inside == true)
      #expect(try browser.execute(transform) as? String != before)
      #expect(try browser.execute("return document.getElementById('focus').textContent") as? String == "whole")
      // A narrower depth narrows the focus.
      try browser.chooseDepth("1")
      let near = ([id] + snapshot.dependents(of: id, maximumDepth: 1).map(\.id)).sorted()
      #expect(try visibleNodes() == near)
      #expect(try browser.execute(alone) as? [String] == near)
      // Back: the whole graph, and the view it had.
      try browser.execute("document.getElementById('focus').click()")
      #expect(try visibleNodes() == whole)
      #expect(try browser.execute(alone) as? [String] == nil)
      #expect(try browser.execute(transform) as? String == before)
      // The key f does the same; Escape clears the selection and the focus with it.
      try browser.execute("document.getElementById('graph').focus()")
      try browser.execute(
        "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true }))")
      #expect(try visibleNodes() == near)
      try browser.execute(
        "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))")
      #expect(try visibleNodes() == whole)
      #expect(try browser.execute("return document.getElementById('focus').disabled") as? Bool == true)
      #expect(try browser.consoleProblems() == [])
    }
  }

  /// Focus draws a neighbourhood from copies of its nodes' drawings as Graphviz made them: what
  /// the page changed on the whole's (heat, marks) does not travel with a copy, and the page
  /// treats the copies as it treats the whole's nodes.
  @Test func focusCopiesEachNodeAsDrawnAndThePageTreatsTheCopiesAsTheWholes() throws {
    let snapshot = try demoSnapshot()
    let id = "Pricing.displayPrices"
    try withReport(snapshot) { browser in
      let fill = "return document.querySelector(arguments[0]).querySelector('ellipse').getAttribute('fill')"
      let drawnFill = try browser.execute(fill, [node(id)]) as? String
      try browser.click("#heat")
      let hot = try browser.execute(fill, [node(id)]) as? String
      #expect(hot != drawnFill)
      try browser.chooseDepth("1")
      try browser.type(id + WebDriverKey.enter, into: "#search")
      try browser.execute("document.getElementById('focus').click()")
      let copy = "#graph svg.neighbourhood g.node[data-node-id=\"\(id)\"]"
      // The copy shows heat as the page shows it; the heat goes with the toggle, back to Graphviz's fill.
      #expect(try browser.execute(fill, [copy]) as? String == hot)
      try browser.click("#heat")
      #expect(try browser.execute(fill, [copy]) as? String == drawnFill)
      try browser.click("#heat")
      // Its classes are Graphviz's and the page's marks now: selected, and the search's match.
      let classes = try browser.execute("return document.querySelector(arguments[0]).getAttribute('class')", [copy])
      #expect((classes as? String)?.split(separator: " ").sorted() == ["match", "node", "selected", "selector"])
      #expect(try browser.execute("return document.querySelector(arguments[0]).tabIndex", [copy]) as? Int == 0)
      // Its edges are drawn from their curves, each with its arrowhead and the edge's title.
      let edges =
        try browser.execute(
          """
          return [...document.querySelectorAll('#graph svg.neighbourhood g.edge')].map((edge) =>
            [edge.querySelector('title').textContent, !!edge.querySelector('path[d^="M"]'), !!edge.querySelector('polygon')])
          """) as? [[Any]] ?? []
      let expected = snapshot.edges.filter { $0.from == id || $0.to == id }.map { "\($0.from) → \($0.to)" }.sorted()
      #expect(edges.compactMap { $0.first as? String }.sorted() == expected)
      #expect(edges.allSatisfy { $0.dropFirst().allSatisfy { $0 as? Bool == true } })
      // Stepping through the timeline writes each value as of the step into the copies.
      let value = "return document.querySelector(arguments[0]).getAttribute('data-value')"
      let latest = try browser.execute(value, [copy]) as? String
      #expect(latest != nil)
      try browser.execute("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))")
      #expect(try browser.execute(value, [copy]) as? String != latest)
      try browser.execute("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))")
      #expect(try browser.execute(value, [copy]) as? String == latest)
      // Selecting a neighbour while focused shows its neighbourhood, laid out on its own too.
      try browser.click("#graph svg.neighbourhood g.node[data-node-id=\"Pricing.currency\"]")
      let shown = try browser.execute(
        "return document.querySelector('#graph svg.neighbourhood').getAttribute('data-node')")
      #expect(shown as? String == "Pricing.currency")
      #expect(try browser.execute("return document.getElementById('graph-note').hidden") as? Bool == true)
      #expect(try browser.consoleProblems() == [])
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
      try browser.clickNode("Pricing.displayPrices")
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

  /// Which views a node reaches: its subscriptions in its details (and, drawn, as leaves);
  /// a notification's details name the ones it reached, with their callbacks' times.
  @Test func aNodesSubscriptionsAndTheOnesANotificationReachedAreShown() throws {
    let snapshot = try demoSnapshot()
    let notification = try #require(
      snapshot.timeline.last { $0.kind == .notification && $0.node == "Pricing.displayPrices" && !$0.reached.isEmpty })
    try withReport(snapshot, subscribers: true) { browser in
      let leaves = try browser.execute("return document.querySelectorAll('#graph g.node.subscriber').length") as? Int
      #expect(leaves == snapshot.subscriptions.count)
      try browser.clickNode("Pricing.overview")
      let text = try browser.detailsText()
      #expect(text.contains("Subscriptions recorded (2"), "\(text)")
      #expect(text.contains("summary bar (4 calls, mean "), "\(text)")
      try browser.execute("window.recoilReport.choose(\(notification.seq)); return 1")
      try browser.wait(until: "return document.getElementById('details').innerText.includes('Reached (1)')")
      #expect(try browser.detailsText().contains("price list · "))
      #expect(try browser.consoleProblems().isEmpty)
    }
  }

  @Test func detailsShowErrorsAndTheOwningStore() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot) { browser in
      try browser.clickNode("Catalog.recommendations")
      let text = try browser.detailsText()
      #expect(text.contains("recommendation service offline (HTTP 503)"))
      #expect(text.contains("async"))
      try browser.clickNode("cart.isEmpty")
      let storeLink = try browser.execute(
        "return document.querySelector('#details a[data-target-id=\"cart\"]') !== null")
      #expect(storeLink as? Bool == true)
    }
  }

  /// The JavaScript that reads the chosen row's timeline number, or null.
  static let current = "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') ?? null"

  /// The demo's causal timeline, in order.
  static func entries(_ snapshot: Snapshot) -> [SnapshotEntry] { TimelineIndex(snapshot).events }

  /// Every kind of entry is a row, numbered as `trace` and `why` number it; stepping with the
  /// keyboard walks them, and an action's details show its changes.
  @Test func stepsThroughEveryKindOfEntryShowingChangesAndWrites() throws {
    let snapshot = try demoSnapshot()
    let events = Self.entries(snapshot)
    // Every kind but `control`: the recorded demo session has nothing changed from the tool
    // (control entries in the report: LivePageControlTests).
    #expect(Set(events.map(\.kind)) == Set(SnapshotEntry.Kind.allCases).subtracting([.control]))
    try withReport(snapshot) { browser in
      #expect(
        try browser.execute("return document.getElementById('timeline-count').textContent") as? String
          == "\(events.count) entries")
      // The rows in view: each with its number and kind, as in the snapshot.
      let rows =
        try browser.execute(
          "return [...document.querySelectorAll('#timeline .entry')].map(e => [e.getAttribute('data-seq'), e.getAttribute('data-kind')])"
        ) as? [[String]] ?? []
      #expect(!rows.isEmpty)
      for row in rows {
        let event = try #require(events.first { String($0.seq) == row[0] })
        #expect(event.kind.rawValue == row[1])
      }
      // Nothing chosen yet: → steps to the first entry, and on one at a time.
      try browser.click("#timeline-head strong")
      try browser.press(WebDriverKey.arrowRight)
      #expect(try browser.execute(Self.current) as? String == String(events[0].seq))
      try browser.press(WebDriverKey.arrowRight + WebDriverKey.arrowRight + WebDriverKey.arrowLeft)
      #expect(try browser.execute(Self.current) as? String == String(events[1].seq))
      #expect(try browser.detailsText().contains("#\(events[1].seq) \(events[1].kind.rawValue)"))

      // The first action, chosen by a click: its changes, and the store and slice it wrote.
      let action = try #require(events.first { $0.kind == .action })
      let recorded = try #require(TimelineIndex(snapshot).action(for: action))
      try browser.chooseEntry(action.seq)
      #expect(try browser.execute(Self.current) as? String == String(action.seq))
      let text = try browser.detailsText()
      #expect(text.contains(recorded.name))
      for change in recorded.changes {
        #expect(text.contains(change.path))
        #expect(text.contains(change.after ?? "∅"))
      }
      // signIn changed user.name: the store and its user slice were written.
      #expect(try browser.nodeIDs(withClass: "written") == ["app", "app.user"])
      // An evaluation marks the selector it evaluated.
      let evaluation = try #require(events.first { $0.kind == .evaluation && $0.seq > action.seq })
      try browser.chooseEntry(evaluation.seq)
      #expect(try browser.nodeIDs(withClass: "written") == [evaluation.node!])
    }
  }

  /// An action's details list what it caused; a link steps to each, and to the cause.
  @Test func anActionShowsWhatItCausedAndEachIsAStep() throws {
    let snapshot = try demoSnapshot()
    let index = TimelineIndex(snapshot)
    // app #5 sets the currency; a subscriber of the app store copies it into Pricing.currency.
    let action = try #require(index.events.first { $0.kind == .action && $0.store == "app" && $0.action == 5 })
    let write = try #require(
      index.events.first { $0.kind == .write && $0.node == "Pricing.currency" && index.root(of: $0).seq == action.seq })
    try withReport(snapshot) { browser in
      try browser.execute("location.hash = '#seq=\(action.seq)'")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(action.seq)'"
      )
      let text = try browser.detailsText()
      #expect(text.contains("Caused ("))
      #expect(text.contains("notification app 2 subscribers"))
      #expect(text.contains(#"#\#(write.seq) write Pricing.currency "EUR" → "USD""#))
      #expect(try browser.nodeIDs(withClass: "written") == ["app", "app.settings"])
      // Its changes as a diff: a row per changed path with before and after, inline and as a
      // tree under the parts that hold it.
      let changes = try #require(index.action(for: action)?.changes)
      let diffRows =
        try browser.execute(
          "return [...document.querySelectorAll('#changes .change')].map(e => [e.getAttribute('data-path'), e.querySelector('.before').textContent, e.querySelector('.after').textContent])"
        ) as? [[String]]
      #expect(diffRows == changes.map { [$0.path, $0.before ?? "∅", $0.after ?? "∅"] })
      let treeRows =
        try browser.execute(
          "return [...document.querySelectorAll('#details .change-tree .state-row')].map(e => e.getAttribute('data-path'))"
        )
        as? [String]
      #expect(treeRows == ["settings", "settings.currency"])
      try browser.execute(
        "document.querySelector('#details ul.caused li.write a[data-step]').click()")
      #expect(try browser.execute(Self.current) as? String == String(write.seq))
      #expect(try browser.nodeIDs(withClass: "written") == ["Pricing.currency"])
      // Its why: the chain from the action to it, each a step.
      let why = try browser.detailsText()
      #expect(why.contains("Why ("))
      #expect(why.contains("#\(action.seq) action app #5 settings(.setCurrency)"))
    }
  }

  /// A selected slice lists its history as `trace --node` does; each entry is a link.
  @Test func aSelectedSliceShowsItsHistory() throws {
    let snapshot = try demoSnapshot()
    let index = TimelineIndex(snapshot)
    let changing = index.events.filter { event in
      index.action(for: event)?.changes.contains { $0.concerns(path: "user") } ?? false
    }
    try withReport(snapshot) { browser in
      try browser.clickNode("app.user")
      var text = try browser.detailsText()
      #expect(text.contains("History (\(changing.count))"))
      // A history entry steps the timeline there.
      try browser.execute(
        "document.querySelector('#details ul.history a[data-step]').click()")
      #expect(try browser.execute(Self.current) as? String == String(changing[0].seq))
      text = try browser.detailsText()
      #expect(text.contains("#\(changing[0].seq) action app #\(changing[0].action!)"))
    }
  }

  /// Choosing an entry rewinds every atom, selector, store and slice whose whole value the
  /// recording says, on its element as `data-value`, in its label and in the details; with no entry
  /// chosen, the latest. Each expectation is computed here from the snapshot, independently
  /// of the page.
  @Test func choosingAnEntryRewindsAtomsSelectorsStoresAndSlicesToTheirValuesThen() throws {
    let snapshot = try demoSnapshot()
    let events = Self.entries(snapshot)
    let index = TimelineIndex(snapshot)
    // An atom as of entry k: its last write at or before k, else the value before its first.
    func atomValue(_ id: String, asOf seq: Int) -> String? {
      let writes = events.filter { $0.kind == .write && $0.node == id }
      return writes.last { $0.seq <= seq }?.after ?? writes.first?.before
    }
    // A selector as of entry k: the value of its last evaluation (or resolution) that
    // produced one at or before k; before its first, nothing if that was its first read.
    func selectorValue(_ id: String, asOf seq: Int) -> String? {
      let produced = events.filter {
        ($0.kind == .evaluation || $0.kind == .resolution) && $0.node == id && $0.value != nil
      }
      return produced.last { $0.seq <= seq }?.value
    }
    // A slice as of entry k: the whole part of the state at its path after the last action
    // at or before k that changed it, else the value before the first.
    func sliceValue(store: String, path: String, asOf seq: Int) -> String? {
      let parts = events.compactMap { event -> (Int, SnapshotChange)? in
        guard event.store == store, let action = index.action(for: event),
          let part = (action.changes + action.slices).first(where: { $0.path == path })
        else { return nil }
        return (event.seq, part)
      }
      return parts.last { $0.0 <= seq }?.1.after ?? parts.first?.1.before
    }
    // A store with slices as of entry k: its type, and each slice's value then under its
    // name (a slice no action changed held its latest value throughout).
    let appSlices = snapshot.nodes.filter { $0.kind == .slice && $0.owner == "app" }
    func storeValue(asOf seq: Int) -> String {
      let parts = appSlices.map { slice in
        "\(slice.label ?? slice.id): \(sliceValue(store: "app", path: slice.statePath ?? "", asOf: seq) ?? slice.value ?? "nil")"
      }
      return "AppState(" + parts.joined(separator: ", ") + ")"
    }
    let app = try #require(snapshot.nodes.firstIndex { $0.id == "app" })
    #expect(appSlices.count >= 2)
    let currency = try #require(snapshot.nodes.firstIndex { $0.id == "Pricing.currency" })
    let prices = try #require(snapshot.nodes.firstIndex { $0.id == "Pricing.displayPrices" })
    let settings = try #require(snapshot.nodes.firstIndex { $0.id == "app.settings" })
    let writes = events.filter { $0.kind == .write && $0.node == "Pricing.currency" }.map(\.seq)
    let evaluations = events.filter { $0.kind == .evaluation && $0.node == "Pricing.displayPrices" && $0.value != nil }
      .map(\.seq)
    #expect(writes.count >= 2 && evaluations.count >= 2)
    let setCurrency = try #require(events.first { $0.kind == .action && $0.store == "app" && $0.action == 5 })
    let steps = Set([
      events[0].seq, writes[0] - 1, writes[0], writes[1], evaluations[1] - 1, evaluations[1], setCurrency.seq - 1,
      setCurrency.seq, events.last!.seq,
    ])
    try withReport(snapshot) { browser in
      func value(_ node: Int) throws -> String? {
        try browser.execute("return document.getElementById('n\(node)').getAttribute('data-value')") as? String
      }
      #expect(try value(currency) == snapshot.nodes[currency].value)
      #expect(try value(prices) == snapshot.nodes[prices].value)
      #expect(try value(app) == snapshot.nodes[app].value)
      #expect(snapshot.nodes[app].value == storeValue(asOf: events.last!.seq))
      for seq in steps.sorted() {
        try browser.execute("location.hash = '#seq=\(seq)'")
        try browser.wait(
          until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seq)'")
        #expect(try value(currency) == atomValue("Pricing.currency", asOf: seq), "atom as of #\(seq)")
        #expect(try value(prices) == selectorValue("Pricing.displayPrices", asOf: seq), "selector as of #\(seq)")
        #expect(
          try value(settings) == sliceValue(store: "app", path: "settings", asOf: seq), "slice as of #\(seq)")
        #expect(try value(app) == storeValue(asOf: seq), "store as of #\(seq)")
        // The graph's label shows it too (short values are not cut).
        let label =
          "return [...document.getElementById('n\(currency)').querySelectorAll('text')].map((t) => t.textContent).find((t) => t.startsWith('= '))"
        #expect(try browser.execute(label) as? String == "= " + (atomValue("Pricing.currency", asOf: seq) ?? "∅"))
      }
      #expect(atomValue("Pricing.currency", asOf: writes[0] - 1) != atomValue("Pricing.currency", asOf: writes[0]))
      #expect(
        sliceValue(store: "app", path: "settings", asOf: setCurrency.seq - 1)
          != sliceValue(store: "app", path: "settings", asOf: setCurrency.seq))
      // The details say one value, as of the chosen entry.
      try browser.clickNode("Pricing.displayPrices")
      let text = try browser.detailsText()
      #expect(text.contains("Value as of #\(events.last!.seq)"))
      #expect(!text.contains("Latest value"))
      // Why it holds that value: the chain `why --at` prints, from its latest evaluation.
      let latest = try #require(index.latest(about: "Pricing.displayPrices", atOrBefore: events.last!.seq))
      let chain = index.chain(to: latest).map { "#\($0.seq) \($0.kind.rawValue)" }
      let shown =
        try browser.execute(
          "return [...document.querySelectorAll('#details ol.why a')].map(a => a.textContent.split(' ').slice(0, 2).join(' '))"
        ) as? [String]
      #expect(shown == chain)
      // Esc: the latest values again.
      try browser.press(WebDriverKey.escape)
      #expect(try value(currency) == snapshot.nodes[currency].value)
    }
  }

  /// A node with a history links its previous and next change from the chosen entry.
  @Test func aNodeLinksItsPreviousAndNextChange() throws {
    let snapshot = try demoSnapshot()
    let writes = Self.entries(snapshot).filter { $0.kind == .write && $0.node == "Pricing.currency" }.map(\.seq)
    try withReport(snapshot) { browser in
      try browser.clickNode("Pricing.currency")
      #expect(try browser.detailsText().contains("Changes (\(writes.count))"))
      // No entry chosen: its first and latest change, no "next" of nothing.
      #expect(try !browser.detailsText().contains("next change"))
      try browser.execute(
        "[...document.querySelectorAll('#details a.entry-link')].find(a => a.textContent === 'its first change').click()"
      )
      #expect(try browser.execute(Self.current) as? String == String(writes[0]))
      try browser.clickNode("Pricing.currency")
      var text = try browser.detailsText()
      #expect(text.contains("next change →"))
      // At its first change there is none before it.
      #expect(text.contains("no earlier change"))
      try browser.execute(
        "[...document.querySelectorAll('#details a.entry-link')].find(a => a.textContent === 'next change →').click()")
      #expect(try browser.execute(Self.current) as? String == String(writes[1]))
      try browser.clickNode("Pricing.currency")
      text = try browser.detailsText()
      #expect(text.contains("← previous change"))
    }
  }

  /// Esc lets go of everything; Home and End step to the ends; the address moves the page,
  /// and Back and Forward walk through what was chosen.
  @Test func escapeClearsEverythingAndTheAddressMovesThePage() throws {
    let snapshot = try demoSnapshot()
    let seqs = Self.entries(snapshot).map(\.seq)
    try withReport(snapshot) { browser in
      try browser.chooseEntry(seqs[1])
      try browser.clickNode("Pricing.currency")
      let chosen = "#seq=\(seqs[1])&node=Pricing.currency"
      #expect(try browser.address(once: chosen) == chosen)
      try browser.press(WebDriverKey.escape)
      #expect(try browser.execute(Self.current) == nil || browser.execute(Self.current) is NSNull)
      #expect(try browser.nodeIDs(withClass: "selected").isEmpty)
      #expect(try browser.nodeIDs(withClass: "written").isEmpty)
      #expect(try browser.detailsText().contains("Click a node or search for one"))
      #expect(try browser.address(once: "") == "")

      try browser.click("#timeline-head strong")
      try browser.press(WebDriverKey.end)
      #expect(try browser.execute(Self.current) as? String == String(seqs.last!))
      try browser.press(WebDriverKey.home)
      #expect(try browser.execute(Self.current) as? String == String(seqs[0]))

      // The address moves the page.
      try browser.execute("location.hash = '#seq=\(seqs[2])&node=app.user'")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seqs[2])'")
      #expect(try browser.nodeIDs(withClass: "selected") == ["app.user"])
      // Back and Forward step through what was chosen.
      try browser.chooseEntry(seqs[3])
      try browser.execute("history.back()")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seqs[2])'")
      try browser.execute("history.forward()")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seqs[3])'")
    }
  }

  /// The filters take the command line's words and keep what `trace` keeps; a bad one says
  /// what is wrong; stepping stays within what is shown.
  @Test func theTimelineFiltersAsTheCommandLineDoes() throws {
    let snapshot = try demoSnapshot()
    let events = Self.entries(snapshot)
    let count = "return document.getElementById('timeline-count').textContent"
    let shownKinds =
      "return [...new Set([...document.querySelectorAll('#timeline .entry')].map(e => e.getAttribute('data-kind')))]"
    try withReport(snapshot) { browser in
      try browser.type("write", into: "#filter-kind")
      let writes = events.filter { $0.kind == .write }
      #expect(try browser.execute(count) as? String == "\(writes.count) of \(events.count) entries")
      #expect(try browser.execute(shownKinds) as? [String] == ["write"])
      // ← → step within what is shown.
      try browser.click("#timeline-head strong")
      try browser.press(WebDriverKey.arrowRight + WebDriverKey.arrowRight)
      #expect(try browser.execute(Self.current) as? String == String(writes[1].seq))

      try browser.execute(
        "const k = document.getElementById('filter-kind'); k.value = ''; k.dispatchEvent(new Event('input'))")
      try browser.type("Pricing.*", into: "#filter-node")
      let pricing = events.filter { ($0.node ?? "").hasPrefix("Pricing.") }
      #expect(try browser.execute(count) as? String == "\(pricing.count) of \(events.count) entries")
      try browser.type(WebDriverKey.backspace + "[", into: "#filter-node")
      #expect(
        try browser.execute("return document.getElementById('filter-node').getAttribute('aria-invalid')") as? String
          == "true")
      #expect(
        try browser.execute("return document.getElementById('filter-error').textContent") as? String
          == "--node Pricing.[: has a [ without its ]")
      try browser.execute(
        "const n = document.getElementById('filter-node'); n.value = ''; n.dispatchEvent(new Event('input'))")

      // Entries that changed nothing hidden: wasted evaluations and actions without changes.
      try browser.click("#filter-changed")
      let changing = events.filter { event in
        if event.kind == .evaluation { return event.changed != false }
        if event.kind == .action { return !(TimelineIndex(snapshot).action(for: event)?.changes.isEmpty ?? true) }
        return true
      }
      #expect(try browser.execute(count) as? String == "\(changing.count) of \(events.count) entries")
      try browser.click("#filter-changed")
      // Only entries touching the selected node.
      try browser.clickNode("Pricing.currency")
      try browser.click("#filter-touching")
      let touching = events.filter { $0.node == "Pricing.currency" }
      #expect(try browser.execute(count) as? String == "\(touching.count) of \(events.count) entries")
      try browser.type("usd", into: "#filter-grep")
      let withUSD = touching.filter {
        [$0.before, $0.after, $0.value].contains { $0?.lowercased().contains("usd") ?? false }
      }
      #expect(try browser.execute(count) as? String == "\(withUSD.count) of \(events.count) entries")
    }
  }

  /// Keyboard only: a node takes focus, Enter selects it, the arrows follow its edges; the
  /// timeline is a list box whose chosen row is `aria-selected`; focus stays where it was
  /// when the details change, and only the change is announced.
  @Test func keyboardOnlySelectionAndAnnouncements() throws {
    let snapshot = try demoSnapshot()
    let prices = try #require(snapshot.nodes.firstIndex { $0.id == "Pricing.displayPrices" })
    try withReport(snapshot) { browser in
      try browser.execute("document.getElementById('n\(prices)').focus()")
      try browser.press(WebDriverKey.enter)
      #expect(try browser.nodeIDs(withClass: "selected") == ["Pricing.displayPrices"])
      try browser.press(WebDriverKey.arrowUp)
      let dependency = try #require(try browser.nodeIDs(withClass: "selected").first)
      #expect(snapshot.dependencies(of: "Pricing.displayPrices").map(\.id).contains(dependency))
      #expect(
        try browser.execute("return document.activeElement.getAttribute('data-node-id')") as? String == dependency)
      #expect(
        try browser.execute("return document.getElementById('announce').textContent") as? String
          == "Selected \(dependency)"
          + (snapshot.nodes.first { $0.id == dependency }?.value.map { ", value \($0)" } ?? ""))
      #expect(
        try browser.execute("return document.getElementById('details').getAttribute('aria-live')") == nil
          || browser.execute("return document.getElementById('details').getAttribute('aria-live')") is NSNull)

      // The timeline: a list box, its chosen row selected for assistive technology.
      #expect(
        try browser.execute("return document.getElementById('timeline').getAttribute('role')") as? String == "listbox")
      try browser.execute("document.getElementById('timeline').focus()")
      try browser.press(WebDriverKey.arrowRight)
      let selectedRows =
        try browser.execute(
          "return [...document.querySelectorAll('#timeline [aria-selected=\"true\"]')].map(e => e.id)") as? [String]
      #expect(selectedRows?.count == 1)
      #expect(
        try browser.execute("return document.getElementById('timeline').getAttribute('aria-activedescendant')")
          as? String == selectedRows?.first)

      // Focus in the details stays there when the details change under it.
      try browser.execute("[...document.querySelectorAll('#details a[data-step]')][0].focus()")
      try browser.press(WebDriverKey.arrowRight)
      #expect(
        try browser.execute("return document.getElementById('details').contains(document.activeElement)") as? Bool
          == true)
    }
  }

  /// The scrubber under the timeline chooses an entry; play steps on through what is shown
  /// and pause stops it. Where the oldest entries were dropped, the head says from which step
  /// values are known.
  @Test func theScrubberAndPlayStepAndTheHeadSaysWhereValuesStart() throws {
    var snapshot = try demoSnapshot()
    let events = Self.entries(snapshot)
    snapshot.dropped = SnapshotDropCounts(timeline: 12)
    try withReport(snapshot) { browser in
      let count = try browser.execute("return document.getElementById('timeline-count').textContent") as? String
      #expect(count == "\(events.count) entries (12 older entries dropped; values known from #\(events[0].seq))")
      try browser.execute(
        "const s = document.getElementById('scrubber'); s.value = '10'; s.dispatchEvent(new Event('input'))")
      #expect(try browser.execute(Self.current) as? String == String(events[10].seq))
      try browser.click("#play")
      try browser.wait(
        until:
          "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(events[12].seq)'")
      try browser.click("#play")
      let paused = try browser.execute(Self.current) as? String
      Thread.sleep(forTimeInterval: 1)
      #expect(try browser.execute(Self.current) as? String == paused)
      #expect(
        try browser.execute("return document.getElementById('play').getAttribute('aria-label')") as? String == "Play")
    }
  }

  /// A selected slice shows its state as a tree as of the chosen entry (`#state`, a row per
  /// path), searchable and foldable; each leaf computed here from the actions' changes.
  @Test func aSlicesStateTreeIsAsOfTheChosenEntry() throws {
    let snapshot = try demoSnapshot()
    let index = TimelineIndex(snapshot)
    let events = Self.entries(snapshot)
    // A path's value as of entry k: its last change at or before k, else its value before the
    // first change.
    func valueOf(_ path: String, asOf seq: Int) -> String? {
      let changes = events.compactMap { event -> (Int, SnapshotChange)? in
        guard let change = index.action(for: event)?.changes.first(where: { $0.path == path }) else { return nil }
        return (event.seq, change)
      }
      return changes.last { $0.0 <= seq }?.1.after ?? changes.first?.1.before
    }
    let currencyChanges = events.filter {
      index.action(for: $0)?.changes.contains { $0.path == "settings.currency" } ?? false
    }
    let placeOrder = try #require(events.first { index.action(for: $0)?.name == "placeOrder" })
    try withReport(snapshot) { browser in
      let leaf = "return document.querySelector(`#state [data-path=\"${arguments[0]}\"] .value`)?.textContent ?? null"
      for seq in [currencyChanges[0].seq - 1, currencyChanges[0].seq, currencyChanges[1].seq, events.last!.seq] {
        try browser.open(seq: seq, node: "app.settings")
        #expect(try browser.detailsText().contains("State as of #\(seq)"))
        #expect(
          try browser.execute(leaf, ["settings.currency"]) as? String == valueOf("settings.currency", asOf: seq),
          "as of #\(seq)")
        #expect(
          try browser.execute(leaf, ["settings.notifications"]) as? String
            == valueOf("settings.notifications", asOf: seq))
      }
      // The cart's lines before the order was placed, and none after.
      let rows = "return [...document.querySelectorAll('#state .state-row')].map(e => e.getAttribute('data-path'))"
      try browser.open(seq: placeOrder.seq - 1, node: "cart.lines")
      let before = try browser.execute(rows) as? [String] ?? []
      #expect(before.contains("lines[0]") && before.contains("lines[1]") && before.contains("lines[1].quantity"))
      #expect(
        try browser.execute(leaf, ["lines[1].quantity"]) as? String
          == valueOf("lines[1].quantity", asOf: placeOrder.seq - 1))
      try browser.open(seq: placeOrder.seq, node: "cart.lines")
      #expect(!(try browser.execute(rows) as? [String] ?? []).contains("lines[0]"))
      // Searchable and foldable.
      try browser.open(seq: placeOrder.seq - 1, node: "cart.lines")
      try browser.type("GL-03", into: "#state-search")
      let found = try browser.execute(rows) as? [String] ?? []
      #expect(found.contains("lines[1].productID") && !found.contains("lines[0].productID"))
      try browser.execute(
        "const f = document.getElementById('state-search'); f.value = ''; f.dispatchEvent(new Event('input'))")
      try browser.execute("document.querySelector('#state [data-fold=\"lines[0]\"]').click()")
      let folded = try browser.execute(rows) as? [String] ?? []
      #expect(
        folded.contains("lines[0]") && !folded.contains("lines[0].quantity") && folded.contains("lines[1].quantity"))
    }
  }

  /// At a phone's width the details sit below the graph, the toolbar wraps, and nothing is
  /// wider than the window.
  @Test func atAPhonesWidthThePanesStackAndNothingIsCutOff() throws {
    let snapshot = try demoSnapshot()
    try withReport(snapshot, width: 390, height: 844) { browser in
      try browser.clickNode("Pricing.displayPrices")
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
      try browser.clickNode("Pricing.currency")
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
      // The page opens readable (see theFirstViewIsReadable); fit shows the whole.
      try browser.click("#zoom-fit")
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

  /// The selectors ranked by total evaluation time, as the heat colours them.
  static func slowestSelectors(_ snapshot: Snapshot) -> [String] {
    snapshot.nodes.filter { $0.kind == .selector && ($0.evaluations?.estimatedTotalNanos ?? 0) > 0 }
      .sorted { $0.evaluations!.estimatedTotalNanos > $1.evaluations!.estimatedTotalNanos }.map(\.id)
  }

  /// Heat colours selectors by total time, the hottest darkest, with a scale in the toolbar
  /// and the slowest listed; a failed node stays red.
  @Test func startsWithHeatWhenAskedWithItsScaleAndTheSlowest() throws {
    let snapshot = try demoSnapshot()
    let slowest = Self.slowestSelectors(snapshot)
    let failed = try #require(snapshot.nodes.first { $0.kind == .selector && $0.error != nil && $0.evaluations != nil })
    var failedFill: String?
    try withReport(snapshot) { browser in
      failedFill =
        try browser.execute(
          "return document.querySelector(arguments[0]).querySelector('ellipse').getAttribute('fill')", [node(failed.id)]
        )
        as? String
    }
    try withReport(snapshot, heat: true) { browser in
      let checked = try browser.execute("return document.getElementById('heat').checked")
      #expect(checked as? Bool == true)
      let fill = "return document.querySelector(arguments[0]).querySelector('ellipse').getAttribute('fill')"
      #expect(try browser.execute(fill, [node(slowest[0])]) as? String == "#7f2704")
      // The failed selector keeps its red, heat or not.
      #expect(try browser.execute(fill, [node(failed.id)]) as? String == failedFill)
      // The scale shows, from 0 to the hottest's time.
      #expect(try browser.execute("return document.getElementById('heat-scale').hidden") as? Bool == false)
      let scale = try browser.execute("return document.getElementById('heat-scale').textContent") as? String
      let hottest = try #require(snapshot.nodes.first { $0.id == slowest[0] }?.evaluations?.estimatedTotalNanos)
      #expect(scale == "0" + DurationText.format(nanos: hottest))
      // The slowest, listed in the details as the page opens, slowest first.
      let listed =
        try browser.execute(
          "return [...document.querySelectorAll('#details ol.slowest a[data-target-id]')].map(a => a.getAttribute('data-target-id'))"
        ) as? [String]
      #expect(listed == Array(slowest.prefix(10)))
    }
  }

  @Test func theAddressKeepsTheChosenEntryAndNodeAndReopensThem() throws {
    let snapshot = try demoSnapshot()
    let seq = Self.entries(snapshot)[2].seq
    try withReport(snapshot) { browser in
      try browser.chooseEntry(seq)
      try browser.clickNode("app.user")
      let hash = try browser.address(once: "#seq=\(seq)&node=app.user")
      #expect(hash == "#seq=\(seq)&node=app.user")
      // Reopened with that address, the page shows the same view.
      try browser.execute("document.documentElement.removeAttribute('data-ready'); location.reload()")
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
      #expect(try browser.nodeIDs(withClass: "selected") == ["app.user"])
      #expect(try browser.execute(Self.current) as? String == String(seq))
    }
  }

  /// A difference report: each node's old → new value and timing with the ratio, every
  /// difference listed, "only what changed", and marks that selection never hides.
  @Test func aDifferenceReportSaysHowEachNodeChangedFromWhatToWhat() throws {
    let old = try demoSnapshot()
    var new = old
    new.nodes.removeAll { $0.id == "Catalog.recommendations" }
    new.edges.removeAll { $0.to == "Catalog.recommendations" || $0.from == "Catalog.recommendations" }
    new.nodes.append(SnapshotNode(id: "Pricing.tax", kind: .atom, valueType: "Double", value: "0.2"))
    let currency = try #require(new.nodes.firstIndex { $0.id == "Pricing.currency" })
    new.nodes[currency].value = "\"GBP\""
    let prices = try #require(new.nodes.firstIndex { $0.id == "Pricing.displayPrices" })
    let oldTimes = try #require(new.nodes[prices].evaluations)
    var slower = oldTimes
    slower.totalNanos *= 3
    slower.maxNanos = slower.maxNanos.map { $0 * 3 }
    new.nodes[prices].evaluations = slower
    var options = RenderOptions(format: .html)
    options.title = "difference"
    let page = try Renderer.drawDifference(from: old, to: new, options: options).bytes
    try withPage(page) { browser in
      #expect(try browser.consoleProblems() == [])
      // Every difference, listed as the page opens.
      let listed =
        try browser.execute(
          "return [...document.querySelectorAll('#changes [data-node]')].map(e => e.getAttribute('data-node')).sort()"
        ) as? [String]
      let difference = GraphDifference(from: old, to: new, slower: 1.5)
      let expected = Set(
        difference.addedNodes.map(\.id) + difference.removedNodes.map(\.id) + difference.changedNodes.map(\.id)
          + difference.values.map(\.id) + difference.timings.map(\.id))
      #expect(listed == expected.sorted())
      #expect(try browser.detailsText().contains("value: \"EUR\" → \"GBP\""))

      try browser.clickNode("Pricing.tax")
      #expect(try browser.detailsText().contains("difference\nadded"))
      try browser.clickNode("Catalog.recommendations")
      #expect(try browser.detailsText().contains("difference\nremoved"))
      try browser.clickNode("Pricing.currency")
      #expect(try browser.detailsText().contains("value: \"EUR\" → \"GBP\""))
      try browser.clickNode("Pricing.displayPrices")
      let text = try browser.detailsText()
      #expect(text.contains("Difference: slower"))
      #expect(text.contains("total \(DurationText.format(nanos: oldTimes.estimatedTotalNanos))"))
      #expect(text.contains("total \(DurationText.format(nanos: slower.estimatedTotalNanos))"))
      #expect(text.contains("(3.0×)"))
      // Selected, Pricing.displayPrices dims what is not its neighbour, but not a marked node.
      let opacity = "return getComputedStyle(document.querySelector(arguments[0])).opacity"
      #expect(try browser.execute(opacity, [node("Pricing.tax")]) as? String == "1")

      // Only what changed: every unmarked node hidden, every marked one shown.
      try browser.click("#only-changed")
      let shown =
        try browser.execute(
          "return [...document.querySelectorAll('#graph g.node[data-node-id]')].filter(e => getComputedStyle(e).display !== 'none').map(e => e.getAttribute('data-node-id')).sort()"
        ) as? [String]
      #expect(shown == expected.sorted())
      let summary = try browser.execute("return document.getElementById('summary').textContent") as? String
      #expect(summary?.hasPrefix("difference · ") == true)
    }
  }

  /// Text from the app shows bidi controls and control characters as markers in the
  /// details, the timeline and the graph's labels, never applied.
  @Test func bidiOverridesAndControlsShowAsMarkers() throws {
    let hostile = "exe.\u{202E}txt\u{7}"
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "Files.name", kind: .atom, valueType: "String", value: "\"\(hostile)\""),
        SnapshotNode(id: "Files.\u{2066}shown", kind: .selector, valueType: "String", value: "\"x\""),
      ],
      edges: [SnapshotEdge(from: "Files.name", to: "Files.\u{2066}shown")],
      timeline: [
        SnapshotEntry(seq: 1, kind: .write, node: "Files.name", before: "\"a\u{202E}b\"", after: "\"\(hostile)\"")
      ])
    try withReport(snapshot) { browser in
      #expect(try browser.consoleProblems() == [])
      try browser.clickNode("Files.name")
      try browser.chooseEntry(1)
      let texts =
        try browser.execute(
          "return [document.getElementById('details').textContent, document.getElementById('timeline').textContent, document.getElementById('graph').textContent]"
        ) as? [String] ?? []
      #expect(texts.count == 3)
      for text in texts {
        #expect(!text.unicodeScalars.contains { [0x202E, 0x2066, 0x07].contains($0.value) }, "\(text)")
      }
      #expect(texts[0].contains("exe.⟨U+202E⟩txt⟨U+0007⟩"))
      #expect(texts[1].contains("a⟨U+202E⟩b"))
      #expect(texts[2].contains("Files.⟨U+2066⟩shown"))
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
