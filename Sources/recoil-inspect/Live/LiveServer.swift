// The page's server of `live --serve`; its socket calls that take raw memory are in LiveSocket.
import Dispatch
import Foundation
import RecoilRender
import RecoilSnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The HTTP side of `live --serve`: serves the live page, each session's report, and a
/// Server-Sent Events stream that tells pages when sessions change (at most a few times a
/// second), on its own thread, every socket non-blocking so that no client holds up another.
/// For `report --serve` it serves one report instead (``ServedReport``): the page at `/`, and
/// each neighbourhood the page asks for, laid out the first time.
///
/// Every request passes ``LiveAccess`` first. A client whose event stream it stops reading
/// (its unsent data passes a bound) is dropped; the others go on. A request head that does
/// not arrive whole within a few seconds closes the connection.
///
/// ```swift
/// let server = try LiveServer(host: "127.0.0.1", port: 0, sessions: sessions, title: "live")
/// print(server.address)  // http://127.0.0.1:40123/?token=…
/// server.start()
/// ```
final class LiveServer: Sendable {
  /// How often pages hear of changes, at most.
  static let updateInterval = Duration.milliseconds(250)
  /// A page whose unsent data passes this is dropped: it stopped reading.
  static let maximumUnsentBytes = 1 << 20
  /// At most this many clients at once; more are closed on arrival.
  static let maximumClients = 64

  let host: String
  let port: UInt16
  let access: LiveAccess
  private let listener: Int32
  private let sessions: LiveSessions
  private let title: String
  /// For `report --serve`: the only report served (no sessions, events or control).
  private let report: ServedReport?
  /// Control requests to the apps, and their answers.
  let relay = ControlRelay()
  /// How long a control request waits for its app's answer.
  static let answerTimeout = Duration.seconds(5)
  /// The largest control request body taken.
  static let maximumBodyBytes = 1 << 20

  /// The page's address, token included: what `live --serve` prints.
  var address: String {
    let shown = host.contains(":") ? "[\(host)]" : host
    return "http://\(shown):\(port)/?token=\(access.token)"
  }

  init(host: String, port: UInt16, sessions: LiveSessions, title: String, report: ServedReport? = nil)
    throws(CommandFailure)
  {
    let descriptor: Int32
    switch LiveSocket.listen(ipv4: host, port: port, backlog: 32) {
    case .success(let listening): descriptor = listening
    case .failure(.badAddress):
      throw .usage(.invalidValue(option: "--serve", value: host, expected: "an IPv4 address such as 127.0.0.1"))
    case .failure:
      let reason = errno == EADDRINUSE ? "address already in use" : Descriptor.reason(errno)
      throw .unavailable(endpoint: "http://\(host):\(port)", reason: reason)
    }
    LiveSocket.makeNonBlocking(descriptor)
    self.listener = descriptor
    self.host = host == "localhost" ? "127.0.0.1" : host
    self.port = LiveSocket.boundPort(of: descriptor) ?? port
    self.access = LiveAccess(token: LiveAccess.makeToken(), port: self.port)
    self.sessions = sessions
    self.title = title
    self.report = report
  }

  /// Serves on a thread of its own until the process ends.
  func start() {
    let thread = Thread { [self] in self.run() }
    thread.name = "recoil-inspect.serve"
    thread.start()
  }

  // MARK: - The loop

  private struct Client {
    var descriptor: Int32
    var received: [UInt8] = []
    /// What is to be sent, from `sentCount` on (moved only when all of it is sent).
    var unsent: [UInt8] = []
    var sentCount = 0
    var pendingBytes: Int { unsent.count - sentCount }
    /// An event stream stays open; any other answer closes once sent.
    var isStream = false
    var closesWhenSent = false
    var opened: ContinuousClock.Instant
    /// A control request sent to an app, while its answer is awaited: its number, session,
    /// and when to give up.
    var awaiting: (id: Int, session: Int, until: ContinuousClock.Instant)?
  }

