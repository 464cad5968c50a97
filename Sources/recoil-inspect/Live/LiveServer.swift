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

  /// The page's address, token included: what `live --serve` prints.
  var address: String {
    let shown = host.contains(":") ? "[\(host)]" : host
    return "http://\(shown):\(port)/?token=\(access.token)"
  }

  init(host: String, port: UInt16, sessions: LiveSessions, title: String) throws(CommandFailure) {
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
  }

  private func run() {
    var clients: [Client] = []
    let clock = ContinuousClock()
    var lastUpdate = clock.now
    var announcedVersion = -1
    // Each session's report, keeping its layout while the graph keeps its shape.
    var reports: [Int: LiveReport] = [:]
    let buffer = LiveSocket.ReadBuffer(capacity: 64 * 1024)
    while true {
      var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      polled += clients.map {
        pollfd(fd: $0.descriptor, events: Int16(POLLIN) | ($0.pendingBytes == 0 ? 0 : Int16(POLLOUT)), revents: 0)
      }
      _ = poll(&polled, nfds_t(polled.count), Int32(Self.milliseconds(Self.updateInterval)))
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
          if count > 0 && !clients[index].isStream && !clients[index].closesWhenSent {
            clients[index].received += arrived
            answer(&clients[index], reports: &reports)
          }
        }
        if !flush(&clients[index]) { closed.insert(index) }
      }
      // Heads that never finish, and pages that stopped reading, are let go.
      let now = clock.now
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
          let message = Self.sessionsEvent(sessions.summaries())
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
  private func answer(_ client: inout Client, reports: inout [Int: LiveReport]) {
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
    switch access.decide(request) {
    case .refuse(let status, let reason):
      var extra: [(String, String)] = []
      if status == 405 { extra.append(("Allow", "GET, HEAD")) }
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
      500: "Internal Server Error",
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
    }
    writer.endObject()
    return writer.bytes
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
  }

}
