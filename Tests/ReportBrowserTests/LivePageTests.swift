import Foundation
import RecoilSnapshot
import Testing
import WebDriver

/// The live page of `recoil-inspect live --serve` in headless Chromium, following apps as
/// their events arrive.
@Suite(.serialized) struct LivePageTests {
  static func line(_ kind: InspectorEvent.Kind, seq: Int? = nil) -> String {
    InspectorEventCodec.encode(InspectorEvent(atNanos: seq ?? 1, kind: kind, seq: seq)) + "\n"
  }

  static func hello(_ app: String, pid: Int) -> String {
    line(.hello(AppHello(app: app, processID: pid, instance: "i\(pid)", version: "1")))
  }

  /// In the report the page shows: `selector` found.
  static func inReport(_ selector: String) -> String {
    """
    const frame = document.querySelector('#frames iframe:not(.loading)');
    return !!frame && !!frame.contentDocument && !!frame.contentDocument.querySelector(\(String(reflecting: selector)));
    """
  }

  @Test func newNodesEntriesAndAppsAppearWithinTwoSeconds() throws {
    let products = Bundle.main.bundleURL
    let live = try LiveServeProcess(executable: products.appending(path: "recoil-inspect"))
    defer { live.stop() }
    try withBrowser { browser in
      try browser.navigate(to: try #require(URL(string: live.pageURL)))
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
      #expect(
        try browser.execute("return document.getElementById('status').textContent") as? String
          == "waiting for an app to connect")

      // An app connects and describes a node: its session and the node appear.
      let shop = try LiveServeProcess.Connection(port: live.appPort)
      defer { shop.close() }
      try shop.send(
        Self.hello("shop", pid: 101) + Self.line(.node(SnapshotNode(id: "Cart.count", kind: .atom, value: "0"))))
      try browser.wait(until: "return !!document.querySelector('[data-session=\"1\"]')", timeout: .seconds(2))
      try browser.wait(until: Self.inReport("[data-node-id=\"Cart.count\"]"), timeout: .seconds(2))

      // A write: a new timeline entry, followed; then a node that appears later.
      try shop.send(
        Self.line(.step(SnapshotEntry(seq: 7, kind: .write, node: "Cart.count", before: "0", after: "1")), seq: 7))
      try browser.wait(until: Self.inReport("#timeline [data-seq=\"7\"]"), timeout: .seconds(2))
      // The write changed no shape: it was appended to the report in place, not made again.
      #expect(try browser.execute("return document.getElementById('frames').dataset.loads") as? String == "1")
      #expect(
        try browser.execute("return Number(document.getElementById('frames').dataset.deltas || 0) > 0") as? Bool == true
      )
      try shop.send(Self.line(.node(SnapshotNode(id: "Cart.total", kind: .selector, value: "10"))))
      try browser.wait(until: Self.inReport("[data-node-id=\"Cart.total\"]"), timeout: .seconds(2))
      // Follow chose the latest entry: the written atom shows its value as of it.
      let value = """
        const frame = document.querySelector('#frames iframe:not(.loading)');
        return frame.contentDocument.querySelector('[data-node-id="Cart.count"]').getAttribute('data-value');
        """
      #expect(try browser.execute(value) as? String == "1")
      // Its label too, though the layout was kept (the write changed no shape).
      let label = """
        const frame = document.querySelector('#frames iframe:not(.loading)');
        return [...frame.contentDocument.querySelector('[data-node-id="Cart.count"]').querySelectorAll('text')]
          .map((text) => text.textContent).find((text) => text.startsWith('= '));
        """
      #expect(try browser.execute(label) as? String == "= 1")

      // What the app's stream dropped is counted on its session.
      try shop.send(Self.line(.dropped(count: 12)))
      try browser.wait(
        until: "return document.querySelector('[data-session=\"1\"] .drops')?.textContent === '12 dropped by the app'",
        timeout: .seconds(2))

      // A second app: a second session, listed beside the first.
      let admin = try LiveServeProcess.Connection(port: live.appPort)
      defer { admin.close() }
      try admin.send(Self.hello("admin", pid: 202))
      try browser.wait(until: "return !!document.querySelector('[data-session=\"2\"]')", timeout: .seconds(2))
      let names = try browser.execute(
        "return [...document.querySelectorAll('#sessions [data-session] .name')].map((name) => name.textContent)")
      #expect(names as? [String] == ["shop 101", "admin 202"])
      // Choosing it shows its report.
      try browser.click("#sessions [data-session=\"2\"]")
      try browser.wait(
        until: "return document.getElementById('frames').dataset.shownSession === '2'", timeout: .seconds(5))
      #expect(try browser.consoleEntries().filter { $0.level == "SEVERE" }.isEmpty)
    }
  }
}