  private func run() {
    var clients: [Client] = []
    let clock = ContinuousClock()
    var lastUpdate = clock.now
    var announcedVersion = -1
    // Each session's report, keeping its layout while the graph keeps its shape.
    var reports: [Int: LiveReport] = [:]
    // The served report's neighbourhoods, laid out as its page asks for them.
    var served = report?.neighbourhoods()
    let buffer = LiveSocket.ReadBuffer(capacity: 64 * 1024)
    while true {
      var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      polled += clients.map {
        pollfd(fd: $0.descriptor, events: Int16(POLLIN) | ($0.pendingBytes == 0 ? 0 : Int16(POLLOUT)), revents: 0)
      }
      // Answers from apps are looked for often while a request waits for one.
      let wait = clients.contains { $0.awaiting != nil } ? 20 : Self.milliseconds(Self.updateInterval)
      _ = poll(&polled, nfds_t(polled.count), Int32(wait))
      var closed: Set<Int> = []
      for index in clients.indices where polled[index + 1].revents != 0 {
        let events = polled[index + 1].revents
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          var arrived: [UInt8] = []
          let count = buffer.read(from: clients[index].descriptor, appendingTo: &arrived)
          if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            closed.insert(index)
            continue
          }
          if count > 0 && !clients[index].isStream && !clients[index].closesWhenSent && clients[index].awaiting == nil {
            clients[index].received += arrived
            answer(&clients[index], reports: &reports, served: &served)
          }
        }
        if !flush(&clients[index]) { closed.insert(index) }
      }
      // Control requests answered by their apps, or given up on.
      let now = clock.now
      for index in clients.indices where !closed.contains(index) {
        guard let awaiting = clients[index].awaiting else { continue }
        if let answer = relay.answer(for: awaiting.id) {
          clients[index].unsent += Self.response(
            status: answer.ok ? 200 : 422, type: "application/json",
            body: Self.answerJSON(answer.ok, answer.message, session: awaiting.session, seq: answer.seq))
        } else if now >= awaiting.until {
          relay.forget(awaiting.id)
          clients[index].unsent += Self.response(
            status: 504, type: "application/json",
            body: Self.answerJSON(
              false, "the app did not answer within \(Self.answerTimeout) (is it still running?)",
              session: awaiting.session))
        } else {
          continue
        }
        clients[index].awaiting = nil
        clients[index].closesWhenSent = true
        if !flush(&clients[index]) { closed.insert(index) }
      }
      // Heads that never finish, and pages that stopped reading, are let go.
      for index in clients.indices where !closed.contains(index) {
        let waiting = !clients[index].isStream && !clients[index].closesWhenSent
        if waiting && clients[index].opened.duration(to: now) > .seconds(10) { closed.insert(index) }
        // Only an event stream can fall behind: a page or report is sent however long it is.
        if clients[index].isStream && clients[index].pendingBytes > Self.maximumUnsentBytes { closed.insert(index) }
      }
      // Changes, coalesced: every page hears of them at most once per interval.
      if lastUpdate.duration(to: now) >= Self.updateInterval {
        lastUpdate = now
        let version = sessions.version
        if version != announcedVersion {
          announcedVersion = version
          let summaries = sessions.summaries()
          // A forgotten session's report goes with it.
          let numbers = Set(summaries.map(\.number))
          reports = reports.filter { numbers.contains($0.key) }
          let message = Self.sessionsEvent(summaries)
          for index in clients.indices where clients[index].isStream && !closed.contains(index) {
            clients[index].unsent += message
            if !flush(&clients[index]) { closed.insert(index) }
          }
        }
      }
      for index in closed.sorted(by: >) {
        LiveSocket.close(clients[index].descriptor)
        clients.remove(at: index)
      }
      if polled[0].revents != 0 {
        while true {
          let descriptor = accept(listener, nil, nil)
          guard descriptor >= 0 else { break }
          guard clients.count < Self.maximumClients else {
            LiveSocket.close(descriptor)
            continue
          }
          LiveSocket.makeNonBlocking(descriptor)
          LiveSocket.noSignalOnBrokenPipe(descriptor)
          clients.append(Client(descriptor: descriptor, opened: clock.now))
        }
      }
    }
  }

  /// Answers a client's request once its head has arrived.
  private func answer(_ client: inout Client, reports: inout [Int: LiveReport], served: inout NeighbourhoodDrawings?) {
    guard let end = HTTPRequest.endOfHead(in: client.received) else {
      if client.received.count > HTTPRequest.maximumHeadBytes {
        client.unsent += Self.response(status: 400, type: "text/plain", body: Array("request head too long\n".utf8))
        client.closesWhenSent = true
      }
      return
    }
    client.closesWhenSent = true
    let request: HTTPRequest
    do throws(HTTPRequest.Malformed) {
      request = try HTTPRequest(head: Array(client.received[..<end]))
    } catch {
      client.unsent += Self.response(status: 400, type: "text/plain", body: Array("\(error.reason)\n".utf8))
      return
    }
    let withBody = request.method != "HEAD"
    var decision = access.decide(request)
    if let report {
      // A served report answers its page and its neighbourhoods, nothing of sessions.
      switch decision {
      case .allow(.page):
        client.unsent += Self.response(status: 200, type: "text/html; charset=utf-8", body: withBody ? report.page : [])
        return
      case .allow(.neighbourhood(nil, nil, let node, let depth)):
        answerDrawing(&client, withBody: withBody, missing: "no such neighbourhood") { () throws(RenderError) in
          try served?.svg(of: node, depth: depth)
        }
        return
      case .allow: decision = .refuse(status: 404, reason: "no such page")
      case .refuse: break
      }
    }
    switch decision {
    case .refuse(let status, let reason):
      var extra: [(String, String)] = []
      if status == 405 { extra.append(("Allow", request.path == "/control" ? "POST" : "GET, HEAD")) }
      client.unsent += Self.response(status: status, type: "text/plain", body: Array("\(reason)\n".utf8), extra: extra)
    case .allow(.page):
      let page = LivePage.html(title: title)
      client.unsent += Self.response(status: 200, type: "text/html; charset=utf-8", body: withBody ? page : [])
    case .allow(.sessions):
      client.unsent += Self.response(
        status: 200, type: "application/json", body: withBody ? Self.sessionsJSON(sessions.summaries()) : [])
    case .allow(.report(let number)):
      guard let (snapshot, _, shape) = sessions.snapshot(of: number), let summary = sessions.summary(of: number) else {
        client.unsent += Self.response(status: 404, type: "text/plain", body: Array("no such session\n".utf8))
        return
      }
      // Laid out again only when the session's graph changed shape (see LiveReport).
      let report = reports[number] ?? LiveReport(title: "\(summary.name) (live)")
      reports[number] = report
      do {
        let page = try report.page(for: snapshot, shape: shape)
        client.unsent += Self.response(status: 200, type: "text/html; charset=utf-8", body: withBody ? page : [])
      } catch {
        client.unsent += Self.response(status: 500, type: "text/plain", body: Array("\(error)\n".utf8))
      }
    case .allow(.delta(let number, let shape, let after)):
      // Only what the page lacks, if its layout still holds; else it is made again.
      guard let (snapshot, _, currentShape) = sessions.snapshot(of: number), let report = reports[number],
        currentShape == shape, let delta = report.delta(for: snapshot, shape: shape, after: after)
      else {
        client.unsent += Self.response(
          status: 200, type: "application/json", body: withBody ? Array(#"{"reload":true}"#.utf8) : [])
        return
      }
      client.unsent += Self.response(status: 200, type: "application/json", body: withBody ? delta : [])
    case .allow(.inside(let number, let shape, let group)):
      // Laid out now, the first time the page opens the group (see LiveReport.inside).
      answerDrawing(&client, withBody: withBody, missing: "no such group in that layout") { () throws(RenderError) in
        try reports[number]?.inside(group, shape: shape)
      }
    case .allow(.neighbourhood(let number?, let shape?, let node, let depth)):
      // Laid out now, the first time the page's focus shows it (see LiveReport.neighbourhood).
      answerDrawing(&client, withBody: withBody, missing: "no such neighbourhood in that layout") {
        () throws(RenderError) in try reports[number]?.neighbourhood(of: node, depth: depth, shape: shape)
      }
    case .allow(.neighbourhood):
      client.unsent += Self.response(
        status: 400, type: "text/plain", body: Array("the live page's neighbourhoods need &session=N&shape=S\n".utf8))
    case .allow(.control(let session, let app)):
      control(&client, session: session, app: app, request: request, bodyStart: end)
    case .allow(.events):
      client.isStream = true
      client.closesWhenSent = false
      var head = Array("HTTP/1.1 200 OK\r\n".utf8)
      head += Array(
        "Content-Type: text/event-stream\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
          .utf8)
      // The current sessions first, then every change.
      client.unsent += head + Array("retry: 1000\n\n".utf8) + Self.sessionsEvent(sessions.summaries())
    }
  }

  /// Answers with a drawing laid out for a page (SVG): 404 saying `missing` when there is none
  /// for it, 500 when Graphviz failed.
  private func answerDrawing(
    _ client: inout Client, withBody: Bool, missing: String, _ draw: () throws(RenderError) -> [UInt8]?
  ) {
    do {
      guard let svg = try draw() else {
        client.unsent += Self.response(status: 404, type: "text/plain", body: Array("\(missing)\n".utf8))
        return
      }
      client.unsent += Self.response(status: 200, type: "image/svg+xml", body: withBody ? svg : [])
    } catch {
      client.unsent += Self.response(status: 500, type: "text/plain", body: Array("\(error)\n".utf8))
    }
  }

  /// A control request: once its body has arrived, read, sent to its app's connection, and
  /// left waiting for the answer (see `run`).
  private func control(_ client: inout Client, session: Int?, app: String?, request: HTTPRequest, bodyStart: Int) {
    func refuse(_ status: Int, _ message: String) {
      client.unsent += Self.response(
        status: status, type: "application/json", body: Self.answerJSON(false, message, session: session))
    }
    guard let length = request.header("content-length").flatMap({ Int($0) }), length >= 0 else {
      return refuse(411, "a control request needs a Content-Length")
    }
    guard length <= Self.maximumBodyBytes else { return refuse(413, "a control request is at most 1 MiB") }
    guard client.received.count >= bodyStart + length else {
      client.closesWhenSent = false  // the rest of the body is still coming
      return
    }
    let parsed: ControlRequest
    do throws(ControlRequestError) {
      parsed = try ControlRequest(parsing: Data(client.received[bodyStart..<bodyStart + length]))
    } catch {
      return refuse(400, error.message)
    }
    let summaries = sessions.summaries().filter(\.isConnected)
    let chosen: LiveSessions.Summary
    if let session {
      guard let found = sessions.summary(of: session) else { return refuse(404, "no session \(session)") }
      chosen = found
    } else {
      let named = app.map { name in summaries.filter { $0.app == name || $0.name == name } } ?? summaries
      let listed = summaries.map { "\($0.name) (session \($0.number))" }.joined(separator: ", ")
      guard !named.isEmpty else {
        return refuse(404, app.map { "no connected app is named \($0); connected: \(listed)" } ?? "no app is connected")
      }
      guard named.count == 1 else { return refuse(409, "several apps are connected; name one with --app: \(listed)") }
      chosen = named[0]
    }
    guard chosen.isConnected, let connection = sessions.connection(ofSession: chosen.number) else {
      return refuse(410, "session \(chosen.number) (\(chosen.name)) has ended")
    }
    var forwarded = parsed
    forwarded.by = String((parsed.by ?? "the tool").prefix(80))
    let id = relay.send(forwarded, toConnection: connection)
    client.closesWhenSent = false
    client.awaiting = (id, chosen.number, ContinuousClock.now + Self.answerTimeout)
  }

  /// `{"ok": true, "message": "…", "session": 1, "seq": 5120}`: what a control request's
  /// client reads (`seq`: the `control` entry the app recorded for it, when it did something).
  static func answerJSON(_ ok: Bool, _ message: String, session: Int?, seq: Int? = nil) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.write("ok", ok)
    writer.write("message", message)
    writer.write("session", session)
    writer.write("seq", seq)
    writer.endObject()
    return writer.bytes
  }

  /// Sends what it can; false when the client is gone, or done after a one-off answer.
  private func flush(_ client: inout Client) -> Bool {
    while client.pendingBytes > 0 {
      let sent = LiveSocket.send(client.descriptor, client.unsent, from: client.sentCount)
      if sent < 0 {
        if errno == EINTR { continue }
        return errno == EAGAIN || errno == EWOULDBLOCK
      }
      client.sentCount += sent
    }
    client.unsent.removeAll(keepingCapacity: true)
    client.sentCount = 0
    return !client.closesWhenSent
  }

  // MARK: - Messages

  static func response(status: Int, type: String, body: [UInt8], extra: [(String, String)] = []) -> [UInt8] {
    let reasons = [
      200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
      409: "Conflict", 410: "Gone", 411: "Length Required", 413: "Content Too Large", 422: "Unprocessable Content",
      500: "Internal Server Error", 504: "Gateway Timeout",
    ]
    var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\n"
    head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n"
    for (name, value) in extra { head += "\(name): \(value)\r\n" }
    return Array((head + "\r\n").utf8) + body
  }

  /// The sessions as one Server-Sent Event, `event: sessions`.
  static func sessionsEvent(_ summaries: [LiveSessions.Summary]) -> [UInt8] {
    Array("event: sessions\ndata: ".utf8) + sessionsJSON(summaries) + Array("\n\n".utf8)
  }

  /// `{"sessions": [{"number": 1, "name": "cart-demo 4242", …}, …]}`, on one line.
  static func sessionsJSON(_ summaries: [LiveSessions.Summary]) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.writeObjects(key: "sessions", summaries) { writer, summary in
      writer.write("number", summary.number)
      writer.write("name", summary.name)
      writer.write("app", summary.app)
      writer.write("pid", summary.processID)
      writer.write("instance", summary.instance)
      writer.write("connected", summary.isConnected)
      writer.write("version", summary.version)
      writer.write("shapeVersion", summary.shapeVersion)
      writer.write("entries", summary.entries)
      writer.write("latestSeq", summary.latestSeq)
      writer.write("dropped", summary.droppedByApp)
      writer.write("trimmed", summary.trimmed)
      writer.write("jumpedTo", summary.jumpedTo)
    }
    writer.endObject()
    return writer.bytes
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
  }

}
