import Foundation
import RecoilRender
import RecoilSnapshot
import Testing
import WebDriver

/// The report of a graph past the overview threshold: groups drawn closed, opened in place by a
/// click (their insides laid out by Graphviz when the report was made) and closed by their
/// title bar, and search reaching nodes inside closed groups.
@Suite(.serialized) struct ReportOverviewTests {
  /// 1,500 nodes: two families of 600 (`Catalog.item(i)` atoms, `Catalog.price(i)` selectors
  /// reading them), a `Cart.*` module of 100 selectors reading prices, and a store with slices.
  static func shopSnapshot() -> Snapshot {
    var nodes = [SnapshotNode(id: "app", kind: .store, value: "{}")]
    var edges: [SnapshotEdge] = []
    for index in 0..<4 { nodes.append(SnapshotNode(id: "app.slice\(index)", kind: .slice, owner: "app")) }
    for index in 0..<600 {
      nodes.append(
        SnapshotNode(
          id: "Catalog.item(\(index))", kind: .atom, family: "Catalog.item", parameter: "\(index)",
          value: "\(index)"))
      nodes.append(
        SnapshotNode(
          id: "Catalog.price(\(index))", kind: .selector, family: "Catalog.price", parameter: "\(index)",
          value: "\(index * 2)"))
      edges.append(SnapshotEdge(from: "Catalog.item(\(index))", to: "Catalog.price(\(index))"))
    }
    for index in 0..<100 {
      nodes.append(SnapshotNode(id: "Cart.line\(index)", kind: .selector))
      edges.append(SnapshotEdge(from: "Catalog.price(\(index * 6))", to: "Cart.line\(index)"))
    }
    return Snapshot(nodes: nodes, edges: edges)
  }

  /// The key of the group titled `title` (its node is `#g<key>`).
  static func groupKey(_ title: String, in browser: BrowserSession) throws -> Int {
    let key = try browser.execute(
      """
      const data = JSON.parse(document.getElementById('report-data').textContent);
      return data.overview.groups.find((group) => group.title === arguments[0]).key
      """, [title])
    return try #require(key as? Int, "no group titled \(title)")
  }

  static let drawnNodes = "return document.querySelectorAll('#graph g.node[data-node-id]').length"
  static let openLayers = "return [...document.querySelectorAll('#graph g.inside')].map((layer) => layer.dataset.group)"

