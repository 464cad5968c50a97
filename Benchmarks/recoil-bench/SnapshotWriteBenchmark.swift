import Foundation
import RecoilInspector
import RecoilSnapshot
import RecoilStores

/// W1: `Inspector.writeSnapshot` with its default action capacity full (10,000 actions on a
/// store with a small state), the first write after recording, which makes every action's
/// name, payload preview and diff. The baseline from the same run is encoding and atomically
/// writing that same finished snapshot: the floor that making the records sits on. Goal: at
/// most 50 ms.
enum SnapshotWriteBenchmark {
  /// Equatable, as store state nearly always is (TestStore asks for it): the diff compares
  /// before reflecting.
  struct Session: Sendable, Equatable {
    var user = "ann"
    var count = 0
    var items = ["boots", "gloves", "hat"]
    var lastEvent = "opened"
  }

  enum Event: Sendable {
    case tap(times: Int)
    case rename(String)
    case note(String)
  }

  static let reducer = Reducer<Session, Event> { state, event in
    switch event {
    case .tap(let times): state.count += times
    case .rename(let name): state.user = name
    case .note(let text): state.lastEvent = text
    }
  }

  static func run(repetitions: Int) throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "recoil-bench-w1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: "session.snapshot.json")
    var ours: [Double] = []
    var floor: [Double] = []
    var bytes = 0
    for _ in 0..<repetitions {
      let inspector = Inspector()
      let store = Store(initialState: Session(), reducer: reducer, name: "session")
      inspector.attach(store)
      for index in 0..<inspector.configuration.actionCapacity {
        switch index % 3 {
        case 0: store.dispatch(.tap(times: index % 5 + 1))
        case 1: store.dispatch(.rename(index % 2 == 0 ? "ann" : "bob"))
        default: store.dispatch(.note("step \(index)"))
        }
      }
      let start = BenchmarkClock.nanos()
      try inspector.writeSnapshot(to: url)
      ours.append(Double(BenchmarkClock.nanos() - start))
      let snapshot = inspector.snapshot()
      let floorStart = BenchmarkClock.nanos()
      try AtomicFile.write(SnapshotCodec.encode(snapshot), to: url)
      floor.append(Double(BenchmarkClock.nanos() - floorStart))
      bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
    let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
    let (write, encode) = (median(ours), median(floor))
    print(
      "W1 actions=10000 kb=\(bytes / 1024) ours_ms=\(format(write / 1e6)) encode_and_write_ms=\(format(encode / 1e6))"
        + " ratio=\(format(write / encode))")
  }

  static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
