import Foundation
import RecoilInspector
import RecoilSnapshot

/// `cart-demo --out DIR`: runs a scripted shopping session with the inspector attached and
/// writes `DIR/cart.snapshot.json` and `DIR/cart.events.jsonl`.
@main
struct CartDemo {
  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var directory = "."
    if let index = arguments.firstIndex(of: "--out"), index + 1 < arguments.count {
      directory = arguments[index + 1]
      arguments.removeSubrange(index...index + 1)
    }
    guard arguments.isEmpty else {
      FileHandle.standardError.write(Data("usage: cart-demo [--out DIR]\n".utf8))
      exit(64)
    }
    do {
      let (snapshot, events) = try await record(into: URL(filePath: directory, directoryHint: .isDirectory))
      print("cart-demo: wrote \(snapshot.path(percentEncoded: false)) and \(events.path(percentEncoded: false))")
    } catch {
      FileHandle.standardError.write(Data("cart-demo: error: \(error)\n".utf8))
      exit(73)
    }
  }

  /// Runs the scenario and writes its snapshot and event log into `directory`.
  static func record(into directory: URL) async throws -> (snapshot: URL, events: URL) {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let events = directory.appending(path: "cart.events.jsonl")
    let snapshot = directory.appending(path: "cart.snapshot.json")
    // The event log is appended to while the app runs; start it afresh.
    try? FileManager.default.removeItem(at: events)
    // A session of a few dozen actions: timing every one costs nothing noticeable, and the
    // fixtures then show a duration for each action and evaluation.
    var configuration = InspectorConfiguration()
    configuration.timing = .everyOperation
    let inspector = Inspector(configuration: configuration)
    try inspector.startStreaming(to: .file(path: events.path(percentEncoded: false)))
    let scenario = CartScenario(inspector: inspector)
    await scenario.run()
    inspector.stopStreaming()
    try inspector.writeSnapshot(to: snapshot)
    return (snapshot, events)
  }
}
