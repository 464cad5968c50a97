import Foundation
import GraphShapes
import RecoilSnapshot

/// `recoil-bench graph SHAPE COUNT FILE`: writes a generated graph as a one-line snapshot (or,
/// for `events`, L1's event log as JSON Lines), so that `recoil-inspect` (and
/// `Scripts/bench-compare`, with two builds) can be timed on it.
enum GraphFile {
  static func write(_ arguments: [String]) throws {
    guard arguments.count == 3, let count = Int(arguments[1]), count > 0 else {
      throw usage("expected SHAPE COUNT FILE")
    }
    let snapshot: Snapshot
    switch arguments[0] {
    case "events":
      // L1's event log, as JSON Lines.
      try ReplayBenchmark.writeLog(events: count, to: URL(filePath: arguments[2]))
      return
    case "actions": snapshot = DecodeBenchmark.makeSnapshot(actions: count)  // D1's
    case "layered": snapshot = LayeredDAG(count: count).snapshot
    case let name:
      guard let shape = AppShapedGraph.Shape(rawValue: name) else {
        throw usage("unknown shape '\(name)'; known: layered, app, tangled, events, actions")
      }
      snapshot = AppShapedGraph(shape: shape, count: count).snapshot
    }
    try SnapshotCodec.encode(snapshot, layout: .compact).write(to: URL(filePath: arguments[2]))
  }

  private static func usage(_ message: String) -> CocoaError {
    CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "recoil-bench graph: \(message)"])
  }
}
