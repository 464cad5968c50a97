import Foundation
import GraphShapes
import RecoilSnapshot
import WebDriver

/// R3: `recoil-inspect` drawing the layered DAG's overview, as a user runs it (a separate
/// process reading a snapshot file: decode, group, lay out, write), on 30,000 and 100,000
/// nodes from a pretty-printed and a one-line file; the report of 30,000 nodes (made by the
/// process, then ready in headless Chromium); then `--full` on 30,000 (sfdp), and plain
/// `dot -Tsvg` on the same 30,000 nodes beside it, stopped after `dotSeconds`.
///
/// Goals (issue 33): overview of 30,000 in at most 10 s with the process's peak memory under
/// 500 MB; its report ready in Chromium in at most 5 s; 100,000 in at most 30 s; `--full` on
/// 30,000 in at most 60 s. Peak memory is the
/// largest child's so far (`RUSAGE_CHILDREN`), so sizes run smallest first.
enum OverviewBenchmark {
  static let dotSeconds = 300.0

  static func run(sizes: [Int], repetitions: Int) throws {
    let inspect = Bundle.main.bundleURL.appending(path: "recoil-inspect").path
    guard FileManager.default.isExecutableFile(atPath: inspect) else {
      print("R3 skipped: \(inspect) is not built ('swift build -c release' builds it)")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-r3-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "graph.svg").path
    for size in sizes {
      let graph = LayeredDAG(count: size)
      var line = "R3 n=\(size)"
      for layout in [SnapshotCodec.Layout.pretty, .compact] {
        let input = directory.appending(path: layout == .pretty ? "pretty.json" : "one-line.json")
        try SnapshotCodec.encode(graph.snapshot, layout: layout).write(to: input)
        let seconds = try BenchmarkClock.median(repetitions: repetitions) {
          try runToCompletion(inspect, [input.path, "-o", output, "-q"])
        }
        line += layout == .pretty ? " overview_pretty_s=" : " overview_one_line_s="
        line += RenderBenchmark.format(seconds / 1e9)
      }
      print(line + " peak_rss_mb=\(String(format: "%.0f", BenchmarkClock.peakResidentMiB(children: true)))")
    }
    guard let first = sizes.first else { return }
    try runReport(inspect, size: first, directory: directory, repetitions: repetitions)
    let graph = LayeredDAG(count: first)
    let input = directory.appending(path: "full.json")
    try SnapshotCodec.encode(graph.snapshot, layout: .compact).write(to: input)
    let full = try BenchmarkClock.median(repetitions: 1) {
      try runToCompletion(inspect, [input.path, "--full", "-o", output, "-q"])
    }
    var line = "R3 n=\(first) full_sfdp_s=\(RenderBenchmark.format(full / 1e9))"
    if let dot = BenchmarkTools.find("dot") {
      let dotInput = directory.appending(path: "dag.dot")
      try graph.dot.write(to: dotInput, atomically: true, encoding: .utf8)
      let start = DispatchTime.now().uptimeNanoseconds
      let finished = try runToCompletion(dot, ["-Tsvg", dotInput.path, "-o", output], timeout: dotSeconds)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      line += finished ? " dot_s=\(RenderBenchmark.format(seconds))" : " dot_s=>\(Int(dotSeconds)) (stopped)"
    } else {
      line += " dot_s=n/a"
    }
    print(line + " peak_rss_mb=\(String(format: "%.0f", BenchmarkClock.peakResidentMiB(children: true)))")
  }

  /// The report of `size` nodes: `recoil-inspect report` as a process (its overview, and every
  /// group's inside laid out), then the page in headless Chromium until its script is ready.
  private static func runReport(_ inspect: String, size: Int, directory: URL, repetitions: Int) throws {
    let input = directory.appending(path: "report.json")
    try SnapshotCodec.encode(LayeredDAG(count: size).snapshot, layout: .compact).write(to: input)
    let page = directory.appending(path: "report.html")
    let make = try BenchmarkClock.median(repetitions: repetitions) {
      try runToCompletion(inspect, ["report", input.path, "-o", page.path, "-q"])
    }
    var line = "R3 n=\(size) report_s=\(RenderBenchmark.format(make / 1e9))"
    line += " peak_rss_mb=\(String(format: "%.0f", BenchmarkClock.peakResidentMiB(children: true)))"
    let megabytes =
      Double((try? FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int) ?? 0) / 1_048_576
    line += " page_mb=\(String(format: "%.1f", megabytes))"
    guard BenchmarkTools.find("chromedriver") != nil else {
      print(line + " ready_s=n/a (no chromedriver)")
      return
    }
    let driver = try ChromeDriver.start()
    defer { driver.stop() }
    let browser = try driver.openSession()
    defer { browser.close() }
    let ready = try BenchmarkClock.median(repetitions: repetitions) {
      try browser.navigate(to: URL(filePath: "/dev/null"))
      try browser.navigate(to: page)
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
    }
    print(line + " ready_s=\(RenderBenchmark.format(ready / 1e9))")
  }

  /// Runs a program to its end, or stops it after `timeout` seconds; whether it finished.
  @discardableResult
  private static func runToCompletion(_ executable: String, _ arguments: [String], timeout: Double? = nil) throws
    -> Bool
  {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    try process.run()
    if let timeout {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning && Date() < deadline { usleep(50_000) }
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        return false
      }
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(
        .executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) exited \(process.terminationStatus)"])
    }
    return true
  }
}
