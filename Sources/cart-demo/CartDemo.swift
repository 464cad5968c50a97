import Foundation
import RecoilInspector
import RecoilSnapshot
import RecoilStores

/// `cart-demo --out DIR`: runs a scripted shopping session with the inspector attached and
/// writes `DIR/cart.snapshot.json` and `DIR/cart.events.jsonl`. The session keeps a preference
/// in a file (an atom persistence effect), reads async nodes together (`waitForAll`), and ends
/// by replaying its stores' action logs into fresh stores to check that they reproduce its
/// states.
///
/// `cart-demo --stream ENDPOINT` plays the same session to a listening endpoint instead, such
/// as `recoil-inspect live --listen tcp:127.0.0.1:9999`, and writes nothing. With `--pace MS`
/// it waits that long after each step, so a person can watch it; with `--loop` it plays the
/// session again and again until stopped; with `--allow-control` the tool may change it
/// (`recoil-inspect control`, or the live page), and it stays until stopped. An OpenTelemetry
/// collector's receiver (`--stream otlp+http://127.0.0.1:4318`) gets the session as traces.
@main
struct CartDemo {
  static let usage =
    "usage: cart-demo [--out DIR] | cart-demo --stream tcp:HOST:PORT|unix:PATH|otlp+http://HOST:PORT [--pace MS] [--loop] [--allow-control]\n"

  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func take(_ option: String) -> String? {
      guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
      defer { arguments.removeSubrange(index...index + 1) }
      return arguments[index + 1]
    }
    let directory = take("--out")
    let stream = take("--stream")
    let paceText = take("--pace")
    let loops = arguments.contains("--loop")
    let allowsControl = arguments.contains("--allow-control")
    arguments.removeAll { $0 == "--loop" || $0 == "--allow-control" }
    let pace = paceText.flatMap { Int($0) }.flatMap { (0...600_000).contains($0) ? Duration.milliseconds($0) : nil }
    guard arguments.isEmpty, directory == nil || stream == nil,
      stream != nil || (paceText == nil && !loops && !allowsControl),
      paceText == nil || pace != nil
    else {
      if let paceText, pace == nil {
        FileHandle.standardError.write(
          Data("cart-demo: error: --pace \(paceText): expected milliseconds from 0 to 600000\n".utf8))
      }
      FileHandle.standardError.write(Data(usage.utf8))
      exit(64)
    }
    if let stream {
      let endpoint: EventEndpoint
      do {
        endpoint = try EventEndpoint(parsing: stream)
      } catch {
        FileHandle.standardError.write(Data("cart-demo: error: --stream \(stream): \(error.reason)\n".utf8))
        exit(64)
      }
      do {
        try await play(to: endpoint, pace: pace, rounds: loops ? nil : 1, allowsControl: allowsControl)
        print("cart-demo: played the session to \(endpoint.description)")
      } catch {
        FileHandle.standardError.write(Data("cart-demo: error: \(error)\n".utf8))
        exit(69)
      }
      return
    }
    do {
      let (snapshot, events) = try await record(into: URL(filePath: directory ?? ".", directoryHint: .isDirectory))
      print("cart-demo: wrote \(snapshot.path(percentEncoded: false)) and \(events.path(percentEncoded: false))")
    } catch {
      FileHandle.standardError.write(Data("cart-demo: error: \(error)\n".utf8))
      exit(73)
    }
  }

  /// Plays the scenario to a live endpoint `rounds` times (`nil`: until stopped), waiting
  /// `pace` after each step, writing nothing. With `allowsControl`, the tool may change the
  /// app (see `RemoteControl`), and after its rounds the app stays, connected, until stopped.
  static func play(
    to endpoint: EventEndpoint, pace: Duration? = nil, rounds: Int? = 1, allowsControl: Bool = false
  ) async throws {
    var configuration = InspectorConfiguration()
    configuration.timing = .everyOperation
    configuration.appName = "cart-demo"
    if allowsControl { configuration.remoteControl = .everything }
    let inspector = Inspector(configuration: configuration)
    try inspector.startStreaming(to: endpoint)
    let scenario = CartScenario(inspector: inspector, pace: pace)
    await scenario.run(rounds: rounds)
    if allowsControl {
      // Written at once (not buffered): a script waits for it before it asks.
      FileHandle.standardOutput.write(
        Data("cart-demo: played the session; the tool may change it now (Ctrl-C to stop)\n".utf8))
      await scenario.stayOpen()
    }
    inspector.stopStreaming()
    // Replaying checks one session's log against its states.
    if rounds == 1 { try checkReplay(of: scenario) }
  }

  /// Replays the session's recorded actions into fresh stores and checks that they end where
  /// the session's stores did: the log alone reproduces the states.
  static func checkReplay(of scenario: CartScenario) throws {
    let app = Store(initialState: AppState(), reducer: AppReducers.app, name: "app-replay")
    app.replay(scenario.appStore.actionLog())
    let cart = Store<CartState, CartAction>(initialState: CartState(), name: "cart-replay")
    cart.registerSlice(\.lines, name: "lines", reducer: CartReducers.lines)
    cart.registerSlice(\.checkout, name: "checkout", reducer: CartReducers.checkout)
    cart.replay(scenario.cartStore.actionLog())
    guard app.state == scenario.appStore.state, cart.state == scenario.cartStore.state else {
      throw ReplayMismatch()
    }
  }

  struct ReplayMismatch: Error, CustomStringConvertible {
    var description: String { "replaying the recorded actions did not reproduce the session's states" }
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
    try checkReplay(of: scenario)
    return (snapshot, events)
  }
}
