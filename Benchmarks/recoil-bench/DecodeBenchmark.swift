import Foundation
import RecoilSnapshot

/// D1: decoding and validating a large snapshot written on one line (as `JSONEncoder`, `jq -c`
/// or Python's `json.dump` write it). Two baselines from the same run: an eighth of the file
/// (so the ratio shows whether decoding is linear: 8 means linear, goal at most 12) and
/// Python's C-accelerated `json.load` parsing the whole file (goal: ours takes no longer).
enum DecodeBenchmark {
  static func run(actions: Int, repetitions: Int) throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-d1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = directory.appending(path: "whole.json")
    let eighth = directory.appending(path: "eighth.json")
    try SnapshotCodec.encode(makeSnapshot(actions: actions), layout: .compact).write(to: whole)
    try SnapshotCodec.encode(makeSnapshot(actions: actions / 8), layout: .compact).write(to: eighth)
    let wholeBytes = try FileManager.default.attributesOfItem(atPath: whole.path)[.size] as? Int ?? 0

    let ours = try BenchmarkClock.median(repetitions: repetitions) { try validate(whole) }
    let small = try BenchmarkClock.median(repetitions: repetitions) { try validate(eighth) }
    var line =
      "D1 mb=\(wholeBytes / 1_000_000) actions=\(actions) ours_s=\(format(ours / 1e9))"
      + " eighth_s=\(format(small / 1e9)) linear_ratio=\(format(ours / small))"
    if let python = try pythonParseSeconds(whole, repetitions: repetitions) {
      line += " python_json_load_s=\(format(python)) ratio=\(format(ours / 1e9 / python))"
    } else {
      line += " python_json_load_s=n/a ratio=n/a"
    }
    print(line)
  }

  /// What `recoil-inspect validate` does: read, decode and check the file, then count nodes.
  private static func validate(_ url: URL) throws {
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: url))
    precondition(!snapshot.nodes.isEmpty && !snapshot.actions.isEmpty)
  }

  /// A state graph of `actions / 8` nodes (values and evaluation statistics on each), two
  /// edges per selector, and `actions` store actions with three changes each.
  static func makeSnapshot(actions: Int) -> Snapshot {
    var snapshot = Snapshot()
    let nodeCount = max(actions / 8, 16)
    for index in 0..<nodeCount {
      let isAtom = index % 4 == 0
      var node = SnapshotNode(id: "Feature\(index % 97).node\(index)", kind: isAtom ? .atom : .selector)
      node.valueType = isAtom ? "Int" : "[String: Decimal]"
      node.value = isAtom ? "\(index * 7)" : "[\"sku-\(index)\": 12.50, \"sku-\(index + 1)\": 3.99]"
      node.status = .ready
      node.subscribers = index % 3
      if !isAtom {
        node.evaluations = SnapshotEvaluations(
          count: index % 50 + 1, totalNanos: 12_345 * (index % 50 + 1), minNanos: 900, maxNanos: 48_000,
          lastNanos: 2_100, timedCount: index % 50 / 32 + 1)
        snapshot.edges.append(SnapshotEdge(from: snapshot.nodes[index - index % 4].id, to: node.id))
        snapshot.edges.append(SnapshotEdge(from: snapshot.nodes[index - 1].id, to: node.id))
      }
      snapshot.nodes.append(node)
    }
    for seq in 1...actions {
      snapshot.actions.append(
        SnapshotAction(
          seq: seq, store: seq % 3 == 0 ? "cart" : "app", name: "lines(.setQuantity)",
          payload: "(sku: \"sku-\(seq % 1000)\", quantity: \(seq % 9), note: \"gift wrap, leave at the side door\")",
          atNanos: seq * 1_250,
          durationNanos: seq % 32 == 1 ? 1_800 + seq % 700 : nil,
          changes: [
            SnapshotChange(path: "lines[\(seq % 40)].quantity", before: "\(seq % 9)", after: "\((seq + 1) % 9)"),
            SnapshotChange(path: "totals.subtotal", before: "Decimal(\(seq).25)", after: "Decimal(\(seq + 3).75)"),
            SnapshotChange(
              path: "session.lastEvent", before: "\"checkout step \(seq % 5) of 5 for order #\(seq - 1)\"",
              after: "\"checkout step \((seq + 1) % 5) of 5 for order #\(seq)\""),
          ]))
    }
    return snapshot
  }

  /// Python's `json.load` on the file, timed inside Python (no interpreter start-up), or `nil`
  /// when python3 is not installed.
  private static func pythonParseSeconds(_ url: URL, repetitions: Int) throws -> Double? {
    guard let python = BenchmarkTools.find("python3") else { return nil }
    let script = """
      import json, sys, time
      samples = []
      for _ in range(int(sys.argv[2])):
          t = time.perf_counter()
          with open(sys.argv[1], 'rb') as f: json.load(f)
          samples.append(time.perf_counter() - t)
      samples.sort()
      print(samples[len(samples) // 2])
      """
    let output = try BenchmarkTools.capture(python, ["-c", script, url.path, String(repetitions)])
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
