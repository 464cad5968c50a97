import Foundation
import Testing
import WebDriver

/// The live page changing a running app (issue 31), in headless Chromium against
/// `live --serve` and `cart-demo --allow-control`: an atom edited in a node's details, and the
/// selector that reads it evaluated again because of it; a value that is not JSON never sent;
/// "jump here" marks the app as jumped until Resume.
@Suite(.serialized) struct LivePageControlTests {
  /// A script run in the page on the report it shows.
  static func inFrame(_ body: String) -> String {
    """
    const frame = document.querySelector('#frames iframe:not(.loading)');
    if (!frame || !frame.contentDocument || frame.contentDocument.documentElement.getAttribute('data-ready') !== 'true') return null;
    const report = frame.contentDocument;
    \(body)
    """
  }

  @Test func anAtomEditedInThePageChangesTheAppAndTheSelectorThatReadsItEvaluatesAgain() throws {
    let products = Bundle.main.bundleURL
    let live = try LiveServeProcess(executable: products.appending(path: "recoil-inspect"))
    defer { live.stop() }
    let demo = Process()
    demo.executableURL = products.appending(path: "cart-demo")
    demo.arguments = ["--stream", "tcp:127.0.0.1:\(live.appPort)", "--allow-control"]
    let output = Pipe()
    demo.standardOutput = output
    demo.standardError = FileHandle.nullDevice
    try demo.run()
    defer {
      if demo.isRunning { kill(demo.processIdentifier, SIGKILL) }
      demo.waitUntilExit()
    }
    var said = ""
    while !said.contains("the tool may change it now") {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      said += String(decoding: more, as: UTF8.self)
    }
    output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }

