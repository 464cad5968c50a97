import Foundation
import RecoilRender
import RecoilSnapshot
import WebDriver

/// Writes a snapshot's HTML report to a temporary file and opens it in headless Chromium,
/// ready (the page sets `data-ready`), for the body of a test. Closes the browser and stops
/// the driver afterwards, whether the body threw or not.
func withReport(
  _ snapshot: Snapshot, title: String = "test", heat: Bool = false, subscribers: Bool = false, full: Bool = false,
  width: Int = 1400, height: Int = 900, _ body: (BrowserSession) throws -> Void
) throws {
  var options = RenderOptions(format: .html)
  options.title = title
  options.full = full
  options.heat = heat
  options.showsSubscribers = subscribers
  try withPage(try Renderer.render(snapshot, options: options), width: width, height: height, body)
}

/// Opens a page already made (a report, or a difference drawn as one) in headless Chromium,
/// ready, for the body of a test.
func withPage(
  _ page: [UInt8], width: Int = 1400, height: Int = 900, _ body: (BrowserSession) throws -> Void
) throws {
  let directory = FileManager.default.temporaryDirectory.appending(path: "report-browser-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "report.html")
  try Data(page).write(to: file)
  try withBrowser(width: width, height: height) { browser in
    try browser.navigate(to: file)
    try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
    try body(browser)
  }
}

/// Runs `body` with a fresh headless Chromium session.
func withBrowser(width: Int = 1400, height: Int = 900, _ body: (BrowserSession) throws -> Void) throws {
  let driver = try ChromeDriver.start()
  defer { driver.stop() }
  let browser = try driver.openSession(width: width, height: height)
  do {
    try body(browser)
  } catch {
    browser.close()
    throw error
  }
  browser.close()
}

/// The cart demo's snapshot, as shipped in `Fixtures/`.
func demoSnapshot() throws -> Snapshot {
  let url = URL(filePath: #filePath).deletingLastPathComponent().appending(
    path: "../../Fixtures/cart-demo/cart.snapshot.json")
  return try SnapshotCodec.decode(Data(contentsOf: url.standardized))
}

extension BrowserSession {
  /// The `data-node-id`s of the graph's nodes that carry `className`, sorted.
  func nodeIDs(withClass className: String) throws -> [String] {
    let value = try execute(
      "return [...document.querySelectorAll('#graph g.node[data-node-id].' + arguments[0])].map(e => e.getAttribute('data-node-id')).sort()",
      [className])
    return value as? [String] ?? []
  }

  /// Chooses how far the selection marks (`1`, `2`, `3`, `all`) in the toolbar's menu, as a
  /// user's choice there would: the value, then the change event.
  func chooseDepth(_ depth: String) throws {
    try execute(
      "const menu = document.getElementById('depth'); menu.value = arguments[0]; menu.dispatchEvent(new Event('change'))",
      [depth])
  }

  /// Chooses the timeline entry numbered `seq` as a click on its row would, through the
  /// page's own handler: the rows are redrawn as the list scrolls, so a row found by one
  /// command may be gone by the next.
  func chooseEntry(_ seq: Int) throws {
    try execute(
      """
      const timeline = document.getElementById('timeline');
      const find = () => timeline.querySelector(`.entry[data-seq="${arguments[0]}"]`);
      if (!find()) location.hash = `#seq=${arguments[0]}`;
      else find().click();
      """, [seq])
    try wait(
      until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seq)'")
  }

  /// The page's address once it reads `expected`, or after a few seconds whatever it reads:
  /// the page writes its address in a task of its own, after the step that changed it.
  func address(once expected: String) throws -> String? {
    let literal = String(decoding: try JSONEncoder().encode(expected), as: UTF8.self)
    try? wait(until: "return location.hash === \(literal)", timeout: .seconds(5))
    return try execute("return location.hash") as? String
  }

  /// Opens the view of entry `seq` with `node` selected, through the address (as a link to
  /// it would), and waits until the page shows it.
  func open(seq: Int, node: String) throws {
    try execute("location.hash = arguments[0]", ["#seq=\(seq)&node=\(node)"])
    try wait(
      until: """
        return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seq)'
          && document.querySelector('#graph g.node.selected')?.getAttribute('data-node-id') === arguments[0]
        """.replacingOccurrences(of: "arguments[0]", with: "'\(node)'"))
  }

  /// Clicks node `id` in the graph as a user would: first fitting the whole graph in view
  /// (the `fit` button) when the node is out of the pane (the page opens readable, which may
  /// leave part of a graph out of view).
  func clickNode(_ id: String) throws {
    try clickInGraph(node(id))
  }

  /// Clicks what `selector` finds in the graph (a node, a group, an inside's title bar),
  /// fitting the whole graph in view first where it is out of the pane.
  func clickInGraph(_ selector: String) throws {
    let inPane =
      try execute(
        """
        const box = document.querySelector(arguments[0]).getBoundingClientRect();
        const pane = document.getElementById('graph').getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        return x > pane.left && x < pane.right && y > pane.top && y < pane.bottom;
        """, [selector]) as? Bool
    if inPane != true { try click("#zoom-fit") }
    try click(selector)
  }

  /// The text of `#details`.
  func detailsText() throws -> String {
    try execute("return document.getElementById('details').innerText") as? String ?? ""
  }

  /// The console's errors and warnings since the last call.
  func consoleProblems() throws -> [String] {
    try consoleEntries().filter { $0.level == "SEVERE" || $0.level == "WARNING" }.map(\.message)
  }
}

/// The CSS selector of a node's group in the graph.
func node(_ id: String) -> String {
  "#graph g.node[data-node-id=\"\(id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"]"
}
