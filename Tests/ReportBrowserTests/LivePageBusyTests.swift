import Foundation
import Testing
import WebDriver

/// The live page stays usable while the app is busy (issue 61): with the demo looping fast, what
/// is typed, focused and scrolled survives the report being laid out again; a click on a node
/// stops Follow and shows it; following never moves the row under the pointer; the app's answer
/// to a control stays beside it and the details show the app as of what it did; the address
/// holds the session, entry and node, and a reload restores them.
@Suite(.serialized) struct LivePageBusyTests {
  /// Run in the report's frame (after `enterFrame`): the live page's counts of its updates.
  static let relayouts = "return Number(window.parent.document.getElementById('frames').dataset.relayouts || 0)"
  static let follows = "return window.parent.document.getElementById('follow').checked"

  static func openLivePage(_ browser: BrowserSession, _ demo: LiveDemo) throws {
    try browser.navigate(to: demo.pageURL)
    try browser.wait(until: LiveDemo.reportReady, timeout: .seconds(20))
    try browser.enterFrame("#frames iframe:not(.loading)")
  }

  @Test func everyKeyTypedArrivesAndFocusScrollAndOpenSectionsStayAsTheReportIsLaidOutAgain() throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "20", "--loop"])
    defer { demo.stop() }
    try withBrowser { browser in
      try Self.openLivePage(browser, demo)
      // An entry's details with an open section, scrolled; a filter typed in.
      try browser.wait(until: "return !!document.querySelector('#timeline .entry.action')")
      try browser.execute("document.querySelector('#timeline .entry.action').click()")
      try browser.wait(until: "return !!document.querySelector('#details details.change-tree')")
      try browser.execute("document.querySelector('#details details.change-tree').open = true")
      try browser.execute("const d = document.getElementById('details'); d.style.height = '120px'; d.scrollTop = 40")
      try browser.type("cart", into: "#filter-grep")
      let before = try browser.execute(Self.relayouts) as? Int ?? 0
      // Type into the search one key every 100 ms for 5 s, while the report is laid out again.
      try browser.click("#search")
      let word = "pricingcurrencypricingcurrencypricingcurrencypricingcurr"
      for character in word {
        try browser.press(String(character))
        Thread.sleep(forTimeInterval: 0.1)
      }
      #expect(try browser.execute("return document.getElementById('search').value") as? String == word)
      #expect(try browser.execute("return document.activeElement.id") as? String == "search")
      #expect((try browser.execute(Self.relayouts) as? Int ?? 0) > before, "the report was laid out again meanwhile")
      #expect(try browser.execute("return document.getElementById('filter-grep').value") as? String == "cart")
      #expect(
        try browser.execute("return document.querySelector('#details details.change-tree').open") as? Bool == true)
      #expect(try browser.execute("return document.getElementById('details').scrollTop") as? Int == 40)

      // Keyboard focus on a node stays on it.
      try browser.execute(
        "document.querySelector('#search').value = ''; document.querySelector('#search').dispatchEvent(new Event('input'))"
      )
      try browser.execute("document.querySelector('#graph g.node[data-node-id=\"Pricing.currency\"]').focus()")
      let laidOut = try browser.execute(Self.relayouts) as? Int ?? 0
      try browser.wait(until: "return \(Self.relayouts.dropFirst(7)) > \(laidOut)", timeout: .seconds(10))
      #expect(
        try browser.execute("return document.activeElement.getAttribute('data-node-id')") as? String
          == "Pricing.currency")
      try browser.leaveFrame()
      #expect(try browser.consoleEntries().filter { $0.level == "SEVERE" }.isEmpty)
    }
  }

  @Test func aClickOrAKeyOnANodeStopsFollowAndShowsIt() throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "20", "--loop"])
    defer { demo.stop() }
    try withBrowser { browser in
      try Self.openLivePage(browser, demo)
      #expect(try browser.execute(Self.follows) as? Bool == true)
      try browser.clickNode("Pricing.currency")
      #expect(try browser.execute(Self.follows) as? Bool == false)
      Thread.sleep(forTimeInterval: 1.5)
      #expect(
        try browser.execute("return document.querySelector('#details h2').textContent") as? String == "Pricing.currency"
      )
      // Follow again, then a key on a node.
      try browser.execute("window.parent.document.getElementById('follow').click()")
      try browser.wait(
        until:
          "return \(Self.follows.dropFirst(7)) && document.querySelector('#details h2').textContent.startsWith('#')")
      try browser.execute(
        "document.querySelector('#graph g.node[data-node-id=\"Cart.count\"], #graph g.node[data-node-id=\"cart.itemCount\"]').focus()"
      )
      try browser.press(WebDriverKey.enter)
      #expect(try browser.execute(Self.follows) as? Bool == false)
      Thread.sleep(forTimeInterval: 1.5)
      #expect(
        (try browser.execute("return document.querySelector('#details h2').textContent") as? String)?.hasPrefix("#")
          == false)
    }
  }

  @Test func followingNeverMovesTheRowUnderThePointer() throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "20", "--loop"])
    defer { demo.stop() }
    try withBrowser { browser in
      try Self.openLivePage(browser, demo)
      try browser.leaveFrame()
      // The pointer over the timeline's third visible row, in the page's coordinates.
      let point = try #require(
        try browser.execute(
          """
          const frame = document.querySelector('#frames iframe:not(.loading)').getBoundingClientRect();
          const list = document.querySelector('#frames iframe:not(.loading)').contentDocument.getElementById('timeline').getBoundingClientRect();
          return [Math.round(frame.left + list.left + list.width / 2), Math.round(frame.top + list.top + 24 * 2 + 12)];
          """) as? [Int])
      try browser.movePointer(toX: point[0], y: point[1])
      try browser.enterFrame("#frames iframe:not(.loading)")
      let under =
        "const row = document.elementFromPoint(\(point[0]) - window.frameElement.getBoundingClientRect().left, \(point[1]) - window.frameElement.getBoundingClientRect().top)?.closest('.entry'); return row ? row.getAttribute('data-seq') : null;"
      let aimed = try browser.execute(under) as? String
      #expect(aimed != nil)
      for _ in 0..<10 {
        Thread.sleep(forTimeInterval: 0.25)
        #expect(try browser.execute(under) as? String == aimed)
      }
      try browser.execute(
        "document.elementFromPoint(\(point[0]) - window.frameElement.getBoundingClientRect().left, \(point[1]) - window.frameElement.getBoundingClientRect().top).closest('.entry').click()"
      )
      #expect(
        try browser.execute("return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq')")
          as? String == aimed)
      #expect(try browser.execute(Self.follows) as? Bool == false)
    }
  }

  @Test func theAddressHoldsTheSessionEntryAndNodeAndAReloadRestoresThem() throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "20", "--loop"])
    defer { demo.stop() }
    try withBrowser { browser in
      try Self.openLivePage(browser, demo)
      try browser.clickNode("Pricing.currency")
      try browser.execute("document.querySelector('#timeline .entry').click()")
      let chosen = try #require(
        try browser.execute("return document.querySelector('#timeline .entry.current').getAttribute('data-seq')")
          as? String)
      try browser.execute("window.recoilReport.select('Pricing.currency')")
      try browser.leaveFrame()
      let address = try #require(try browser.address(once: "#session=1&seq=\(chosen)&node=Pricing.currency"))
      #expect(address == "#session=1&seq=\(chosen)&node=Pricing.currency")
      try browser.navigate(to: URL(string: try #require(browser.execute("return location.href") as? String))!)
      try browser.wait(until: LiveDemo.reportReady, timeout: .seconds(20))
      try browser.enterFrame("#frames iframe:not(.loading)")
      try browser.wait(until: "return document.querySelector('#details h2')?.textContent === 'Pricing.currency'")
      #expect(
        try browser.execute("return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq')")
          as? String == chosen)
      #expect(try browser.execute(Self.follows) as? Bool == false)
    }
  }

  /// Each control's answer stays beside it, and the details show the app as of what it did: a
  /// set's node its new value.
  @Test func aControlsAnswerStaysBesideItAndTheDetailsShowTheNewValue() throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "200", "--loop", "--allow-control"])
    defer { demo.stop() }
    try withBrowser { browser in
      try Self.openLivePage(browser, demo)
      try browser.execute("window.recoilReport.select('Pricing.currency')")
      try browser.wait(until: "return !!document.querySelector('#details .tools textarea')")
      let tool = { (button: String, answer: String) in
        """
        const box = [...document.querySelectorAll('#details .tools button')].find((b) => b.textContent === \(String(reflecting: button)))?.closest('.tools');
        return box?.querySelector('.answer')?.textContent === \(String(reflecting: answer));
        """
      }
      try browser.execute(
        """
        document.querySelector('#details .tools textarea').value = '"GBP"';
        [...document.querySelectorAll('#details .tools button')].find((b) => b.textContent === 'Set').click();
        """)
      try browser.wait(until: tool("Set", #"set Pricing.currency = "GBP""#), timeout: .seconds(10))
      // The details show the value after the set, as of what it caused.
      try browser.wait(
        until: """
          const heading = [...document.querySelectorAll('#details h3')].find((h) => h.textContent.startsWith('Value as of #'));
          return heading?.nextElementSibling.textContent === '"GBP"';
          """, timeout: .seconds(10))
      // The answer stays beside Set while the app keeps changing.
      Thread.sleep(forTimeInterval: 2.5)
      #expect(try browser.execute(tool("Set", #"set Pricing.currency = "GBP""#)) as? Bool == true)
      // A store's dispatch, answered beside it.
      try browser.execute("window.recoilReport.select('app')")
      try browser.wait(until: "return !!document.querySelector('#details .tools textarea')")
      try browser.execute(
        """
        document.querySelector('#details .tools textarea').value = '{"settings":{"_0":{"setCurrency":{"_0":"JPY"}}}}';
        [...document.querySelectorAll('#details .tools button')].find((b) => b.textContent === 'Dispatch').click();
        """)
      try browser.wait(
        until: """
          const answer = document.querySelector('#details .tools .answer')?.textContent ?? '';
          return answer.startsWith('dispatched settings');
          """, timeout: .seconds(10))
      // An entry's Jump here, answered beside it; then Resume.
      try browser.execute("document.querySelector('#timeline .entry').click()")
      try browser.wait(until: "return !!document.querySelector('#details .tools button')")
      try browser.execute(
        "[...document.querySelectorAll('#details .tools button')].find((b) => b.textContent === 'Jump here').click()")
      try browser.wait(
        until:
          "return (document.querySelector('#details .tools .answer')?.textContent ?? '').startsWith('jumped to #')",
        timeout: .seconds(10))
      try browser.leaveFrame()
      try browser.wait(until: "return !document.getElementById('jumped').hidden", timeout: .seconds(10))
      try browser.click("#resume")
      try browser.wait(until: "return document.getElementById('jumped').hidden", timeout: .seconds(10))
    }
  }

  /// The live page with the demo streaming, at a desktop's and a phone's size, light and dark:
  /// the report in it opens with every label in view at least 9 px high; in dark mode its graph
  /// is dark and every label reads on its fill; at a phone's width the report scrolls and a
  /// chosen node's details get half its height.
  @Test(arguments: [(1400, 900, "light"), (1400, 900, "dark"), (390, 844, "light"), (390, 844, "dark")])
  func theLiveReportIsReadableAtEverySizeAndTheme(width: Int, height: Int, scheme: String) throws {
    let demo = try LiveDemo(demoArguments: ["--pace", "200", "--loop"])
    defer { demo.stop() }
    try withBrowser(width: width, height: height) { browser in
      try browser.emulateMedia("prefers-color-scheme", scheme)
      try Self.openLivePage(browser, demo)
      let (count, smallest) = try ReportLegibilityTests.labels(browser)
      #expect(count >= 8 && smallest >= 8.9, "\(count) labels in view, the smallest \(smallest) px")
      let ground =
        try browser.execute("return getComputedStyle(document.getElementById('graph')).backgroundColor") as? String
      #expect((ground == "rgb(255, 255, 255)") == (scheme == "light"), "the graph's ground: \(ground ?? "")")
      // Every label reads on its fill, 4.5:1, in either theme.
      let contrast = try browser.execute(ReportPhoneDarkAndLabelsTests.contrast) as? [Any] ?? []
      #expect(contrast.first as? Int ?? 0 > 20 && contrast.count == 2, "labels under 4.5:1: \(contrast.dropFirst(2))")
      if width > 700 && scheme == "light" {
        // The legend shows every mark the page draws; the details say subscribers now.
        let legend =
          try browser.execute(
            "return [...document.querySelectorAll('#graph g.node.legend.mark title, #graph g.node.legend.mark text')].map((t) => t.textContent).join(' | ')"
          ) as? String ?? ""
        for words in ["selected", "what it reads (upstream)", "search match", "written by the chosen entry"] {
          #expect(legend.contains(words), "\(words) in \(legend)")
        }
        try browser.execute("window.recoilReport.select('Pricing.overview')")
        #expect(try browser.detailsText().contains("subscribers now"))
      }
      if width < 700 {
        try browser.execute("window.recoilReport.select('Pricing.displayPrices')")
        let sizes =
          try browser.execute(
            "return [document.documentElement.scrollHeight, window.innerHeight, document.getElementById('details').getBoundingClientRect().height]"
          ) as? [Double] ?? []
        #expect(sizes.count == 3 && sizes[0] > sizes[1] && sizes[2] >= sizes[1] / 2, "\(sizes)")
      }
      try browser.leaveFrame()
      #expect(try browser.consoleEntries().filter { $0.level == "SEVERE" }.isEmpty)
    }
  }
}
