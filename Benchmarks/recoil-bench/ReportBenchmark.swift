import Foundation
import GraphShapes
import RecoilRender
import RecoilSnapshot
import WebDriver

/// H1, H2 and H3: the HTML report in headless Chromium (driven over WebDriver).
///
/// - H1: the 3,000-node R1 graph. Goal: ready in under 3 s.
/// - H2: a small graph with 100,000 recorded actions. Goal: ready in under 10 s.
/// - H3: the 3,000-node graph with a causal timeline of 100,000 entries (writes of its atoms,
///   evaluations of its selectors, each with its value): stepping to an entry, which sets
///   every node's value as of it (labels, `data-value`, details). Goal: under 16 ms, a frame.
///
/// "Ready" is from the start of navigation until the page's script has set `data-ready`: the
/// HTML parsed, the SVG laid out by the browser, the data read and the first timeline rows drawn.
/// The baseline, measured in the same run and browser, is loading the plain SVG of the same
/// graph (`render -o graph.svg`): what the browser needs just to show the picture.
enum ReportBenchmark {
  /// The report with every node drawn (`--full`): what H1 and H3 have measured since they
  /// began, though past 500 nodes a report now draws an overview (R3 measures that one).
  static var wholeReport: RenderOptions {
    var options = RenderOptions(format: .html)
    options.full = true
    return options
  }

  static func run(_ workload: String, repetitions: Int) throws {
    let snapshot = workload == "H1" ? LayeredDAG(count: 3_000).snapshot : longHistory(actions: 100_000)
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-report-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let page = directory.appending(path: "report.html")
    let picture = directory.appending(path: "graph.svg")
    var bytes: [UInt8] = []
    let make = try BenchmarkClock.median(repetitions: repetitions) {
      bytes = try Renderer.render(snapshot, options: wholeReport)
    }
    try Data(bytes).write(to: page)
    try Data(Renderer.render(snapshot, options: RenderBenchmark.wholeGraph)).write(to: picture)

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

  /// H3: steps through a 100,000-entry timeline of the 3,000-node graph, from `samples`
  /// entries spread over it, each one step (→) from an entry chosen by the address (the first
  /// three, made while the page's script still compiles, said apart), then jumps
  /// from end to end (End, Home), which changes nearly every value; the time is the page's own
  /// work for the key (its handler, in the page's clock), not the paint after it.
  static func runStepping(samples: Int) throws {
    let snapshot = steppedGraph(entries: 100_000)
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-step-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appending(path: "report.html")
    let bytes = try Renderer.render(snapshot, options: wholeReport)
    try Data(bytes).write(to: page)
    let driver = try ChromeDriver.start()
    defer { driver.stop() }
    let browser = try driver.openSession()
    defer { browser.close() }
    let start = BenchmarkClock.nanos()
    try browser.navigate(to: page)
    try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
    let ready = Double(BenchmarkClock.nanos() - start)
    var times: [Double] = []
    for sample in 0..<samples {
      let seq = 1 + (sample * 99_991) % 99_999
      try browser.execute("location.hash = '#seq=\(seq)'")
      try browser.wait(
        until: "return document.querySelector('#timeline .entry.current')?.getAttribute('data-seq') === '\(seq)'")
      let elapsed = try browser.execute(
        """
        document.getElementById('timeline').focus();
        const before = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        return performance.now() - before;
        """)
      times.append((elapsed as? Double) ?? Double(elapsed as? Int ?? -1))
    }
    // Jumps across the whole timeline (End, then Home, ...): nearly every node's value
    // changes.
    var jumps: [Double] = []
    for sample in 0..<max(samples / 2, 5) {
      let elapsed = try browser.execute(
        """
        const before = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], bubbles: true }));
        return performance.now() - before;
        """, [sample.isMultiple(of: 2) ? "End" : "Home"])
      jumps.append((elapsed as? Double) ?? Double(elapsed as? Int ?? -1))
    }
    jumps.sort()
    let withHistory =
      try browser.execute(
        "return document.querySelectorAll('#graph g.node[data-value]').length") as? Int ?? -1
    if ProcessInfo.processInfo.environment["RECOIL_BENCH_VERBOSE"] != nil {
      print("H3 samples_ms=\(times.map { format($0) })")
    }
    // The first steps after the page opened run while its script is still being compiled:
    // said on their own, as the first steps a user takes.
    let first = times.prefix(3).map { format($0) }.joined(separator: ",")
    times = Array(times.dropFirst(3))
    times.sort()
    print(
      "H3 nodes=\(snapshot.nodes.count) entries=\(snapshot.timeline.count) ready_s=\(format(ready / 1e9))"
        + " step_ms_median=\(format(times[times.count / 2])) step_ms_max=\(format(times.last ?? -1))"
        + " jump_ms_median=\(format(jumps[jumps.count / 2])) jump_ms_max=\(format(jumps.last ?? -1))"
        + " first_steps_ms=\(first) nodes_with_values=\(withHistory) page_mb=\(String(format: "%.1f", Double(bytes.count) / 1_048_576))"
    )
  }

  /// The R1 graph with a causal timeline of `entries` entries: each a write of one of its
  /// atoms or an evaluation of one of its selectors, with the value, spread over every node.
  private static func steppedGraph(entries count: Int) -> Snapshot {
    var snapshot = LayeredDAG(count: 3_000).snapshot
    let atoms = snapshot.nodes.filter { $0.kind == .atom }.map(\.id)
    let selectors = snapshot.nodes.filter { $0.kind == .selector }.map(\.id)
    snapshot.timeline = (1...count).map { seq in
      if seq.isMultiple(of: 2) {
        let atom = atoms[(seq / 2) % atoms.count]
        return SnapshotEntry(
          seq: seq, kind: .write, node: atom, before: "\(seq - 2)", after: "\(seq)", atNanos: seq * 1_000)
      }
      let selector = selectors[(seq / 2) % selectors.count]
      return SnapshotEntry(
        seq: seq, kind: .evaluation, cause: seq - 1, node: selector, trigger: "first read", changed: true,
        value: "\(seq)", durationNanos: 900, atNanos: seq * 1_000)
    }
    return snapshot
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
