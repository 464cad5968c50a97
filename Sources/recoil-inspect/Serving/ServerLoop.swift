import Dispatch
import RecoilRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The page server's loop, on its own thread: polls the listener and every client, reads
/// requests and routes them (``ServerLoop/answer(_:)``), hands back apps' answers to control
/// requests, lets stale clients go, tells event streams of changes (at most once per
/// ``LiveServer/updateInterval``) and accepts new clients. Everything it holds is its thread's
/// alone.
///
/// ```swift
/// let thread = Thread { ServerLoop(server: server).run() }
/// ```
final class ServerLoop {
  let server: LiveServer
  var clients: [PageClient] = []
  /// Each session's report, keeping its layout while the graph keeps its shape.
  var reports: [Int: LiveReport] = [:]
  /// For `report --serve`: its neighbourhoods, laid out as its page asks for them.
  var served: NeighbourhoodDrawings?
  private let clock = ContinuousClock()
  private var lastUpdate: ContinuousClock.Instant
  private var announcedVersion = -1
  private let buffer = Descriptor.ReadBuffer(capacity: 64 * 1024)

  init(server: LiveServer) {
    self.server = server
    self.served = server.report?.neighbourhoods()
    self.lastUpdate = clock.now
  }

  /// Serves until the process ends.
  func run() {
    while true {
      var polled = [pollfd(fd: server.listener, events: Int16(POLLIN), revents: 0)]
      polled += clients.map {
        pollfd(fd: $0.descriptor, events: Int16(POLLIN) | ($0.pendingBytes == 0 ? 0 : Int16(POLLOUT)), revents: 0)
      }
      // Answers from apps are looked for often while a request waits for one.
      let wait = clients.contains { $0.awaiting != nil } ? 20 : Self.milliseconds(LiveServer.updateInterval)
      _ = poll(&polled, nfds_t(polled.count), Int32(wait))
      var closed = readAndAnswer(polled)
      let now = clock.now
      deliverControlAnswers(at: now, closing: &closed)
      for index in clients.indices
      where !closed.contains(index) && clients[index].isStale(at: now, maximumUnsent: LiveServer.maximumUnsentBytes) {
        closed.insert(index)
      }
      announceChanges(at: now, closing: &closed)
      for index in closed.sorted(by: >) {
        LiveSocket.close(clients[index].descriptor)
        clients.remove(at: index)
      }
      if polled[0].revents != 0 { acceptClients() }
    }
  }

  /// Reads what the polled clients sent, answers each request whose head has arrived, and
  /// sends what waits; returns the clients gone.
  private func readAndAnswer(_ polled: [pollfd]) -> Set<Int> {
    var closed: Set<Int> = []
    for index in clients.indices where polled[index + 1].revents != 0 {
      if polled[index + 1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        var arrived: [UInt8] = []
        let count = buffer.read(from: clients[index].descriptor, appendingTo: &arrived)
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
          closed.insert(index)
          continue
        }
        if count > 0 && clients[index].takesRequest {
          clients[index].received += arrived
          answer(&clients[index])
        }
      }
      if !clients[index].flush() { closed.insert(index) }
    }
    return closed
  }

  /// Changes, coalesced: every event stream hears of them at most once per interval.
  private func announceChanges(at now: ContinuousClock.Instant, closing closed: inout Set<Int>) {
    guard lastUpdate.duration(to: now) >= LiveServer.updateInterval else { return }
    lastUpdate = now
    let version = server.sessions.version
    guard version != announcedVersion else { return }
    announcedVersion = version
    let summaries = server.sessions.summaries()
    // A forgotten session's report goes with it.
    let numbers = Set(summaries.map(\.number))
    reports = reports.filter { numbers.contains($0.key) }
    let message = SessionsMessage.event(summaries)
    for index in clients.indices where clients[index].isStream && !closed.contains(index) {
      clients[index].sendEvent(message)
      if !clients[index].flush() { closed.insert(index) }
    }
  }

  /// Takes every waiting connection, up to ``LiveServer/maximumClients``.
  private func acceptClients() {
    while true {
      let descriptor = accept(server.listener, nil, nil)
      guard descriptor >= 0 else { break }
      guard clients.count < LiveServer.maximumClients else {
        LiveSocket.close(descriptor)
        continue
      }
      LiveSocket.makeNonBlocking(descriptor)
      LiveSocket.noSignalOnBrokenPipe(descriptor)
      clients.append(PageClient(descriptor: descriptor, opened: clock.now))
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
