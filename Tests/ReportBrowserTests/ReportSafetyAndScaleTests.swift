import Foundation
import RecoilSnapshot
import Testing
import WebDriver

/// The report on hostile text and on large inputs, in headless Chromium.
@Suite(.serialized) struct ReportSafetyAndScaleTests {
  static let hostileIDs = [
    "</script><script>window.__pwned = 1</script><!--",
    "\"><img src=x onerror=\"window.__pwned = 2\">",
    "' onmouseover='window.__pwned = 3",
    "&lt;b&gt;entity&amp; &#60;script&#62; &quot;",
    "controls \u{1}\u{7}\u{1B}[31mred\u{7F} c1 \u{85}\u{9B}31m lines \u{2028}\u{2029} \r\n bidi \u{202E}olleh",
    String(repeating: "long", count: 1_248) + "<script>window.__pwned = 4</script>",
    "<!-- comment --> ]]> <![CDATA[ x ]]>",
  ]

  static func hostileSnapshot() -> Snapshot {
    var nodes = hostileIDs.enumerated().map { index, id in
      SnapshotNode(
        id: id, kind: index.isMultiple(of: 2) ? .atom : .selector, label: id, valueType: "<T & U>",
        value: "<svg onload=\"window.__pwned = 5\"></svg> " + id, status: .error,
        error: "</div><script>window.__pwned = 6</script>")
    }
    nodes.append(SnapshotNode(id: "</script>", kind: .store, label: "<b>store</b>", valueType: "State"))
    nodes.append(
      SnapshotNode(id: "</script>.<i>slice</i>", kind: .slice, label: "<i>slice</i>", owner: "</script>", value: "<b>"))
    let edges = (1..<hostileIDs.count).map { SnapshotEdge(from: hostileIDs[$0 - 1], to: hostileIDs[$0]) }
    let actions = [
      SnapshotAction(
        seq: 1, store: "</script>", name: "<img src=x onerror=\"window.__pwned = 7\">", payload: "</script><!--",
        durationNanos: 1_200,
        changes: [
          SnapshotChange(path: "<i>slice</i>", before: "<b>", after: "</textarea><script>window.__pwned = 8</script>")
        ])
    ]
    return Snapshot(nodes: nodes, edges: edges, actions: actions)
  }

