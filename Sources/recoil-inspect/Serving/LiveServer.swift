// The page's server of `live --serve` and `report --serve`; its socket calls that take raw
// memory are in LiveSocket.
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
/// not arrive whole within a few seconds closes the connection. The loop is ``ServerLoop``
/// (its routes in `ServerLoop+Routes.swift`), each connection a ``PageClient``.
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
  let listener: Int32
  let sessions: LiveSessions
  let title: String
  /// For `report --serve`: the only report served (no sessions, events or control).
  let report: ServedReport?
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
    self.port = Descriptor.boundPort(of: descriptor) ?? port
    self.access = LiveAccess(token: LiveAccess.makeToken(), port: self.port)
    self.sessions = sessions
    self.title = title
    self.report = report
  }

  /// Serves on a thread of its own until the process ends.
  func start() {
    let thread = Thread { [self] in ServerLoop(server: self).run() }
    thread.name = "recoil-inspect.serve"
    thread.start()
  }
}