  @Test func aGroupOpensInPlaceAndClosesAgain() throws {
    try withReport(Self.shopSnapshot()) { browser in
      #expect(try browser.consoleProblems() == [])
      // The overview: a few drawn nodes and groups, not 1,500 nodes.
      let atStart = try #require(try browser.execute(Self.drawnNodes) as? Int)
      #expect(atStart < 100)
      #expect(try browser.execute("return document.querySelectorAll('#graph g.node.group').length") as? Int ?? 0 >= 3)
      let family = try Self.groupKey("family Catalog.item", in: browser)
      try browser.clickInGraph("#g\(family)")
      #expect(try browser.execute(Self.openLayers) as? [String] == ["\(family)"])
      // In place: the inside is centred where the group was (which it covers).
      let before =
        try browser.execute("return document.getElementById('g\(family)').getBoundingClientRect().toJSON()")
        as? [String: Double] ?? [:]
      let inside =
        try browser.execute(
          "return document.querySelector('#graph g.inside[data-group=\"\(family)\"]').getBoundingClientRect().toJSON()")
        as? [String: Double] ?? [:]
      let (groupX, insideX) = (
        (before["x"] ?? 0) + (before["width"] ?? 0) / 2, (inside["x"] ?? 0) + (inside["width"] ?? 0) / 2
      )
      #expect(abs(groupX - insideX) < 2, "group centred at \(groupX), its inside at \(insideX)")
      // 600 members are more than a page's worth: the inside holds runs of them, closed.
      let runs =
        try browser.execute(
          """
          return [...document.querySelectorAll('#graph g.inside[data-group="\(family)"] g.node.group')]
            .map((group) => group.querySelector('text').textContent)
          """) as? [String] ?? []
      #expect(runs.count == 10, "\(runs)")
      #expect(runs.first == "Catalog.item(0) … Catalog.item(59)")
      // A run opens inside it: its members are drawn, as nodes the page knows.
      let run = try Self.groupKey("Catalog.item(60) … Catalog.item(119)", in: browser)
      try browser.clickInGraph("#g\(run)")
      #expect(try browser.execute(Self.openLayers) as? [String] == ["\(family)", "\(run)"])
      #expect(try browser.execute(Self.drawnNodes) as? Int == atStart + 60)
      try browser.clickNode("Catalog.item(61)")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.item(61)"])
      #expect(try browser.detailsText().contains("Catalog.price(61)"))
      // A title bar closes its inside; closing the family closes what is open inside it too.
      try browser.clickInGraph("#graph g.inside-title[data-group=\"\(run)\"]")
      #expect(try browser.execute(Self.openLayers) as? [String] == ["\(family)"])
      try browser.clickInGraph("#g\(run)")
      #expect(try browser.execute(Self.openLayers) as? [String] == ["\(family)", "\(run)"])
      try browser.clickInGraph("#graph g.inside-title[data-group=\"\(family)\"]")
      #expect(try browser.execute(Self.openLayers) as? [String] == [])
      #expect(try browser.execute(Self.drawnNodes) as? Int == atStart)
      // The selection, now inside a closed group, marks the group that holds it.
      #expect(
        try browser.execute("return document.getElementById('g\(family)').classList.contains('selected')") as? Bool
          == true)
      #expect(try browser.consoleProblems() == [])
    }
  }

  @Test func searchFindsNodesInsideClosedGroupsAndOpensWhatShowsThem() throws {
    try withReport(Self.shopSnapshot()) { browser in
      try browser.type("Catalog.item(437)", into: "#search")
      let count = try browser.execute("return document.getElementById('search-count').textContent") as? String
      #expect(count == "1 match (1 in closed groups)")
      let family = try Self.groupKey("family Catalog.item", in: browser)
      #expect(
        try browser.execute("return document.getElementById('g\(family)').classList.contains('match')") as? Bool == true
      )
      try browser.type(WebDriverKey.enter, into: "#search")
      // The family and the run holding the node opened; the node is selected and in view.
      let run = try Self.groupKey("Catalog.item(420) … Catalog.item(479)", in: browser)
      #expect(try browser.execute(Self.openLayers) as? [String] == ["\(family)", "\(run)"])
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.item(437)"])
      #expect(try browser.nodeIDs(withClass: "match") == ["Catalog.item(437)"])
      let inView =
        try browser.execute(
          """
          const node = document.querySelector('#graph g.node.selected').getBoundingClientRect();
          const frame = document.getElementById('graph').getBoundingClientRect();
          return node.left >= frame.left && node.right <= frame.right && node.top >= frame.top && node.bottom <= frame.bottom
          """) as? Bool
      #expect(inView == true)
      // What it marks downstream, Catalog.price(437), is in a closed family: the family is marked.
      let prices = try Self.groupKey("family Catalog.price", in: browser)
      #expect(
        try browser.execute("return document.getElementById('g\(prices)').classList.contains('downstream')") as? Bool
          == true)
      // A link in the details opens what holds the linked node.
      try browser.click("#details a.node-link")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.price(437)"])
      #expect(
        try browser.execute(Self.openLayers) as? [String] ?? [] == ["\(family)", "\(run)"]
          + (try openedFor(prices, browser)))
      // Focus shows a node's neighbourhood laid out on its own; a search while focused, for a
      // node inside closed groups, shows that node's.
      try browser.execute("document.getElementById('search').value = ''")
      try browser.type("Catalog.item(5)" + WebDriverKey.enter, into: "#search")
      try browser.execute("document.getElementById('focus').click()")
      let alone =
        "const drawn = document.querySelector('#graph svg.neighbourhood'); return drawn ? [...drawn.querySelectorAll('g.node[data-node-id]')].map((node) => node.dataset.nodeId).sort() : null"
      #expect(try browser.execute(alone) as? [String] == ["Catalog.item(5)", "Catalog.price(5)"])
      try browser.execute("document.getElementById('search').value = ''")
      try browser.type("Catalog.item(590)" + WebDriverKey.enter, into: "#search")
      #expect(try browser.execute(alone) as? [String] == ["Catalog.item(590)", "Catalog.price(590)"])
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.item(590)"])
      let shown = try browser.execute(
        "const node = document.querySelector('#graph g.node.selected[data-node-id]'); return node.getBoundingClientRect().width > 0"
      )
      #expect(shown as? Bool == true)
      #expect(try browser.consoleProblems() == [])
    }
  }

  /// In a large report every node's neighbourhood is laid out on its own, its nodes drawn
  /// from wherever the page holds their drawings (inside closed groups here), placed by
  /// Graphviz: apart from each other, each dependency above what depends on it.
  @Test func focusLaysOutANeighbourhoodAcrossClosedGroupsOnItsOwn() throws {
    try withReport(Self.shopSnapshot()) { browser in
      try browser.type("Catalog.price(12)" + WebDriverKey.enter, into: "#search")
      let opened = try browser.execute(Self.openLayers) as? [String]
      try browser.execute("document.getElementById('focus').click()")
      let boxes =
        try browser.execute(
          """
          const drawn = document.querySelector('#graph svg.neighbourhood');
          return Object.fromEntries([...drawn.querySelectorAll('g.node[data-node-id]')]
            .map((node) => [node.dataset.nodeId, node.getBoundingClientRect().toJSON()]))
          """) as? [String: [String: Double]] ?? [:]
      #expect(boxes.keys.sorted() == ["Cart.line2", "Catalog.item(12)", "Catalog.price(12)"])
      let (item, price, line) = (
        boxes["Catalog.item(12)"] ?? [:], boxes["Catalog.price(12)"] ?? [:], boxes["Cart.line2"] ?? [:]
      )
      #expect((item["bottom"] ?? 0) < (price["top"] ?? 0) && (price["bottom"] ?? 0) < (line["top"] ?? 0))
      #expect([item, price, line].allSatisfy { ($0["width"] ?? 0) > 20 && ($0["height"] ?? 0) > 10 })
      // The copies are the page's nodes while focus shows them: a click selects one.
      try browser.click("#graph svg.neighbourhood g.node[data-node-id=\"Catalog.item(12)\"]")
      #expect(try browser.nodeIDs(withClass: "selected") == ["Catalog.item(12)"])
      #expect(
        try browser.execute("return document.querySelector('#graph svg.neighbourhood').getAttribute('data-node')")
          as? String == "Catalog.item(12)")
      // Back to the whole: the groups as they were.
      try browser.execute("document.getElementById('focus').click()")
      #expect(try browser.execute("return document.querySelector('#graph svg.neighbourhood')") == nil)
      #expect(try browser.execute(Self.openLayers) as? [String] == opened)
      #expect(try browser.consoleProblems() == [])
    }
  }

  /// A depth the report lays out only on smaller graphs is focused in the whole graph's places,
  /// and the page says why; a hub's neighbourhood, more than a plan holds, is drawn as an
  /// overview of itself.
  @Test func focusSaysWhyADepthKeepsTheWholeGraphsPlacesAndDrawsAHubsAsAnOverview() throws {
    let chain = ["Audit.source", "Audit.filtered", "Audit.summary", "Audit.badge"]
    // At a phone's width, where the note takes three lines.
    try withReport(Self.themeSnapshot(), width: 390, height: 800) { browser in
      let note = "const note = document.getElementById('graph-note'); return note.hidden ? null : note.textContent"
      let drawn = "return !!document.querySelector('#graph svg.neighbourhood')"
      try browser.type("View.row(5)" + WebDriverKey.enter, into: "#search")
      try browser.execute("document.getElementById('focus').click()")
      #expect(try browser.execute(drawn) as? Bool == true)
      #expect(try browser.execute(note) == nil)
      try browser.chooseDepth("2")
      #expect(try browser.execute(drawn) as? Bool == false)
      let deeper = try browser.execute(note) as? String
      #expect(
        deeper?.contains(
          "this report has no layouts at depth 2 (`recoil-inspect report --focus-layouts 2` makes them; "
            + "`recoil-inspect report --serve` lays out any when focus asks)") == true, "\(deeper ?? "")")
      // In place, a few marked nodes are shown by opening the groups that hold them.
      try browser.execute("document.getElementById('search').value = ''")
      try browser.type("Audit.filtered" + WebDriverKey.enter, into: "#search")
      let shown =
        try browser.execute(
          """
          return [...document.querySelectorAll('#graph g.node[data-node-id]')]
            .filter((node) => node.getBoundingClientRect().width > 0).map((node) => node.dataset.nodeId).sort()
          """) as? [String]
      #expect(shown == chain.sorted())
      #expect(try browser.execute(Self.openLayers) as? [String] != [], "the chain's group was opened")
      #expect((try browser.execute(note) as? String)?.hasPrefix("4 nodes in the whole graph's places") == true)
      try browser.chooseDepth("1")
      try browser.execute("document.getElementById('search').value = ''")
      try browser.type("Theme.current" + WebDriverKey.enter, into: "#search")
      // The theme's 1,201 nodes, too many to draw each, are drawn as an overview of themselves:
      // the theme whole, each family one group marked as its members are.
      #expect(try browser.execute(drawn) as? Bool == true)
      let many = try browser.execute(note) as? String
      #expect(
        many
          == "1,201 nodes, too many to draw each: laid out on their own as an overview, 2 groups standing for 1,200 of them",
        "\(many ?? "")")
      let groups =
        try browser.execute(
          """
          return [...document.querySelectorAll('#graph svg.neighbourhood g.node.group')]
            .filter((group) => group.getBoundingClientRect().width > 0)
            .map((group) => [...group.classList].filter((name) => name !== 'node').join(' ') + ': '
              + [...group.querySelectorAll('text')].map((text) => text.textContent).join(' ')).sort()
          """) as? [String]
      #expect(
        groups == [
          "group family downstream: family View.row 600 nodes", "group family upstream: family Config.key 600 nodes",
        ],
        "\(groups ?? [])")
      // Laid out as Graphviz laid it out when the report was made: nothing overlaps, each
      // group's lines inside its outline, each merged edge saying how many edges it stands for.
      let laidOut =
        try browser.execute(
          """
          const drawn = [...document.querySelectorAll('#graph svg.neighbourhood g.node')];
          const boxes = drawn.map((node) => node.getBoundingClientRect());
          const apart = boxes.every((a, i) => boxes.every((b, j) => i === j || a.right <= b.left
            || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top));
          const fits = drawn.filter((node) => node.classList.contains('group')).every((group) => {
            const outline = [...group.querySelectorAll('path')].pop().getBoundingClientRect();
            return [...group.querySelectorAll('text')].every((text) => {
              const box = text.getBoundingClientRect();
              return box.left >= outline.left && box.right <= outline.right && box.top >= outline.top
                && box.bottom <= outline.bottom;
            });
          });
          const merged = [...document.querySelectorAll('#graph svg.neighbourhood g.edge.merged')]
            .map((edge) => `${edge.querySelector('title').textContent} | ${edge.querySelector('text')?.textContent}`).sort();
          return [apart, fits, merged];
          """) as? [Any]
      #expect(laidOut?[0] as? Bool == true)
      #expect(laidOut?[1] as? Bool == true)
      #expect(
        laidOut?[2] as? [String] == [
          "Theme.current → family View.row: 600 edges | 600", "family Config.key → Theme.current: 600 edges | 600",
        ], "\(laidOut ?? [])")
      let whole =
        "return [...document.querySelectorAll('#graph svg.neighbourhood g.node[data-node-id]')].map((node) => node.dataset.nodeId)"
      #expect(try browser.execute(whole) as? [String] == ["Theme.current"])
      // Searching for the theme while focused keeps the fit: all of it in view, below the note.
      let fitted =
        try browser.execute(
          """
          const frame = document.getElementById('graph').getBoundingClientRect();
          const note = document.getElementById('graph-note').getBoundingClientRect();
          return [...document.querySelectorAll('#graph svg.neighbourhood g.node')].every((node) => {
            const box = node.getBoundingClientRect();
            return box.top >= note.bottom && box.bottom <= frame.bottom && box.left >= frame.left && box.right <= frame.right;
          })
          """) as? Bool
      #expect(fitted == true)
      try browser.execute("document.getElementById('focus').click()")
      #expect(try browser.execute(note) == nil)
      #expect(try browser.execute(drawn) as? Bool == false)
      #expect(try browser.consoleProblems() == [])
    }
  }

  /// 600 keys feed the theme, which 600 rows read: at depth 2 each row's neighbourhood holds
  /// all 600 keys, so that depth holds far more than a report lays out; and a short chain of
  /// its own, small at any depth.
  static func themeSnapshot() -> Snapshot {
    var nodes = [SnapshotNode(id: "Theme.current", kind: .selector)]
    var edges: [SnapshotEdge] = []
    for index in 0..<600 {
      nodes.append(SnapshotNode(id: "Config.key(\(index))", kind: .atom, family: "Config.key", parameter: "\(index)"))
      edges.append(SnapshotEdge(from: "Config.key(\(index))", to: "Theme.current"))
      nodes.append(SnapshotNode(id: "View.row(\(index))", kind: .selector, family: "View.row", parameter: "\(index)"))
      edges.append(SnapshotEdge(from: "Theme.current", to: "View.row(\(index))"))
    }
    let chain = ["Audit.source", "Audit.filtered", "Audit.summary", "Audit.badge"]
    nodes += chain.map { SnapshotNode(id: $0, kind: .selector) }
    edges += zip(chain, chain.dropFirst()).map { SnapshotEdge(from: $0, to: $1) }
    return Snapshot(nodes: nodes, edges: edges)
  }

  /// `report --serve`: the same page, which asks its server for every neighbourhood it holds no
  /// layout of, so focus lays out the depths a file lacks, each on its own.
  @Test func aServedReportLaysOutEveryDepthFocusAsksFor() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "served-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "theme.json")
    try Data(SnapshotCodec.encode(Self.themeSnapshot())).write(to: file)
    let served = try LiveServeProcess(
      executable: Bundle.main.bundleURL.appending(path: "recoil-inspect"), servingReportOf: file)
    defer { served.stop() }
    try withBrowser(width: 390, height: 800) { browser in
      try browser.navigate(to: try #require(URL(string: served.pageURL)))
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
      let note = "const note = document.getElementById('graph-note'); return note.hidden ? null : note.textContent"
      let alone =
        "const drawn = document.querySelector('#graph svg.neighbourhood'); return drawn ? [drawn.dataset.node, drawn.querySelectorAll('g.node[data-node-id]').length] : null"
      try browser.type("View.row(5)" + WebDriverKey.enter, into: "#search")
      try browser.execute("document.getElementById('focus').click()")
      #expect(try browser.execute(alone) as? [AnyHashable] == ["View.row(5)", 2])
      // Depth 2 and 3, which the file lacks: the row, the theme and its 600 keys, laid out by
      // the server on their own, with no note.
      for depth in ["2", "3"] {
        try browser.chooseDepth(depth)
        try browser.wait(
          until:
            "const drawn = document.querySelector('#graph svg.neighbourhood'); return !!drawn && drawn.querySelectorAll('g.node[data-node-id]').length === 602",
          timeout: .seconds(20))
        #expect(try browser.execute(alone) as? [AnyHashable] == ["View.row(5)", 602])
        #expect(try browser.execute(note) == nil)
      }
      #expect(try browser.nodeIDs(withClass: "selected") == ["View.row(5)"])
      // Back to the whole graph.
      try browser.execute("document.getElementById('focus').click()")
      #expect(try browser.execute(alone) == nil)
      #expect(try browser.consoleProblems() == [])
    }
    // The server answers the page and its neighbourhoods, with the token, and nothing else.
    let head = { (path: String) in "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(served.httpPort)\r\n\r\n" }
    let asked = try LiveServeProcess.exchange(
      port: served.httpPort, head("/neighbourhood?token=\(served.token)&node=1&depth=all"))
    #expect(asked.status == 200 && asked.body.hasPrefix("<svg"))
    #expect(try LiveServeProcess.exchange(port: served.httpPort, head("/neighbourhood?node=1&depth=2")).status == 403)
    #expect(try LiveServeProcess.exchange(port: served.httpPort, head("/sessions?token=\(served.token)")).status == 404)
    #expect(
      try LiveServeProcess.exchange(
        port: served.httpPort, head("/neighbourhood?token=\(served.token)&node=5000&depth=1")
      )
      .status == 404)
  }

  /// The price family and its run opened for a price, as keys.
  private func openedFor(_ prices: Int, _ browser: BrowserSession) throws -> [String] {
    ["\(prices)", "\(try Self.groupKey("Catalog.price(420) … Catalog.price(479)", in: browser))"]
  }

  /// The live page of an app past the threshold: the server lays out a group's inside when the
  /// page first opens it (the page holds none), and search reaches into closed groups there too.
  @Test func theLiveServerLaysOutInsidesOnDemand() throws {
    let live = try LiveServeProcess(executable: Bundle.main.bundleURL.appending(path: "recoil-inspect"))
    defer { live.stop() }
    // And a total over every price: at depth 2 its neighbourhood holds 1,201 nodes.
    var snapshot = Self.shopSnapshot()
    snapshot.nodes.append(SnapshotNode(id: "Cart.total", kind: .selector))
    for index in 0..<600 { snapshot.edges.append(SnapshotEdge(from: "Catalog.price(\(index))", to: "Cart.total")) }
    try withBrowser { browser in
      try browser.navigate(to: try #require(URL(string: live.pageURL)))
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
      let shop = try LiveServeProcess.Connection(port: live.appPort)
      defer { shop.close() }
      var lines = LivePageTests.hello("shop", pid: 303)
      for node in snapshot.nodes { lines += LivePageTests.line(.node(node)) }
      for edge in snapshot.edges { lines += LivePageTests.line(.edgeAdded(edge)) }
      try shop.send(lines)
      try browser.wait(until: LivePageTests.inReport("g.node.group"), timeout: .seconds(20))
      let inFrame = "const page = document.querySelector('#frames iframe:not(.loading)').contentDocument;"
      // Every node and edge arrived, and the report shown was made from them all.
      try browser.wait(
        until: inFrame + """
          const data = JSON.parse(page.getElementById('report-data').textContent);
          return !document.querySelector('#frames iframe.loading') && data.nodes.length === \(snapshot.nodes.count)
            && data.edges.length === \(snapshot.edges.count)
          """, timeout: .seconds(20))
      #expect(try browser.execute(inFrame + "return !!page.getElementById('report-insides')") as? Bool == false)
      // Search for a node inside closed groups, in the report's own search box.
      try browser.execute(
        inFrame + """
          const search = page.getElementById('search');
          search.value = 'Catalog.price(437)';
          search.dispatchEvent(new Event('input'));
          search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          """)
      // The family and its run were asked of the server, laid out, and opened; the node selected.
      try browser.wait(
        until: inFrame + "return !!page.querySelector('g.node.selected[data-node-id=\"Catalog.price(437)\"]')")
      #expect(try browser.execute(inFrame + "return page.querySelectorAll('g.inside').length") as? Int == 2)
      let insideNodes =
        try browser.execute(
          inFrame
            + "return [...page.querySelectorAll('g.inside g.node[data-node-id]')].map((node) => node.dataset.nodeId)")
        as? [String] ?? []
      #expect(insideNodes.count == 60)
      #expect(insideNodes.contains("Catalog.price(420)") && insideNodes.contains("Catalog.price(479)"))
      // Focus: the server lays out the neighbourhood (depth 1 past the threshold) on its own.
      try browser.execute(inFrame + "page.getElementById('focus').click()")
      let alone =
        inFrame
        + "const drawn = page.querySelector('svg.neighbourhood'); return drawn ? [...drawn.querySelectorAll('g.node[data-node-id]')].map((node) => node.dataset.nodeId).sort() : null"
      try browser.wait(until: inFrame + "return !!page.querySelector('svg.neighbourhood')")
      #expect(try browser.execute(alone) as? [String] == ["Cart.total", "Catalog.item(437)", "Catalog.price(437)"])
      // Past a thousand nodes the server lays the neighbourhood out as an overview of itself:
      // the total drawn whole, each family one group with its count, and a note that says so.
      try browser.execute(
        inFrame + """
          const search = page.getElementById('search');
          search.value = 'Cart.total';
          search.dispatchEvent(new Event('input'));
          search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          const menu = page.getElementById('depth');
          menu.value = '2';
          menu.dispatchEvent(new Event('change'));
          """)
      try browser.wait(
        until: inFrame + "return !!page.querySelector('svg.neighbourhood[data-node=\"Cart.total\"] g.node.group')",
        timeout: .seconds(20))
      let groups =
        try browser.execute(
          inFrame
            + "return [...page.querySelectorAll('svg.neighbourhood g.node.group')].map((group) => group.textContent.replace(/\\s+/g, ' ').trim()).sort()"
        ) as? [String] ?? []
      #expect(groups.count == 2 && groups.allSatisfy { $0.contains("600") }, "\(groups)")
      #expect(try browser.execute(alone) as? [String] == ["Cart.total"])
      let note = try browser.execute(inFrame + "return page.getElementById('graph-note').textContent") as? String
      #expect(
        note
          == "1,201 nodes, too many to draw each: laid out on their own as an overview, 2 groups standing for 1,200 of them",
        "\(note ?? "")")
      // A group there is the neighbourhood's own: clicking it opens none of the page's.
      try browser.execute(
        inFrame
          + "page.querySelector('svg.neighbourhood g.node.group').dispatchEvent(new MouseEvent('click', { bubbles: true }))"
      )
      #expect(try browser.execute(inFrame + "return !!page.querySelector('svg.neighbourhood')") as? Bool == true)
      #expect(try browser.consoleProblems() == [])
    }
  }
}