  @Test func hostileTextStaysDataEverywhere() throws {
    let snapshot = Self.hostileSnapshot()
    try withReport(snapshot, title: "</title><script>window.__pwned = 9</script>") { browser in
      #expect(try browser.consoleProblems() == [])
      let state =
        try browser.execute(
          """
          return {
            pwned: window.__pwned === undefined ? 'no' : String(window.__pwned),
            scripts: [...document.scripts].filter((script) => script.type !== 'application/json').length,
            images: document.images.length,
            injected: document.querySelectorAll('svg svg, textarea, i, b').length,
            title: document.title
          }
          """) as? [String: Any]
      #expect(state?["pwned"] as? String == "no")
      // The page's one script; the rest is data (`application/json`), read, never run.
      #expect(state?["scripts"] as? Int == 1)
      #expect(state?["images"] as? Int == 0)
      #expect(state?["injected"] as? Int == 0)
      #expect(state?["title"] as? String == "</title><script>window.__pwned = 9</script> · recoil-inspect")

      // Every id reads back exactly from its data-node-id.
      let ids = try browser.execute(
        "return [...document.querySelectorAll('#graph g.node[data-node-id]')].map(e => e.getAttribute('data-node-id'))")
      #expect(Set(ids as? [String] ?? []) == Set(snapshot.nodes.map(\.id)))

      // Selected through the search, each node's details show its id and value as text.
      for id in [Self.hostileIDs[0], Self.hostileIDs[1], Self.hostileIDs[5]] {
        // Typed all but its last character by script (5,000 keystrokes are slow), then as keys.
        try browser.execute("document.getElementById('search').value = arguments[0]", [String(id.dropLast())])
        try browser.type(String(id.last!) + WebDriverKey.enter, into: "#search")
        #expect(try browser.nodeIDs(withClass: "selected") == [id])
        let shown = try browser.execute("return document.querySelector('#details dd').textContent") as? String
        #expect(shown == id)
        let value = try browser.execute("return document.querySelector('#details pre.value').textContent") as? String
        #expect(value == "<svg onload=\"window.__pwned = 5\"></svg> " + id)
        // Focus shows its neighbourhood from a layout the page parses: still only data.
        try browser.execute("document.getElementById('focus').click()")
        let focused =
          try browser.execute(
            """
            const drawn = document.querySelector('#graph svg.neighbourhood');
            return [drawn ? drawn.querySelectorAll('g.node[data-node-id]').length : -1,
              document.querySelectorAll('svg svg:not(.neighbourhood), textarea, i, b').length,
              window.__pwned === undefined ? 'no' : String(window.__pwned)]
            """) as? [Any]
        #expect((focused?[0] as? Int ?? 0) >= 1)
        #expect(focused?[1] as? Int == 0)
        #expect(focused?[2] as? String == "no")
        try browser.execute("document.getElementById('focus').click()")
      }

      try browser.chooseEntry(1)
      let detail =
        try browser.execute("return document.querySelector('#timeline .entry .detail').textContent") as? String
      #expect(detail == snapshot.actions[0].name + " " + snapshot.actions[0].payload!)
      #expect(try browser.detailsText().contains("</textarea><script>window.__pwned = 8</script>"))
      #expect(try browser.nodeIDs(withClass: "written") == ["</script>", "</script>.<i>slice</i>"].sorted())
      let after = try browser.execute("return window.__pwned === undefined") as? Bool
      #expect(after == true)
      #expect(try browser.consoleProblems() == [])
    }
  }

