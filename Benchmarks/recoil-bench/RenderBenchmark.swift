import Foundation
import GraphShapes
import RecoilRender
import RecoilSnapshot

/// R1: our SVG render of the whole layered DAG (`--full`: no overview, so both draw every
/// node), beside `dot -Tsvg` on the same graph as plain DOT when the `dot` program is
/// installed (its whole-process wall time, as the anchor measures).
enum RenderBenchmark {
  static func run(sizes: [Int], repetitions: Int) throws {
    let dot = BenchmarkTools.find("dot")
    for size in sizes {
      let graph = LayeredDAG(count: size)
      let snapshot = graph.snapshot
      var bytes = 0
      let ours = try BenchmarkClock.median(repetitions: repetitions) {
        bytes = try Renderer.render(snapshot, options: wholeGraph).count
      }
      let peak = BenchmarkClock.peakResidentMiB()
      var line = "R1 n=\(size) ours_s=\(format(ours / 1e9))"
      if let dot {
        let theirs = try timeDot(dot, graph: graph, repetitions: repetitions)
        line += " dot_s=\(format(theirs / 1e9)) ratio=\(format(theirs / ours))"
      } else {
        line += " dot_s=n/a ratio=n/a"
      }
      print(line + " peak_rss_mb=\(String(format: "%.0f", peak)) svg_kb=\(bytes / 1024)")
      try printFromFiles(snapshot, size: size, repetitions: repetitions)
    }
  }

  /// The same render from a snapshot file, as `recoil-inspect` does it: read, decode, draw.
  /// Once from a pretty-printed file and once from the same snapshot on one line, which
  /// used to decode in quadratic time.
  private static func printFromFiles(_ snapshot: Snapshot, size: Int, repetitions: Int) throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-r1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var times: [String] = []
    for layout in [SnapshotCodec.Layout.pretty, .compact] {
      let url = directory.appending(path: layout == .pretty ? "pretty.json" : "one-line.json")
      try SnapshotCodec.encode(snapshot, layout: layout).write(to: url)
      let seconds = try BenchmarkClock.median(repetitions: repetitions) {
        let decoded = try SnapshotCodec.decode(Data(contentsOf: url))
        _ = try Renderer.render(decoded, options: wholeGraph)
      }
      times.append(format(seconds / 1e9))
    }
    print("R1 n=\(size) from_pretty_file_s=\(times[0]) from_one_line_file_s=\(times[1])")
  }

  private static func timeDot(_ dot: String, graph: LayeredDAG, repetitions: Int) throws -> Double {
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "dag.dot")
    try graph.dot.write(to: input, atomically: true, encoding: .utf8)
    let output = directory.appending(path: "dag.svg").path
    return try BenchmarkClock.median(repetitions: repetitions) {
      let process = Process()
      process.executableURL = URL(filePath: dot)
      process.arguments = ["-Tsvg", input.path, "-o", output]
      try process.run()
      process.waitUntilExit()
    }
  }

  /// SVG of every node, whatever the size.
  static var wholeGraph: RenderOptions {
    var options = RenderOptions(format: .svg)
    options.full = true
    return options
  }

  static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
