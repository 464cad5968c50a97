import Foundation
import GraphShapes
import RecoilSnapshot

/// A1: `recoil-inspect` on graphs shaped like apps (``AppShapedGraph``: namespaces that all
/// read each other, families, stores), beside plain `dot -Tsvg` on the 3,000-node app graph
/// in the same run: the overview of 30,000 and 100,000 nodes of both shapes, the report of
/// 30,000, and `--full` on 3,000. Each as a process reading a one-line snapshot file.
///
/// Goals (issue 59): the overview of 30,000 within 5 times dot's 3,000 and of 100,000 within 15
/// times; the report of 30,000 within 10 times; `--full` on 3,000 no slower than dot on it.
enum AppOverviewBenchmark {
  static func run(sizes: [Int], repetitions: Int) throws {
    guard let inspect = ReplayBenchmark.siblingExecutable("recoil-inspect") else {
      print("A1 skipped: build recoil-inspect first (swift build -c release)")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-a1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "out.svg").path
    let small = AppShapedGraph(shape: .app, count: 3_000)
    let smallFile = directory.appending(path: "app-3000.json")
    try SnapshotCodec.encode(small.snapshot, layout: .compact).write(to: smallFile)

    var dotSeconds = Double.nan
    if let dot = BenchmarkTools.find("dot") {
      let dotFile = directory.appending(path: "app-3000.dot")
      try small.dot.write(to: dotFile, atomically: true, encoding: .utf8)
      dotSeconds = try median(repetitions) {
        try BenchmarkTools.runMeasured(dot, ["-Tsvg", dotFile.path, "-o", output])
      }
    }
    let full = try median(repetitions) {
      try BenchmarkTools.runMeasured(inspect, [smallFile.path, "--full", "-o", output, "-q"])
    }
    print("A1 shape=app n=3000 full_s=\(format(full)) dot_s=\(format(dotSeconds)) ratio=\(format(full / dotSeconds))")

    for shape in AppShapedGraph.Shape.allCases {
      for size in sizes {
        let file = directory.appending(path: "\(shape)-\(size).json")
        try SnapshotCodec.encode(AppShapedGraph(shape: shape, count: size).snapshot, layout: .compact).write(to: file)
        var peak = 0.0
        let overview = try median(repetitions) {
          let run = try BenchmarkTools.runMeasured(inspect, [file.path, "-o", output, "-q"])
          peak = max(peak, run.peakMiB)
          return run
        }
        var line = "A1 shape=\(shape) n=\(size) overview_s=\(format(overview)) ratio=\(format(overview / dotSeconds))"
        if size == sizes.first {
          let page = directory.appending(path: "report.html").path
          let report = try median(1) {
            let run = try BenchmarkTools.runMeasured(inspect, ["report", file.path, "-o", page, "-q"])
            peak = max(peak, run.peakMiB)
            return run
          }
          line += " report_s=\(format(report)) report_ratio=\(format(report / dotSeconds))"
        }
        print(line + " peak_rss_mb=\(String(format: "%.0f", peak))")
      }
    }
  }

  /// The median wall time, in seconds, of `repetitions` runs.
  private static func median(_ repetitions: Int, _ body: () throws -> (nanos: Double, peakMiB: Double)) rethrows
    -> Double
  {
    var samples: [Double] = []
    for _ in 0..<max(repetitions, 1) { samples.append(try body().nanos / 1e9) }
    return samples.sorted()[samples.count / 2]
  }

  private static func format(_ seconds: Double) -> String {
    seconds.isNaN ? "n/a" : String(format: "%.3f", seconds)
  }
}
