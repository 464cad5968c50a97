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
    cause. With more than one app, each connection is put in order on its own, and each line
    starts with its app's name and process id ([cart-demo 4242]). --raw prints the JSON lines
    themselves, as they came (a hello's token left out). A malformed line is reported with its line
    number and skipped; so is a line longer than --max-line-bytes (16 MiB by default), which
    is not kept in memory. A listener on another address than loopback (tcp:0.0.0.0:9999)
    takes only apps whose hello carries its token (InspectorConfiguration.streamToken): --token,
    or one it makes up and prints; --token asks it of every app on any listener.

    The filters are trace's: --store, --node, --kind, --grep and --path; an event is printed
    when it passes all of them. Kinds: \(EventFilter.Kind.allCases.map(\.rawValue).joined(separator: ", ")).
    When the stream ends and no event passed, live says so (on standard error with --raw).

    --top draws a summary in place of the lines, redrawn twice a second, like top: the apps
    connected, each node's actions, writes and evaluations per second (busiest first), the
    slowest selectors by mean time, and the latest errors; the filters choose what is
    counted. It needs a terminal; q or Ctrl-C quits, and a file's summary stays on screen
    when it ends.

    --serve serves the live page over HTTP instead of printing events: the apps connected
    (each connection a session; an app that restarts comes back as a new one, and the
    earlier one stays readable) and the chosen one's report, kept current as events arrive.
    It listens on 127.0.0.1 and a free port unless given ADDRESS:PORT, and prints the page's
    address with its token: every request needs that token and a Host header naming the
    address (403 otherwise). Another address than loopback shows app state to whoever has
    the token, and is warned about. Each session keeps its latest --keep entries (100000 by
    default); of the sessions that ended, the latest --keep-ended (20) are kept. A FILE is
    replayed at its recorded pace (--speed N: N times as fast), and then served until Ctrl-C.

    A FILE replayed at a pace (--serve, or --speed) keeps its pauses up to --max-pause
    seconds (3 by default; none keeps every pause whole), as a terminal recording's player
    shortens idle time: an app left idle for an hour replays its busy moments without it.
    """
  static let options: [OptionSpec] =
    [
      .option("listen", short: "l", value: "endpoint", help: "tcp:HOST:PORT, unix:PATH, a file, or - (default)."),
      .flag("raw", help: "Print the JSON lines instead of a readable summary."),
      .option("max-line-bytes", value: "n", help: "Skip longer lines (default 16777216, 16 MiB)."),
      .option(
        "client-timeout", value: "seconds", help: "Close a connection silent this long inside a line (default 10)."),
      .optionalAddress(
        "serve", value: "address:port", help: "Serve the live page over HTTP (default 127.0.0.1:0, a free port)."),
      .option("keep", value: "n", help: "With --serve: timeline entries kept per session (default 100000)."),
      .option("keep-ended", value: "n", help: "With --serve: ended sessions kept, the latest (default 20)."),
      .option("token", value: "text", help: "The token apps must send (made up when listening beyond loopback)."),
      .option("speed", value: "n", help: "Replay a FILE at N times its recorded pace (with --serve, 1)."),
      .option(
        "max-pause", value: "seconds", help: "Replaying a FILE: shorten longer pauses to this (default 3; none)."),
      .flag("top", help: "A summary redrawn in place, like top (on a terminal; q quits)."),
    ] + EventFilter.options

  var endpoint: EventEndpoint
  var raw: Bool
  var filter: EventFilter
  var maximumLineBytes = LineReader.defaultMaximumLineBytes
  var clientTimeout = Duration.seconds(10)
  /// Where to serve the live page, if at all.
  var serve: ServeAddress?
  var keep = 100_000
  /// With `--serve`, how many ended sessions are kept.
  var keepEnded = LiveSessions.defaultKeepEnded
  /// How fast a file is replayed: `nil` as fast as it is read.
  var speed: Double?
  /// Replaying a file, pauses longer than this (recorded time) are shortened to it.
  var maximumPause: Duration? = .seconds(3)
  /// The token apps' hellos must carry: given, or made up for a listener beyond loopback.
  var appToken: String?
  /// `--top`: a summary redrawn in place instead of a line per event.
  var top = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.value("listen") ?? arguments.positionals.first ?? "-"
    if arguments.positionals.count > (arguments.value("listen") == nil ? 1 : 0) {
      throw .unexpectedArgument(arguments.positionals.last ?? "")
    }
    do {
      // A listener may take port 0: the system picks a free one, and live says which.
      endpoint = try EventEndpoint(parsing: text, listening: true)
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
    serve = try ServeAddress(arguments)
    top = arguments.has("top")
    if top && (raw || arguments.has("serve")) {
      throw .invalidValue(option: "--top", value: "", expected: "neither --raw nor --serve with it")
    }
    appToken = arguments.value("token")
    if appToken?.isEmpty == true || appToken?.contains(where: { $0.isWhitespace || $0.isNewline }) == true {
      throw .invalidValue(option: "--token", value: appToken ?? "", expected: "a token without spaces")
    }
    if appToken == nil, case .tcp(let host, _) = endpoint, !["127.0.0.1", "localhost"].contains(host) {
      appToken = LiveAccess.makeToken()
    }
    if let text = arguments.value("keep") {
      guard let value = Int(text), value > 0, value <= 100_000_000 else {
        throw .invalidValue(option: "--keep", value: text, expected: "a number of entries from 1 to 100000000")
      }
      keep = value
    }
    if let text = arguments.value("keep-ended") {
      guard let value = Int(text), value >= 0, value <= 10_000 else {
        throw .invalidValue(option: "--keep-ended", value: text, expected: "a number of sessions from 0 to 10000")
      }
      keepEnded = value
    }
    if let text = arguments.value("speed") {
      guard let value = Double(text), value > 0, value <= 1_000_000 else {
        throw .invalidValue(option: "--speed", value: text, expected: "a positive factor such as 1, 10 or 0.5")
      }
      speed = value
    } else if serve != nil, case .file = endpoint {
      speed = 1
    }
    if let text = arguments.value("max-pause") {
      if text == "none" {
        maximumPause = nil
      } else {
        guard let value = Double(text), value >= 0, value <= 86_400 else {
          throw .invalidValue(option: "--max-pause", value: text, expected: "seconds from 0 to 86400, or none")
        }
        maximumPause = .milliseconds(Int((value * 1_000).rounded()))
      }
    }
  }

  // One function by design: the state of a stream being printed (orderings, names, counts)
  // lives in locals that the per-line closures capture; held in a type, it was copied per
  // line, which made L1 twice as slow (see Benchmarks/README.md).
  func run(streams: StandardStreams) throws(CommandFailure) {
    let source = try EventSource(
      endpoint: endpoint, maximumLineBytes: maximumLineBytes, clientTimeout: clientTimeout, token: appToken)
    announceToken(of: source, streams: streams)
    if let serve {
      try serving(at: serve, from: source, streams: streams)
      return
    }
    if top {
      try summarizing(source, streams: streams)
      return
    }
    if case .tcp(_, 0) = endpoint {
      // The system chose the port: say which, where it does not mix with the events.
      streams.error("recoil-inspect live: listening on \(source.listeningEndpoint)\n")
    }
    let printer = LiveEventPrinter()
    var printed = TerminalLine(style: streams.outputStyle)
    // Each connection is its own app, with its own timeline numbers: its events are put in
    // order on their own, and once more than one app has spoken, each line says whose it is.
    var orderings: [Int: SequenceOrdering<PrintedEvent>] = [:]
    var filter = filter
    var names: [Int: String] = [:]
    // Counted so that filters that matched nothing say so when the stream ends, as trace does.
    var (received, printedCount) = (0, 0)
    // Taken once: a method of `streams` passed on each line would copy its closures each time.
    let (outputLine, flushOutput, report) = (streams.outputLine, streams.flush, streams.reportWarning)
    let raw = self.raw
    // With --raw each line is printed as it came (it is read all the same, to filter it, put
    // it in order and leave out a hello's token): fields this version does not know stay, and
    // nothing is spent encoding it again.
    let passesLinesThrough = raw
    func print(_ item: PrintedEvent, from connection: Int) {
      printedCount += 1
      if let line = item.line {
        outputLine(line)
      } else if raw {
        outputLine(Array((InspectorEventCodec.encode(item.event) + "\n").utf8))
      } else {
        printed.removeAll()
        if names.count > 1 {
          printed.styled(.dim) { $0.appendInert("[" + (names[connection] ?? "app \(connection)") + "] ") }
        }
        printer.write(item.event, into: &printed)
        printed.append("\n")
        outputLine(printed.bytes)
      }
    }
    func flush(_ connection: Int) {
      orderings[connection]?.flush { print($0, from: connection) }
    }
    defer { for connection in orderings.keys.sorted() { flush(connection) } }
    var pace = speed.map { ReplayPace(speed: $0, maximumPause: maximumPause) }
    func flushAll() {
      for connection in orderings.keys.sorted() { flush(connection) }
      flushOutput()
    }
    // Decoded on a second thread while this one prints (see DecodingPipeline).
    // A file replayed into a pipe or a file says how far on standard error (not when the
    // events go to the same terminal).
    let pipeline = DecodingPipeline(
      source: source, maximumLineBytes: maximumLineBytes, keepsLines: passesLinesThrough,
      totalBytes: replayedFileSize())
    try pipeline.run { item in
      switch item {
      case .warning(let message):
        report(message)
      case .waiting:
        flushAll()
      case .closed(let origin):
        let connection = origin.connection ?? 0
        flush(connection)
        orderings[connection] = nil
        guard origin.connection != nil, !raw, let name = names[connection] else { return }
        streams.output(streams.outputStyle.dim(inert("\(name) disconnected")) + "\n")
      case .event(let event, let origin, let line):
        // What came before a pause is shown before it.
        pace?.wait(until: event.atNanos) { flushAll() }
        received += 1
        let connection = origin.connection ?? 0
        if case .hello(let hello) = event.kind {
          names[connection] = hello.shownName
        } else if names[connection] == nil {
          names[connection] = "app \(connection)"
        }
        // Slices registered under another name than their path are found by path.
        if case .node(let node) = event.kind, node.kind == .slice { filter.learnSlices(of: [node]) }
        guard filter.isEmpty || filter.accepts(event.kind) else { return }
        orderings[connection, default: SequenceOrdering(window: 256)].add(
          PrintedEvent(event: event, line: line), seq: event.seq
        ) { print($0, from: connection) }
      }
    }
    if printedCount == 0 && !filter.isEmpty { reportNothingMatched(filter, of: received, streams: streams) }
  }

  /// Apps on other machines can reach a listener on another address than loopback: they need
  /// the token, which this says how to give.
  private func announceToken(of source: EventSource, streams: StandardStreams) {
    guard let appToken, case .tcp(let host, _) = endpoint, !["127.0.0.1", "localhost"].contains(host) else { return }
    streams.error(
      "recoil-inspect live: apps on other machines connect to \(source.listeningEndpoint) with InspectorConfiguration.streamToken = \"\(appToken)\"\n"
    )
  }

  /// The size of the file replayed, for the progress line, when the events go elsewhere than
  /// the terminal (where the line would mix with them).
  private func replayedFileSize() -> Int? {
    guard case .file(let path) = endpoint, isatty(STDOUT_FILENO) == 0 else { return nil }
    return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
  }

  /// Filters that matched nothing say so when the stream ends, as trace does.
  private func reportNothingMatched(_ filter: EventFilter, of received: Int, streams: StandardStreams) {
    let message = "nothing matched \(shortened(filter.description)) (of \(received) events)"
    // JSON Lines stay JSON Lines: with --raw the note goes to standard error.
    if raw {
      streams.reportWarning(message)
    } else {
      streams.output(streams.outputStyle.dim(inert(message)) + "\n")
    }
  }
}

extension LiveCommand {
  /// The event `line` holds, a hello's token forgotten; `nil` for a blank line, and for one
  /// too long or malformed, which `report` is told about with where it was.
  func event(
    in line: LineReader.Line, from origin: EventSource.Origin, lineNumber: Int, report: (String) -> Void
  ) -> InspectorEvent? {
    Self.event(in: line, from: origin, lineNumber: lineNumber, maximumLineBytes: maximumLineBytes, report: report)?
      .event
  }

  /// ``event(in:from:lineNumber:report:)``, without the command: the event, and whether a
  /// token was taken out of it (its line is then not what was read).
  static func event(
    in line: LineReader.Line, from origin: EventSource.Origin, lineNumber: Int, maximumLineBytes: Int,
    report: (String) -> Void
  ) -> (event: InspectorEvent, hadToken: Bool)? {
    switch line {
    case .tooLong(let bytes):
      report(
        "\(origin.description):\(lineNumber): skipped a line of \(bytes) bytes, longer than --max-line-bytes \(maximumLineBytes)"
      )
      return nil
    case .text(let bytes):
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
      do throws(SnapshotError) {
        let event = try InspectorEventCodec.decode(line: bytes, lineNumber: lineNumber)
        let forgotten = withoutToken(event)
        if case .hello(let hello) = event.kind, hello.token != nil { return (forgotten, true) }
        return (forgotten, false)
      } catch {
        report("\(origin.description):\(error.description)")
        return nil
      }
    }
  }

  /// The event, with a hello's token forgotten: it is never printed or kept.
  static func withoutToken(_ event: InspectorEvent) -> InspectorEvent {
    guard case .hello(var hello) = event.kind, hello.token != nil else { return event }
    hello.token = nil
    var event = event
    event.kind = .hello(hello)
    return event
  }

  /// `--serve`: every event goes to its session, and the page shows them; the terminal says
  /// where the page is and which apps come and go.
  func serving(at address: ServeAddress, from source: EventSource, streams: StandardStreams)
    throws(CommandFailure)
  {
    let sessions = LiveSessions(keep: keep, keepEnded: keepEnded)
    let server = try LiveServer(
      host: address.host, port: address.port, sessions: sessions, title: "recoil-inspect live")
    if let exposure = address.exposure { streams.reportWarning(exposure) }
    server.start()
    let style = streams.outputStyle
    streams.output("recoil-inspect live: open \(style.bold(server.address))\n")
    streams.output(style.dim("apps connect to \(source.listeningEndpoint)") + "\n")
    streams.flush()
    var pace = speed.map { ReplayPace(speed: $0, maximumPause: maximumPause) }
    try source.run(
      { origin, lineNumber, line in
        guard let event = event(in: line, from: origin, lineNumber: lineNumber, report: streams.reportWarning)
        else { return }
        pace?.wait(until: event.atNanos)
        if case .answer(let answer) = event.kind { server.relay.answered(answer) }
        let (number, isHello) = sessions.apply(event, connection: origin.connection)
        if isHello, let summary = sessions.summary(of: number) {
          streams.output("session \(number): \(inert(summary.name)) connected\n")
          streams.flush()
        }
      },
      waiting: { streams.flush() },
      warning: { streams.reportWarning($0) },
      closed: { origin in
        guard let (summary, forgotten) = sessions.close(connection: origin.connection) else { return }
        streams.output(style.dim("session \(summary.number): \(inert(summary.name)) ended") + "\n")
        for old in forgotten {
          streams.output(
            style.dim("session \(old.number): \(inert(old.name)) forgotten (the latest \(keepEnded) ended are kept)")
              + "\n")
        }
        streams.flush()
      },
      // Woken often enough to send control requests on promptly.
      tick: .milliseconds(50), outgoing: { server.relay.takeOutgoing() })
    // A file or standard input ended: its session stays on the page until Ctrl-C.
    streams.output(style.dim("the stream ended; serving the page until Ctrl-C") + "\n")
    streams.flush()
    while true { sleep(3600) }
  }
}

extension LiveCommand {
  /// `--top`: the summary, redrawn in place at most twice a second.
  func summarizing(_ source: EventSource, streams: StandardStreams) throws(CommandFailure) {
    guard let screen = TerminalScreen.open(quit: { exit(0) }) else {
      throw .usage(.invalidValue(option: "--top", value: "", expected: "standard output to be a terminal"))
    }
    var summary = LiveTop()
    let clock = ContinuousClock()
    var drawn = clock.now
    let interval = Duration.milliseconds(500)
    func draw() {
      let now = clock.now
      let (seconds, attoseconds) = drawn.duration(to: now).components
      let (width, height) = screen.size
      screen.draw(
        summary.lines(
          width: width, height: height, seconds: Double(seconds) + Double(attoseconds) / 1e18,
          style: streams.outputStyle))
      drawn = now
    }
    draw()
    var (warnings, received, matched) = (0, 0, 0)
    var pace = speed.map { ReplayPace(speed: $0, maximumPause: maximumPause) }
    try source.run(
      { origin, lineNumber, line in
        // Warnings would tear the screen: counted, and said after it.
        guard let event = event(in: line, from: origin, lineNumber: lineNumber, report: { _ in warnings += 1 })
        else { return }
        pace?.wait(until: event.atNanos) { draw() }
        received += 1
        if case .hello = event.kind {
          summary.apply(event, from: origin.connection ?? 0)
        } else if filter.isEmpty || filter.accepts(event.kind) {
          matched += 1
          summary.apply(event, from: origin.connection ?? 0)
        }
        if drawn.duration(to: clock.now) >= interval { draw() }
      },
      waiting: { if drawn.duration(to: clock.now) >= interval { draw() } },
      warning: { _ in warnings += 1 },
      closed: { summary.close($0.connection ?? 0) },
      tick: interval)
    // A file or standard input ended: the last summary stays, on the main screen.
    let (width, height) = screen.size
    let lines = summary.lines(width: width, height: max(height, 40), seconds: 0, style: streams.outputStyle)
    screen.restore()
    streams.output(lines.joined(separator: "\n") + "\n")
    if matched == 0 && !filter.isEmpty {
      let message = "nothing matched \(shortened(filter.description)) (of \(received) events)"
      streams.output(streams.outputStyle.dim(inert(message)) + "\n")
    }
    if warnings > 0 {
      streams.reportWarning(
        "\(warnings) line\(warnings == 1 ? "" : "s") could not be read; live without --top says which")
    }
  }
}
