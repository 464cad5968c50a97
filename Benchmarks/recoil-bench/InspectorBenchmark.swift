import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilStores

/// S1 and G3 with an inspector attached and recording to memory, beside the same workloads
/// without it, in one run: `S1+inspector ns_per_op=… plain_ns_per_op=… ratio=…`. The
/// inspector times by sample (its default) or, for `S1+inspector-every`, every operation.
///
/// `S1+detached` and `G3+detached` run the workloads on a store or container that an
/// inspector watched and let go, beside ones never watched: what nobody watches must cost
/// nothing, the causal timeline's cause context included.
///
/// `S1+stalled` runs S1 with the inspector attached and streaming live to a listener that
/// stopped reading (`recoil-inspect live`, built beside this benchmark, stopped with SIGSTOP),
/// once the stream's buffers are full: a listener that does not keep up must not slow the app.
///
/// `S1+stream` runs S1 with the inspector attached and its live stream written to
/// `/dev/null`: a listener that keeps up, the stream's own cost.
///
/// `S1+otlp` runs S1 with the inspector attached and its live stream going to an OpenTelemetry
/// collector on loopback (a Python HTTP server answering every POST with 200): the app's side
/// of exporting traces, whose spans are made and sent on the stream's thread.
enum InspectorBenchmark {
  /// How the measured store or container is watched.
  enum Watching {
    case attached
    case detached
    case streamingToStalledListener
    case exportingTraces
    case streamingToFile
  }

  static func run(
    _ workload: String, timing: RecordingTiming = .sampled, watching: Watching = .attached, repetitions: Int
  ) {
    let mode: (Bool) -> Mode = { inspected in
      guard inspected else { return .never }
      switch watching {
      case .attached: return .attached
      case .detached: return .detached
      case .streamingToStalledListener: return .streaming
      case .exportingTraces: return .exporting
      case .streamingToFile: return .streamingToFile
      }
    }
    let measure: (Bool) -> GraphBenchmark.Measurement =
      workload == "S1"
      ? { store(mode($0), timing: timing) } : { graph(mode($0), timing: timing) }
    let operations = workload == "S1" ? 1_000_000 : 100_000
    // Measured in rounds of one inspected and one plain run, next to each other so that both
    // see the same phase of a machine whose speed drifts, the first of the pair alternating
    // so that a drift within a round favours neither. The ratio is the median of the rounds'
    // ratios: a phase change between rounds moves both sides of a round together.
    var inspectedSamples: [GraphBenchmark.Measurement] = []
    var plainSamples: [GraphBenchmark.Measurement] = []
    var ratios: [Double] = []
    for round in 0..<repetitions {
      let inspectedFirst = round.isMultiple(of: 2)
      let first = measure(inspectedFirst)
      let second = measure(!inspectedFirst)
      let (inspectedRun, plainRun) = inspectedFirst ? (first, second) : (second, first)
      inspectedSamples.append(inspectedRun)
      plainSamples.append(plainRun)
      ratios.append(inspectedRun.nanos / plainRun.nanos)
    }
    let inspected = GraphBenchmark.median(of: inspectedSamples)
    let plain = GraphBenchmark.median(of: plainSamples)
    let ratio = ratios.sorted()[ratios.count / 2]
    let name =
      workload
      + (watching == .detached
        ? "+detached"
        : watching == .streamingToStalledListener
          ? "+stalled"
          : watching == .exportingTraces
            ? "+otlp"
            : watching == .streamingToFile ? "+stream" : timing == .everyOperation ? "+inspector-every" : "+inspector")
    precondition(inspected.check == plain.check, "\(name) check mismatch")
    let perOperation = inspected.nanos / Double(operations)
    let plainPerOperation = plain.nanos / Double(operations)
    print(
      "\(name) ns_per_op=\(GraphBenchmark.format(perOperation)) plain_ns_per_op=\(GraphBenchmark.format(plainPerOperation)) ratio=\(GraphBenchmark.format(ratio)) check=\(inspected.check)"
    )
  }

  static func inspector(_ timing: RecordingTiming) -> Inspector {
    var configuration = InspectorConfiguration()
    configuration.timing = timing
    return Inspector(configuration: configuration)
  }

  /// Whether the measured store or container is watched now, was watched, or never was.
  enum Mode {
    case never, attached, detached, streaming, exporting, streamingToFile
  }

