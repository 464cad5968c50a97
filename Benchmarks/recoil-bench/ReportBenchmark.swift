import Foundation
import RecoilRender
import RecoilSnapshot
import WebDriver

/// H1 and H2: the HTML report in headless Chromium (driven over WebDriver).
///
/// - H1: the 3,000-node R1 graph. Goal: ready in under 5 s.
/// - H2: a small graph with 100,000 recorded actions. Goal: ready in under 10 s.
///
/// "Ready" is from the start of navigation until the page's script has set `data-ready`: the
/// HTML parsed, the SVG laid out by the browser, the data read and the first timeline rows drawn.
/// The baseline, measured in the same run and browser, is loading the plain SVG of the same
/// graph (`render -o graph.svg`): what the browser needs just to show the picture.
enum ReportBenchmark {
  static func run(_ workload: String, repetitions: Int) throws {
    let snapshot = workload == "H1" ? LayeredDAG(count: 3_000).snapshot : longHistory(actions: 100_000)
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-report-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let page = directory.appending(path: "report.html")
    let picture = directory.appending(path: "graph.svg")
    var bytes: [UInt8] = []
    let make = try BenchmarkClock.median(repetitions: repetitions) {
      bytes = try Renderer.render(snapshot, options: RenderOptions(format: .html))
    }
    try Data(bytes).write(to: page)
    try Data(Renderer.render(snapshot, options: RenderOptions(format: .svg))).write(to: picture)

    let driver = try ChromeDriver.start()
    defer { driver.stop() }
    let browser = try driver.openSession()
    defer { browser.close() }
    let svgLoad = try BenchmarkClock.median(repetitions: repetitions) {
      try browser.navigate(to: URL(filePath: "/dev/null"))
      try browser.navigate(to: picture)
      try browser.wait(until: "return document.readyState === 'complete'")
    }
    let ready = try BenchmarkClock.median(repetitions: repetitions) {
      try browser.navigate(to: URL(filePath: "/dev/null"))
      try browser.navigate(to: page)
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
    }
    let rows = try browser.execute("return document.querySelectorAll('#timeline .entry').length") as? Int ?? -1
    print(
      "\(workload) nodes=\(snapshot.nodes.count) actions=\(snapshot.actions.count) make_s=\(format(make / 1e9))"
        + " ready_s=\(format(ready / 1e9)) svg_load_s=\(format(svgLoad / 1e9))"
        + " ratio=\(format(ready / svgLoad)) page_mb=\(String(format: "%.1f", Double(bytes.count) / 1_048_576))"
        + " timeline_rows_in_dom=\(rows)")
  }

  /// The R1 graph's first 100 nodes, a store with one slice, and `actions` actions on it.
  private static func longHistory(actions count: Int) -> Snapshot {
    var snapshot = LayeredDAG(count: 100).snapshot
    snapshot.nodes.append(SnapshotNode(id: "app", kind: .store, label: "app", valueType: "AppState"))
    snapshot.nodes.append(SnapshotNode(id: "app.user", kind: .slice, label: "user", owner: "app", valueType: "User"))
    snapshot.actions = (1...count).map { seq in
      SnapshotAction(
        seq: seq, store: "app", name: "user(.rename)", payload: "\"name \(seq)\"", atNanos: seq * 1_000,
        durationNanos: 1_000 + seq % 900,
        changes: [SnapshotChange(path: "user.name", before: "\"name \(seq - 1)\"", after: "\"name \(seq)\"")])
    }
    return snapshot
  }

  private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