    try withBrowser { browser in
      try browser.navigate(to: try #require(URL(string: live.pageURL)))
      try browser.wait(until: Self.inFrame("return !!report.querySelector('[data-node-id=\"Pricing.currency\"]');"))
      // Stop following, so that what is chosen stays; then choose the atom by searching for it.
      try browser.execute("document.getElementById('follow').checked = false; return 1")
      let choose = Self.inFrame(
        """
        const search = report.getElementById('search');
        search.value = 'Pricing.currency';
        search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        return report.querySelector('#details .tools textarea') !== null;
        """)
      try browser.wait(until: choose)
      #expect(
        try browser.execute(Self.inFrame("return report.querySelector('#details h2').textContent;")) as? String
          == "Pricing.currency")

      // A value that is not JSON is refused in the page and never sent.
      let setValue = { (text: String) in
        Self.inFrame(
          """
          report.querySelector('#details .tools textarea').value = \(String(reflecting: text));
          [...report.querySelectorAll('#details .tools button')].find((button) => button.textContent === 'Set').click();
          return 1;
          """)
      }
      let answer = Self.inFrame("return report.querySelector('#details .tools .answer')?.textContent ?? null;")
      try browser.execute(setValue("CHF"))
      #expect((try browser.execute(answer) as? String)?.hasPrefix("Not JSON") == true)

      // JSON: sent, done, and answered.
      try browser.execute(setValue(#""CHF""#))
      try browser.wait(
        until: Self.inFrame(
          "return report.querySelector('#details .tools .answer')?.textContent === 'set Pricing.currency = \"CHF\"';"),
        timeout: .seconds(10))
      // Following again, the page shows the latest entry, and the new value as of it.
      try browser.click("#follow")
      try browser.wait(
        until: Self.inFrame(
          "return report.querySelector('[data-node-id=\"Pricing.currency\"]').getAttribute('data-value') === '\"CHF\"';"
        ),
        timeout: .seconds(10))
      // The app's own stream: the control entry, the write it caused, and the selector the
      // screen reads evaluated again because of that write.
      try browser.wait(
        until: Self.inFrame(
          """
          const rows = [...report.querySelectorAll('#timeline [data-seq]')].map((row) => row.textContent);
          return rows.some((text) => text.includes('control') && text.includes('set "CHF" from live page'));
          """), timeout: .seconds(10))
      let chain = Self.inFrame(
        """
        const entries = [...report.querySelectorAll('#timeline [data-seq]')];
        const control = entries.find((row) => row.textContent.includes('set "CHF" from live page'));
        return control ? control.getAttribute('data-seq') : null;
        """)
      let controlSeq = try #require(try browser.execute(chain) as? String)
      try browser.click("#follow")  // stop following again: the entry chosen next stays
      // Its details list what it caused: the write, and the evaluation of the selector.
      try browser.execute(
        Self.inFrame(
          "report.querySelector(`#timeline [data-seq=\"\(controlSeq)\"]`).click(); return 1;"))
      try browser.wait(
        until: Self.inFrame(
          """
          const caused = [...report.querySelectorAll('#details .caused li')]
            .map((item) => item.textContent);
          return caused.some((text) => text.includes('write Pricing.currency'))
            && caused.some((text) => text.includes('evaluation Pricing.displayPrices'));
          """), timeout: .seconds(10))

      // Jump here: the bar says the app is jumped, until Resume.
      try browser.execute(
        Self.inFrame(
          "[...report.querySelectorAll('#details .tools button')].find((button) => button.textContent === 'Jump here').click(); return 1;"
        ))
      try browser.wait(until: "return !document.getElementById('jumped').hidden", timeout: .seconds(10))
      #expect(
        (try browser.execute("return document.getElementById('jumped-text').textContent") as? String)?.contains(
          "is jumped to #\(controlSeq)") == true)
      #expect(
        try browser.execute("return document.querySelector('#sessions .jumped')?.textContent") as? String
          == "jumped to #\(controlSeq)")
      try browser.click("#resume")
      try browser.wait(until: "return document.getElementById('jumped').hidden", timeout: .seconds(10))

      // A store's details: a dispatch form that remembers the last actions sent.
      let chooseStore = Self.inFrame(
        """
        const search = report.getElementById('search');
        search.value = 'app';
        search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        return report.querySelector('#details h2')?.textContent === 'app' && !!report.querySelector('#details .tools textarea');
        """)
      try browser.wait(until: chooseStore, timeout: .seconds(10))
      // Its action type's cases, asked of the app: each puts the latest recorded in the editor.
      try browser.wait(
        until: Self.inFrame(
          """
          const cases = [...report.querySelectorAll('#details .tools .cases button')].map((b) => b.textContent);
          return cases.join(',') === 'settings,user';
          """), timeout: .seconds(10))
      let example =
        try browser.execute(
          Self.inFrame(
            """
            [...report.querySelectorAll('#details .tools .cases button')].find((b) => b.textContent === 'settings').click();
            return report.querySelector('#details .tools textarea').value;
            """)) as? String
      #expect(example.map { $0.hasPrefix(#"{"settings":{"_0":{"#) } == true, "\(example ?? "")")
      let action = #"{"settings":{"_0":{"setCurrency":{"_0":"JPY"}}}}"#
      try browser.execute(
        Self.inFrame(
          """
          report.querySelector('#details .tools textarea').value = \(String(reflecting: action));
          [...report.querySelectorAll('#details .tools button')].find((button) => button.textContent === 'Dispatch').click();
          return 1;
          """))
      try browser.wait(
        until: Self.inFrame(
          "return (report.querySelector('#details .tools .answer')?.textContent ?? '').startsWith('dispatched settings');"
        ),
        timeout: .seconds(10))
      // The action sent is offered again (the details may be made again by a relayout meanwhile:
      // the list is read from what the browser keeps, so the new one holds it too).
      try browser.wait(
        until: Self.inFrame(
          """
          const shown = [...report.querySelectorAll('#details .tools .recent button')].map((b) => b.textContent);
          return JSON.stringify(shown) === JSON.stringify([\(String(reflecting: action))]);
          """),
        timeout: .seconds(5))

      // Each other button, as a user presses it. What the app changes may make the report again
      // (a new shape): each press finds its node (or entry) in the report shown, and the app's
      // answer is read in the bar, which stays.
      func press(_ button: String, on id: String, expecting answer: String, message: String? = nil) throws {
        try browser.execute("document.getElementById('control-answer').textContent = ''; return 1")
        let fill =
          message.map { "report.querySelector('#details .tools input').value = \(String(reflecting: $0));" } ?? ""
        let choose =
          id.hasPrefix("#")
          ? "frame.contentWindow.recoilReport.choose(\(id.dropFirst()));"
          : """
          const search = report.getElementById('search');
          search.value = \(String(reflecting: id));
          search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          """
        try browser.wait(
          until: Self.inFrame(
            """
            const title = report.querySelector('#details h2')?.textContent ?? '';
            if (!(\(String(reflecting: id)).startsWith('#') ? title.startsWith(\(String(reflecting: id + " "))) : title === \(String(reflecting: id)))) {
              \(choose)
              return false;
            }
            const target = [...report.querySelectorAll('#details .tools button')].find((b) => b.textContent === \(String(reflecting: button)));
            if (!target) return false;
            \(fill)
            target.click();
            return true;
            """), timeout: .seconds(10))
        try browser.wait(
          until: "return document.getElementById('control-answer').textContent === \(String(reflecting: answer))",
          timeout: .seconds(10))
      }
      try press("Reset", on: "Pricing.currency", expecting: "reset Pricing.currency")
      try press(
        "Stub error", on: "Pricing.overview", expecting: "stubbed Pricing.overview: error: offline", message: "offline")
      try press("Stub loading", on: "Pricing.overview", expecting: "stubbed Pricing.overview: loading")
      try press("Remove stub", on: "Pricing.overview", expecting: "unstubbed Pricing.overview")
      // Skip, on the app store's first action.
      let firstAction = Self.inFrame(
        """
        const data = JSON.parse(report.getElementById('report-data').textContent);
        return data.timeline.find((entry) => entry.kind === 'action' && entry.store === 'app').seq;
        """)
      let skipped = try #require(try browser.execute(firstAction) as? Int)
      // The action's details say where the app dispatched it, as the stream told the page.
      try browser.wait(
        until: Self.inFrame(
          """
          frame.contentWindow.recoilReport.choose(\(skipped));
          const terms = [...report.querySelectorAll('#details dt')];
          const site = terms.find((term) => term.textContent === 'site')?.nextElementSibling?.textContent ?? '';
          return site.startsWith('cart_demo/CartScenario.swift:');
          """), timeout: .seconds(10))
      try press("Skip", on: "#\(skipped)", expecting: "replayed app without #\(skipped)")
      #expect(try browser.consoleEntries().filter { $0.level == "SEVERE" }.isEmpty)
    }
  }
}
