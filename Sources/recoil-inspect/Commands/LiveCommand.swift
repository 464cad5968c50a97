import Foundation
import RecoilSnapshot

/// `recoil-inspect live`: follows a running app's event stream and prints it.
struct LiveCommand: Command {
  static let name = "live"
  static let readsSnapshots = false
  static let summary = "Follow a running app's live events (actions, evaluations, edges, effects)."
  static let operands = "[<file>]"
  static let discussion = """
    Listens where the app's Inspector streams to, and prints each event as it arrives. ENDPOINT
    is tcp:127.0.0.1:PORT or unix:PATH (a socket to listen on; several apps may be connected
    at once, and disconnect and reconnect), a JSON Lines file to read (such as
    cart.events.jsonl), or - for standard input (the default). Every connection is read as
    its data arrives; one that stops in the middle of a line for --client-timeout seconds (10
    by default) is closed, and delays no other. A unix socket path is replaced only when it
    is a socket nobody listens on, and removed on exit; an address in use exits 69.

    Events are printed in timeline order (their timelineSeq; the latest 256 are held back to
    put threads' events in order, and released whenever the stream pauses), each with its
    cause. --raw prints the JSON lines themselves. A malformed line is reported with its line
    number and skipped; so is a line longer than --max-line-bytes (16 MiB by default), which
    is not kept in memory.

    The filters are trace's: --store, --node, --kind, --grep and --path; an event is printed
    when it passes all of them. Kinds: \(EventFilter.Kind.allCases.map(\.rawValue).joined(separator: ", ")).
    When the stream ends and no event passed, live says so (on standard error with --raw).
    """
  static let options: [OptionSpec] =
    [
      .option("listen", short: "l", value: "endpoint", help: "tcp:HOST:PORT, unix:PATH, a file, or - (default)."),
      .flag("raw", help: "Print the JSON lines instead of a readable summary."),
      .option("max-line-bytes", value: "n", help: "Skip longer lines (default 16777216, 16 MiB)."),
      .option(
        "client-timeout", value: "seconds", help: "Close a connection silent this long inside a line (default 10)."),
    ] + EventFilter.options

  var endpoint: EventEndpoint
  var raw: Bool
  var filter: EventFilter
  var maximumLineBytes = LineReader.defaultMaximumLineBytes
  var clientTimeout = Duration.seconds(10)

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.value("listen") ?? arguments.positionals.first ?? "-"
    if arguments.positionals.count > (arguments.value("listen") == nil ? 1 : 0) {
      throw .unexpectedArgument(arguments.positionals.last ?? "")
    }
    do {
      endpoint = try EventEndpoint(parsing: text)
    } catch {
      throw .invalidValue(option: "--listen", value: text, expected: error.reason)
    }
    raw = arguments.has("raw")
    filter = try EventFilter(arguments)
    if let text = arguments.value("max-line-bytes") {
      guard let value = Int(text), value > 0 else {
        throw .invalidValue(option: "--max-line-bytes", value: text, expected: "a positive number of bytes")
      }
      maximumLineBytes = value
    }
    if let text = arguments.value("client-timeout") {
      guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
        throw .invalidValue(option: "--client-timeout", value: text, expected: "a number of seconds up to 86400")
      }
      clientTimeout = .milliseconds(Int((seconds * 1_000).rounded(.up)))
    }
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let source = try EventSource(endpoint: endpoint, maximumLineBytes: maximumLineBytes, clientTimeout: clientTimeout)
    let printer = LiveEventPrinter()
    var printed = TerminalLine(style: streams.outputStyle)
    // Events are printed in timeline order, within a window of the latest few.
    var ordering = SequenceOrdering<InspectorEvent>(window: 256)
    // Counted so that filters that matched nothing say so when the stream ends, as trace does.
    var (received, printedCount) = (0, 0)
    func print(_ event: InspectorEvent) {
      printedCount += 1
      if raw {
        streams.output(InspectorEventCodec.encode(event) + "\n")
      } else {
        printed.removeAll()
        printer.write(event, into: &printed)
        printed.append("\n")
        streams.outputLine(printed.bytes)
      }
    }
    defer { ordering.flush(release: print) }
    try source.run(
      { origin, lineNumber, line in
        switch line {
        case .tooLong(let bytes):
          streams.reportWarning(
            "\(origin.description):\(lineNumber): skipped a line of \(bytes) bytes, longer than --max-line-bytes \(maximumLineBytes)"
          )
        case .text(let bytes):
          guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
          do throws(SnapshotError) {
            let event = try InspectorEventCodec.decode(line: bytes, lineNumber: lineNumber)
            received += 1
            guard filter.isEmpty || filter.accepts(event.kind) else { return }
            let seq = event.seq
            ordering.add(event, seq: seq, release: print)
          } catch {
            streams.reportWarning("\(origin.description):\(error.description)")
          }
        }
      },
      waiting: {
        ordering.flush(release: print)
        streams.flush()
      },
      warning: { streams.reportWarning($0) })
    ordering.flush(release: print)
    if printedCount == 0 && !filter.isEmpty {
      let message = "nothing matched \(shortened(filter.description)) (of \(received) events)"
      // JSON Lines stay JSON Lines: with --raw the note goes to standard error.
      if raw {
        streams.reportWarning(message)
      } else {
        streams.output(streams.outputStyle.dim(inert(message)) + "\n")
      }
    }
  }
}