  static func store(_ mode: Mode, timing: RecordingTiming) -> GraphBenchmark.Measurement {
    let store = Store(initialState: StoreBenchmark.Counter(), reducer: StoreBenchmark.reducer, name: "bench")
    let inspector = inspector(timing)
    if mode != .never {
      let attachment = inspector.attach(store)
      if mode == .detached { attachment.detach() }
    }
    if mode == .streaming {
      // A listener that has stopped reading: the socket's buffers and the stream's queue are
      // full before the measurement starts, and every event after is dropped and counted.
      // The writer tries the listener again only after its backoff's wait, so the queue
      // stays full.
      try? inspector.startStreaming(to: .tcp(host: "127.0.0.1", port: StalledListener.shared.port))
      // The socket takes megabytes before it stops taking more: until then the writer keeps
      // taking what is queued, so actions keep being made and sent in full.
      let warmUp = ContinuousClock.now.advanced(by: .seconds(3))
      while ContinuousClock.now < warmUp { store.dispatch(StoreBenchmark.Add(amount: 0)) }
    }
    if mode == .exporting {
      try? inspector.startStreaming(
        to: .otlp(host: "127.0.0.1", port: TraceSink.shared.port, path: "/v1/traces"))
    }
    if mode == .streamingToFile { try? inspector.startStreaming(to: .file(path: "/dev/null")) }
    defer { if mode == .streaming || mode == .exporting || mode == .streamingToFile { inspector.stopStreaming() } }
    let checksum = StoreBenchmark.Checksum()
    let subscription = store.subscribe { checksum.value &+= $0.counter }
    let start = BenchmarkClock.nanos()
    for _ in 0..<1_000_000 { store.dispatch(StoreBenchmark.Add(amount: 1)) }
    let nanos = Double(BenchmarkClock.nanos() - start)
    withExtendedLifetime((subscription, inspector)) {}
    return GraphBenchmark.Measurement(nanos: nanos, operations: 1_000_000, check: checksum.value)
  }

  static func graph(_ mode: Mode, timing: RecordingTiming) -> GraphBenchmark.Measurement {
    let inspector = inspector(timing)
    let measurement = GraphBenchmark.g3 { container in
      if mode != .never {
        let attachment = inspector.attach(container)
        if mode == .detached { attachment.detach() }
      }
    }
    withExtendedLifetime(inspector) {}
    return measurement
  }
}

/// `recoil-inspect live` listening on a free port, then stopped (SIGSTOP): it accepts
/// connections (the kernel does) and never reads them, until ``stop()``.
final class StalledListener: Sendable {
  static let shared = StalledListener()
  let port: UInt16
  private let process: Process

  private init() {
    process = Process()
    process.executableURL = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(
      path: "recoil-inspect")
    process.arguments = ["live", "--listen", "tcp:127.0.0.1:0"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { fatalError("S1+stalled needs recoil-inspect built beside recoil-bench: \(error)") }
    var said = ""
    while !said.contains("\n") {
      let more = errors.fileHandleForReading.availableData
      if more.isEmpty { break }
      said += String(decoding: more, as: UTF8.self)
    }
    guard let match = said.firstMatch(of: /listening on tcp:127\.0\.0\.1:([0-9]+)/), let port = UInt16(match.1) else {
      fatalError("recoil-inspect live did not say where it listens: \(said)")
    }
    self.port = port
    kill(process.processIdentifier, SIGSTOP)
  }

  /// Ends the listener (stopped, it would not end on a plain terminate).
  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// An OpenTelemetry collector's receiver for `S1+otlp`: a Python HTTP server on a free
/// loopback port that answers every POST with 200 and keeps nothing.
final class TraceSink: Sendable {
  static let shared = TraceSink()
  let port: UInt16
  private let process: Process

  private init() {
    let script = """
      import http.server
      class Sink(http.server.BaseHTTPRequestHandler):
          def do_POST(self):
              self.rfile.read(int(self.headers.get("Content-Length", "0")))
              self.send_response(200)
              self.send_header("Content-Length", "2")
              self.end_headers()
              self.wfile.write(b"{}")
          def log_message(self, *arguments):
              pass
      server = http.server.HTTPServer(("127.0.0.1", 0), Sink)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fatalError("S1+otlp needs python3: \(error)") }
    var said = ""
    while !said.contains("\n") {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      said += String(decoding: more, as: UTF8.self)
    }
    guard let port = UInt16(said.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      fatalError("the trace sink did not say its port: \(said)")
    }
    self.port = port
  }

  /// Ends the sink.
  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
