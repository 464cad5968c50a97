import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection to the page's server: what it sent, what is still to be sent to it, and
/// whether it is an event stream (which stays open) or waits for one answer (which closes the
/// connection once sent). Its socket is non-blocking, so sending stops where the client stops
/// reading and goes on at the next poll.
///
/// ```swift
/// var client = PageClient(descriptor: accepted, opened: .now)
/// client.respond(status: 404, type: "text/plain", text: "no such page\n")
/// if !client.flush() { LiveSocket.close(client.descriptor) }
/// ```
struct PageClient {
  var descriptor: Int32
  var received: [UInt8] = []
  /// What is to be sent, from `sentCount` on (moved only when all of it is sent).
  private var unsent: [UInt8] = []
  private var sentCount = 0
  /// An event stream stays open; any other answer closes once sent.
  private(set) var isStream = false
  var closesWhenSent = false
  let opened: ContinuousClock.Instant
  /// A control request sent to an app, while its answer is awaited: its number, session,
  /// and when to give up.
  var awaiting: (id: Int, session: Int, until: ContinuousClock.Instant)?

  init(descriptor: Int32, opened: ContinuousClock.Instant) {
    self.descriptor = descriptor
    self.opened = opened
  }

  /// How many bytes wait to be sent.
  var pendingBytes: Int { unsent.count - sentCount }

  /// Whether a request may still arrive: not a stream, not answered, not waiting for an app.
  var takesRequest: Bool { !isStream && !closesWhenSent && awaiting == nil }

  /// Queues a whole response (see ``HTTPResponse``).
  mutating func respond(status: Int, type: String, body: [UInt8], extra: [(String, String)] = []) {
    unsent += HTTPResponse.bytes(status: status, type: type, body: body, extra: extra)
  }

  /// Queues a plain-text response.
  mutating func respond(status: Int, text: String, extra: [(String, String)] = []) {
    respond(status: status, type: "text/plain", body: Array(text.utf8), extra: extra)
  }

  /// Turns the connection into an event stream, its first events `first`.
  mutating func startEventStream(first: [UInt8]) {
    isStream = true
    closesWhenSent = false
    unsent += HTTPResponse.eventStreamHead + first
  }

  /// Queues an event for a stream.
  mutating func sendEvent(_ event: [UInt8]) {
    unsent += event
  }

  /// Sends what it can; false when the client is gone, or done after a one-off answer.
  mutating func flush() -> Bool {
    while pendingBytes > 0 {
      let sent = LiveSocket.send(descriptor, unsent, from: sentCount)
      if sent < 0 {
        if errno == EINTR { continue }
        return errno == EAGAIN || errno == EWOULDBLOCK
      }
      sentCount += sent
    }
    unsent.removeAll(keepingCapacity: true)
    sentCount = 0
    return !closesWhenSent
  }

  /// Whether to let the client go at `now`: a request head that never finished, or an event
  /// stream that stopped reading (its unsent data past `maximumUnsent`). A page or a report
  /// is sent however long it is.
  func isStale(at now: ContinuousClock.Instant, maximumUnsent: Int) -> Bool {
    let waiting = !isStream && !closesWhenSent
    if waiting && opened.duration(to: now) > .seconds(10) { return true }
    return isStream && pendingBytes > maximumUnsent
  }
}