  /// Entries numbered up to `Int.max` (valid in a snapshot, past the 2^53 a script holds
  /// exactly) each show their own number, and no two are taken for one.
  @Test func entryNumbersUpToIntMaxShowExactlyAndApart() throws {
    let first = Int.max - 3
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "Theme.mode", kind: .atom, value: "\"dark\""),
        SnapshotNode(id: "Theme.label", kind: .selector),
      ],
      edges: [SnapshotEdge(from: "Theme.mode", to: "Theme.label")],
      timeline: [
        SnapshotEntry(seq: first, kind: .write, node: "Theme.mode", before: "\"light\"", after: "\"auto\""),
        SnapshotEntry(seq: first + 1, kind: .evaluation, cause: first, node: "Theme.label", changed: true, value: "1"),
        SnapshotEntry(seq: first + 2, kind: .write, node: "Theme.mode", before: "\"auto\"", after: "\"dark\""),
        SnapshotEntry(seq: first + 3, kind: .evaluation, cause: 7, node: "Theme.label", changed: true, value: "2"),
      ])
    var counted = snapshot
    counted.nodes[1].evaluations = SnapshotEvaluations(count: Int.max, totalNanos: 10, timedCount: Int.max - 1)
    counted.nodes[1].subscribers = Int.max
    try withReport(counted) { browser in
      #expect(try browser.consoleProblems() == [])
      // Counts past 2^53 show as the snapshot has them too.
      try browser.type("Theme.label" + WebDriverKey.enter, into: "#search")
      let node = try browser.detailsText()
      #expect(node.contains(String(Int.max)) && node.contains("\(Int.max - 1) timed"))
      let shown = try browser.execute(
        "return [...document.querySelectorAll('#timeline .entry .seq')].map((element) => element.textContent)")
      #expect(shown as? [String] == (0...3).map { String(first + $0) })
      // The number column is as wide as the numbers: none is cut.
      let cut = try browser.execute(
        "return [...document.querySelectorAll('#timeline .entry .seq')].filter((e) => e.scrollWidth > e.clientWidth).length"
      )
      #expect(cut as? Int == 0)
      try browser.chooseEntry(2)
      let details = try browser.detailsText()
      #expect(details.contains("#\(first) write Theme.mode"))
      try browser.chooseEntry(4)
      #expect(try browser.detailsText().contains("#7 (not recorded)"))
    }
  }

  @Test func aThreeThousandNodeReportLoadsAndSearches() throws {
    let snapshot = layeredSnapshot(nodes: 3_000)
    // Drawn whole (--full): the page's own behaviour on thousands of drawn nodes.
    try withReport(snapshot, full: true) { browser in
      #expect(try browser.consoleProblems() == [])
      let count = try browser.execute("return document.querySelectorAll('#graph g.node[data-node-id]').length")
      #expect(count as? Int == 3_000)
      try browser.type("Module14.node2999" + WebDriverKey.enter, into: "#search")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Module14.node2999"])
      // Past the overview threshold the selection marks one step each way by default.
      #expect(try browser.execute("return document.getElementById('depth').value") as? String == "1")
      #expect(
        try browser.nodeIDs(withClass: "upstream")
          == snapshot.dependencies(of: "Module14.node2999", maximumDepth: 1).map(\.id).sorted())
      try browser.chooseDepth("all")
      let upstream = try browser.nodeIDs(withClass: "upstream")
      #expect(upstream == snapshot.dependencies(of: "Module14.node2999").map(\.id).sorted())
      #expect(upstream.count > 100)
    }
  }

  @Test func aMinimapShowsWhereTheViewIsAndARingKeepsTheSelectionFindable() throws {
    let snapshot = layeredSnapshot(nodes: 3_000)
    // Drawn whole (--full): the page's own behaviour on thousands of drawn nodes.
    try withReport(snapshot, full: true) { browser in
      func shown() throws -> [Double] {
        let text = try browser.execute("return document.getElementById('minimap').dataset.view") as? String ?? ""
        return text.split(separator: ",").compactMap { Double($0) }
      }
      func minimapSize() throws -> [Double] {
        try browser.execute(
          "const box = document.getElementById('minimap').getBoundingClientRect(); return [box.width, box.height]")
          as? [Double] ?? []
      }
      // At fit the outline holds the whole graph.
      try browser.execute("document.getElementById('zoom-fit').click()")
      let whole = try minimapSize()
      let atFit = try shown()
      #expect(atFit.count == 4 && whole.count == 2)
      #expect(atFit[2] >= whole[0] * 0.95 || atFit[3] >= whole[1] * 0.95, "\(atFit) in \(whole)")
      // Selected at fit, the node is a speck: the ring sits on it, at its own size.
      try browser.type("Module14.node2999" + WebDriverKey.enter, into: "#search")
      try browser.execute("document.getElementById('zoom-fit').click()")
      let ring =
        try browser.execute(
          """
          const marker = document.getElementById('selection-marker');
          const node = document.querySelector('#graph g.node.selected').getBoundingClientRect();
          const ring = marker.getBoundingClientRect();
          return [marker.hidden ? 1 : 0, ring.width, Math.abs(ring.left + ring.width / 2 - node.left - node.width / 2),
            Math.abs(ring.top + ring.height / 2 - node.top - node.height / 2), node.width]
          """) as? [Double] ?? []
      #expect(ring.count == 5)
      #expect(ring[0] == 0, "the ring is shown while the node is \(ring[4]) px wide")
      #expect(ring[1] >= 28)
      #expect(ring[2] <= 2 && ring[3] <= 2, "the ring is centred on the node: \(ring)")
      // Zoomed in, the outline shrinks; a node large enough to see needs no ring.
      for _ in 0..<6 { try browser.execute("document.getElementById('zoom-in').click()") }
      let zoomed = try shown()
      #expect(zoomed[2] < atFit[2] / 3)
      try browser.execute("document.getElementById('search').value = ''")
      try browser.type("Module0.node0" + WebDriverKey.enter, into: "#search")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Module0.node0"])
      // Zoomed in to it, the node is big enough to see: no ring.
      #expect(try browser.execute("return document.getElementById('selection-marker').hidden") as? Bool == true)
      // A press in the minimap's corner brings that corner of the graph into the middle.
      let before = try shown()
      try browser.execute(
        """
        const minimap = document.getElementById('minimap');
        const box = minimap.getBoundingClientRect();
        const at = { clientX: box.right - 2, clientY: box.bottom - 2, pointerId: 1, bubbles: true };
        minimap.dispatchEvent(new PointerEvent('pointerdown', at));
        minimap.dispatchEvent(new PointerEvent('pointerup', at));
        """)
      let after = try shown()
      #expect(after != before)
      #expect(
        abs(after[0] + after[2] / 2 - (whole[0] - 2)) < 2, "centred on the corner: \(before) -> \(after) in \(whole)")
      #expect(
        abs(after[1] + after[3] / 2 - (whole[1] - 2)) < 2, "centred on the corner: \(before) -> \(after) in \(whole)")
      #expect(try browser.consoleProblems() == [])
    }
  }

  @Test func anEntryWithLongValuesHasAHeadingOfThreeLinesAndShortLinks() throws {
    var snapshot = try demoSnapshot()
    let last = try #require(snapshot.timeline.last?.seq)
    let long = String(repeating: "w", count: 5_000)
    snapshot.timeline += [
      SnapshotEntry(seq: last + 1, kind: .write, node: "Pricing.currency", before: "\"EUR\"", after: long),
      SnapshotEntry(seq: last + 2, kind: .write, cause: last + 1, node: "Pricing.currency", before: long, after: long),
    ]
    try withReport(snapshot) { browser in
      try browser.execute("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))")
      let found =
        try browser.execute(
          """
          const heading = document.querySelector('#details h2');
          const lineHeight = parseFloat(getComputedStyle(heading).lineHeight) || 18;
          const cause = [...document.querySelectorAll('#details a.entry-link')].find((a) => a.title.includes('#\(last + 1)'));
          return [heading.getBoundingClientRect().height / lineHeight, heading.title.length,
            cause ? [...cause.textContent].length : -1, cause ? cause.title.length : -1]
          """) as? [Double] ?? []
      #expect(found.count == 4)
      // Three lines at most, the whole title in its tooltip; the cause's link cut at 240.
      #expect(found[0] <= 3.2, "\(found)")
      #expect(found[1] > 10_000, "\(found)")
      #expect(found[2] == 240 && found[3] > 5_000, "\(found)")
    }
  }

  @Test func aSmallGraphSeenWholeHasNoMinimapOverIt() throws {
    try withReport(layeredSnapshot(nodes: 12)) { browser in
      func hidden() throws -> Bool? {
        try browser.execute("return document.getElementById('minimap').hidden") as? Bool
      }
      // At fit every node is in view and readable enough: the minimap would only cover the graph.
      try browser.execute("document.getElementById('zoom-fit').click()")
      #expect(try hidden() == true)
      // Zoomed in so far that part is out of view, it shows where the view is.
      for _ in 0..<5 { try browser.execute("document.getElementById('zoom-in').click()") }
      #expect(try hidden() == false)
      try browser.execute("document.getElementById('zoom-fit').click()")
      #expect(try hidden() == true)
    }
  }

  @Test func aLongTimelineKeepsOnlyVisibleRowsInTheDocument() throws {
    var snapshot = try demoSnapshot()
    // Actions without a causal timeline: they are the timeline, numbered in order.
    snapshot.timeline = []
    snapshot.actions = (1...100_000).map { seq in
      SnapshotAction(
        seq: seq, store: "app", name: "user(.rename)", payload: "\"name \(seq)\"", durationNanos: 1_000 + seq % 900,
        changes: [SnapshotChange(path: "user.name", before: "\"name \(seq - 1)\"", after: "\"name \(seq)\"")])
    }
    try withReport(snapshot) { browser in
      #expect(try browser.consoleProblems() == [])
      let rows = "return document.querySelectorAll('#timeline .entry').length"
      let visible = try browser.execute(rows) as? Int ?? 0
      #expect(visible > 0 && visible < 100)
      try browser.click("#timeline-head strong")
      // ← with nothing chosen goes to the last entry.
      try browser.press(WebDriverKey.arrowLeft)
      let current = "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq')"
      #expect(try browser.execute(current) as? String == "100000")
      try browser.press(WebDriverKey.arrowLeft)
      #expect(try browser.execute(current) as? String == "99999")
      #expect(try browser.detailsText().contains("\"name 99999\""))
      #expect((try browser.execute(rows) as? Int ?? 0) < 100)
      let label = try browser.execute("return document.getElementById('timeline-count').textContent") as? String
      #expect(label == "100000 entries")
    }
  }

  /// A causal timeline of 100,000 entries: every value rewinds at each step, filters keep
  /// the list virtualized, and stepping goes through what they keep.
  @Test func aHundredThousandEntryTimelineRewindsAndFilters() throws {
    var snapshot = try demoSnapshot()
    let currency = try #require(snapshot.nodes.firstIndex { $0.id == "Pricing.currency" })
    snapshot.actions = []
    snapshot.timeline = (1...100_000).map { seq in
      seq.isMultiple(of: 2)
        ? SnapshotEntry(
          seq: seq, kind: .write, cause: seq - 1, node: "Pricing.currency", before: "\"C\(seq - 2)\"",
          after: "\"C\(seq)\"")
        : SnapshotEntry(
          seq: seq, kind: .evaluation, node: "Pricing.displayPrices", trigger: "dependency Pricing.currency",
          changed: seq % 4 == 1, value: seq % 4 == 1 ? "\"P\(seq)\"" : nil)
    }
    try withReport(snapshot) { browser in
      #expect(try browser.consoleProblems() == [])
      try browser.chooseEntry(50_000)
      let value = "return document.getElementById('n\(currency)').getAttribute('data-value')"
      #expect(try browser.execute(value) as? String == "\"C50000\"")
      try browser.chooseEntry(49_999)
      #expect(try browser.execute(value) as? String == "\"C49998\"")
      try browser.type("write", into: "#filter-kind")
      let label = try browser.execute("return document.getElementById('timeline-count').textContent") as? String
      #expect(label == "50000 of 100000 entries")
      #expect((try browser.execute("return document.querySelectorAll('#timeline .entry').length") as? Int ?? 0) < 100)
      // The chosen evaluation is filtered out: → goes to the next write shown.
      try browser.click("#timeline-head strong")
      try browser.press(WebDriverKey.arrowRight)
      #expect(try browser.execute(Self.current) as? String == "50000")
      #expect(try browser.execute(value) as? String == "\"C50000\"")
    }
  }

  static let current = "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq')"

  /// A layered graph like the R1 benchmark's: half atoms, each selector reading two nodes of
  /// the layers above.
  private func layeredSnapshot(nodes count: Int) -> Snapshot {
    var nodes: [SnapshotNode] = []
    var edges: [SnapshotEdge] = []
    var seed: UInt32 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      return Int(seed % UInt32(bound))
    }
    for index in 0..<count {
      let id = "Module\(index / 200).node\(index)"
      let isAtom = index < 20 || index.isMultiple(of: 2)
      nodes.append(
        SnapshotNode(
          id: id, kind: isAtom ? .atom : .selector, valueType: "Int", value: "\(index)", status: .ready,
          evaluations: isAtom ? nil : SnapshotEvaluations(count: 1 + index % 7, totalNanos: 1_000 * (1 + index % 500))))
      if !isAtom {
        let layer = index / 20
        let low = max(0, layer - 3) * 20
        let first = low + next(layer * 20 - low)
        var second = low + next(layer * 20 - low)
        if second == first { second = (first + 1 - low) % (layer * 20 - low) + low }
        edges.append(SnapshotEdge(from: nodes[first].id, to: id))
        edges.append(SnapshotEdge(from: nodes[second].id, to: id))
      }
    }
    return Snapshot(nodes: nodes, edges: edges)
  }
}
