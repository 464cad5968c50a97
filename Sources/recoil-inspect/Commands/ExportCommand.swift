import Foundation
import RecoilSnapshot
import RecoilTransport

/// `recoil-inspect export SNAPSHOT --perfetto [-o trace.json]`: a trace for ui.perfetto.dev;
/// `--otlp-json FILE`: the causal timeline as OpenTelemetry traces, for a collector.
struct ExportCommand: Command {
  static let name = "export"
  static let summary =
    "Export a snapshot's timeline as a trace for ui.perfetto.dev, or as OpenTelemetry traces (OTLP JSON)."
  static let operands = "<snapshot>"
  static let discussion = """
    --perfetto writes the Chrome Trace Event Format, which ui.perfetto.dev and chrome://tracing
    open and which scales to millions of events: a process per store and per atom container;
    each recorded action a slice on its store's "actions" track, named by the action, with its
    number, payload and changes in the slice's arguments; from the causal timeline, each
    evaluation a slice on its selector's own track with its trigger, writes, notifications
    and resolutions on a "writes" track, effect runs on an "effects" track, and arrows (flow
    events) from each cause to its effect. Without -o the trace goes beside the snapshot
    (snap.json -> snap.trace.json); -o - writes to standard output. Files are replaced
    atomically.

    --otlp-json FILE writes the causal timeline as OpenTelemetry traces: JSON Lines, each line
    one OTLP/HTTP ExportTraceServiceRequest of at most 512 spans, for a collector's file
    receiver or to post later. Each root cause is a trace; every entry it caused is a span
    whose parent is its cause, named like `action app/settings(.setCurrency)` or `evaluate
    Pricing.displayPrices`, with the entry's number and its cause's (recoil.timeline.seq,
    recoil.timeline.cause), store, node and kind, trigger, changed paths, previews, and the
    call site as code.filepath and code.lineno; an entry whose second cause the timeline shows
    (an evaluation's changed dependency, a scope run's other notifications) links to it. The
    resource names the app the snapshot was taken in (service.name, service.instance.id,
    process.pid); --service NAME sets service.name instead (default recoil-app for a snapshot
    that does not say). --otlp URL sends the same requests to a collector's OTLP/HTTP endpoint
    (http://HOST:4318; path /v1/traces unless the URL has one), retrying 429, 502, 503 and 504
    with exponential backoff and jitter (honouring Retry-After), splitting a batch answered
    413, and dropping a batch on any other answer: exit 1 when spans were dropped, 69 when the
    collector cannot be reached. --otlp-header adds a header (a collector's auth). An untimed
    entry starts where its cause did and claims no duration (recoil.time says so). - writes to standard output.
    """
  static let options: [OptionSpec] = [
    .flag("perfetto", help: "Write the Chrome Trace Event Format.", choice: "format"),
    .option(
      "otlp-json", value: "file", help: "Write OpenTelemetry traces as OTLP JSON Lines; - for standard output.",
      choice: "format"),
    .option(
      "otlp", value: "url", help: "Send OpenTelemetry traces to a collector (http://HOST:4318).", choice: "format"),
    .option(
      "otlp-header", value: "header",
      help: "A header for the collector, such as 'Authorization: Bearer …' (repeatable).",
      repeats: true),
    .option("output", short: "o", value: "out", help: "Where to write the Perfetto trace; - for standard output."),
    .option(
      "service", value: "name", help: "The service.name of the OpenTelemetry traces (default: the snapshot's app)."),
    .flag("quiet", short: "q", help: "Print nothing on success."),
  ]

  var input: SnapshotInput
  var output: String
  var quiet: Bool
  /// Where `--otlp-json` writes, when given (then no Perfetto trace is written).
  var otlpOutput: String?
  /// Where `--otlp` sends, when given.
  var otlpTarget: HTTPTarget?
  var otlpHeaders: [String] = []
  /// `--service`; else the snapshot's app name, else `recoil-app`.
  var service: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let input = try SnapshotInput(arguments)
    otlpOutput = arguments.value("otlp-json")
    if let url = arguments.value("otlp") {
      guard let target = HTTPTarget(url: url, defaultPath: "/v1/traces") else {
        throw .invalidValue(
          option: "--otlp", value: url,
          expected: "http://HOST:PORT with an IPv4 address or localhost, such as http://127.0.0.1:4318")
      }
      otlpTarget = target
    }
    otlpHeaders = arguments.all("otlp-header")
    for header in otlpHeaders where !header.contains(":") || header.contains("\r") || header.contains("\n") {
      throw .invalidValue(option: "--otlp-header", value: header, expected: "Name: value on one line")
    }
    let formats = [arguments.has("perfetto"), otlpOutput != nil, otlpTarget != nil].filter { $0 }.count
    guard formats == 1 else {
      throw .invalidValue(
        option: "export", value: formats == 0 ? "(no format)" : "\(formats) formats",
        expected: "one of --perfetto, --otlp-json FILE or --otlp URL")
    }
    service = arguments.value("service")
    self.input = input
    output =
      arguments.value("output")
      ?? input.output(withExtension: "trace.json")
    quiet = arguments.has("quiet")
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try input.load(streams: streams)
    // Who the spans come from: the process the snapshot was taken in, unless --service says.
    var service = snapshot.app ?? SnapshotApp(name: "recoil-app")
    if let name = self.service { service.name = name }
    if let otlpTarget {
      let delivery = OTLPDelivery(target: otlpTarget, service: service, headers: otlpHeaders)
      let outcome = delivery.send(OTLPTraces.spans(of: snapshot, service: service))
      if !quiet {
        streams.error(
          "recoil-inspect: sent \(outcome.sent) span\(outcome.sent == 1 ? "" : "s") to \(inert(otlpTarget.description)) in \(outcome.requests) request\(outcome.requests == 1 ? "" : "s")\n"
        )
      }
      if outcome.dropped > 0 {
        let reason = outcome.lastProblem ?? "dropped"
        if outcome.sent == 0 && outcome.unreachable {
          throw .unreachable(endpoint: otlpTarget.description, reason: "\(outcome.dropped) spans not sent: \(reason)")
        }
        throw .spansDropped(count: outcome.dropped, reason: inert(reason))
      }
      return
    }
    if let otlpOutput {
      let requests = OTLPTraces.requests(for: snapshot, service: service)
      var lines: [UInt8] = []
      for request in requests {
        lines.append(contentsOf: request)
        lines.append(UInt8(ascii: "\n"))
      }
      try OutputDestination.write(lines, to: otlpOutput, streams: streams)
      if otlpOutput != "-" && !quiet {
        let count = snapshot.timeline.count
        streams.error(
          "recoil-inspect: wrote \(inert(otlpOutput)) (\(count) span\(count == 1 ? "" : "s") in \(requests.count) request\(requests.count == 1 ? "" : "s"))\n"
        )
      }
      return
    }
    try OutputDestination.write(ChromeTrace.json(for: snapshot), to: output, streams: streams)
    if output != "-" && !quiet {
      let count = snapshot.actions.count
      streams.error("recoil-inspect: wrote \(inert(output)) (\(count) action\(count == 1 ? "" : "s"))\n")
    }
  }
}
