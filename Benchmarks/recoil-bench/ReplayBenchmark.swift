import Foundation
import RecoilSnapshot

/// L1: `recoil-inspect live FILE` replaying a long event log (1,000,000 events, about 96 MB of
/// JSON Lines) to /dev/null, beside Python's `json.loads` parsing the same lines in the same
/// run. Goals: at most half of Python's time, and a peak resident size under 64 MiB (events
/// are streamed, not loaded whole).
///
/// Needs the release-built `recoil-inspect` beside this executable (`swift build -c release`).
enum ReplayBenchmark {
  static func run(events: Int, repetitions: Int) throws {
    guard let tool = siblingExecutable("recoil-inspect") else {
      print("L1 skipped: build recoil-inspect first (swift build -c release)")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-l1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appending(path: "events.jsonl")
    try writeLog(events: events, to: log)
    let bytes = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int ?? 0

    var samples: [Double] = []
    var peak = 0.0
    for _ in 0..<repetitions {
      let run = try BenchmarkTools.runMeasured(tool, ["live", log.path])
      samples.append(run.nanos)
      peak = max(peak, run.peakMiB)
    }
    let ours = samples.sorted()[samples.count / 2]
    // The decoder alone, in process, to show how `live`'s time divides.
    let lines = try Data(contentsOf: log).split(separator: 0x0A)
    let decodeOnly = try BenchmarkClock.median(repetitions: repetitions) {
      for line in lines { _ = try InspectorEventCodec.decode(line: line) }
    }
    var line =
      "L1 events=\(events) mb=\(bytes / 1_000_000) ours_s=\(format(ours / 1e9)) decode_only_s=\(format(decodeOnly / 1e9))"
    if let python = BenchmarkTools.find("python3") {
      let script = """
        import json, sys, time
        samples = []
        for _ in range(int(sys.argv[2])):
            t = time.perf_counter()
            with open(sys.argv[1], 'rb') as f:
                for line in f: json.loads(line)
            samples.append(time.perf_counter() - t)
        samples.sort()
        print(samples[len(samples) // 2])
        """
      let output = try BenchmarkTools.capture(python, ["-c", script, log.path, String(repetitions)])
      let theirs = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
      line += " python_json_loads_s=\(format(theirs)) ratio=\(format(ours / 1e9 / theirs))"
    } else {
      line += " python_json_loads_s=n/a ratio=n/a"
    }
    print(line + " peak_rss_mb=\(String(format: "%.0f", peak))")
  }

  /// A recording's worth of events: evaluations, node updates, actions with changes, edges.
  static func writeLog(events: Int, to url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var block = ""
    for index in 0..<events {
      let at = index * 1_250
      let event: InspectorEvent
      switch index % 20 {
      case 0..<11:
        event = InspectorEvent(
          atNanos: at,
          kind: .evaluation(
            EvaluationEvent(
              node: "Price.line#\(index % 500)", durationNanos: 800 + index % 3_000,
              trigger: "dependency Cart.qty#\(index % 500)", changed: index % 7 != 0)))
      case 11..<16:
        var node = SnapshotNode(id: "Cart.qty#\(index % 500)", kind: .atom)
        node.value = "\(index % 9)"
        node.subscribers = 1
        event = InspectorEvent(atNanos: at, kind: .node(node))
      case 16..<19:
        event = InspectorEvent(
          atNanos: at,
          kind: .action(
            SnapshotAction(
              seq: index / 20 + 1, store: "cart", name: "setQuantity", payload: "\(index % 9)",
              durationNanos: 1_500,
              changes: [SnapshotChange(path: "q[\(index % 40)]", before: "\(index % 9)", after: "\((index + 1) % 9)")]))
        )
      default:
        event = InspectorEvent(
          atNanos: at, kind: .edgeAdded(SnapshotEdge(from: "Cart.qty#\(index % 500)", to: "Price.total")))
      }
      block += InspectorEventCodec.encode(event)
      block += "\n"
      if block.utf8.count > 1 << 20 {
        handle.write(Data(block.utf8))
        block = ""
      }
    }
    handle.write(Data(block.utf8))
  }

  static func siblingExecutable(_ name: String) -> String? {
    let url = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: name)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url.path : nil
  }

  static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
