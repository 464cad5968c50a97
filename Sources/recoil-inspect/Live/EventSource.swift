// Reading apps' streams for `recoil-inspect live` (POSIX sockets and files); the calls that take raw memory are in LiveSocket.
import Dispatch
import Foundation
import RecoilSnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `live` reads JSON Lines from: standard input, a file, or a listening socket that
/// takes several app connections at once.
///
/// Lines are split by ``LineReader``: a line longer than `maximumLineBytes` is dropped up to its
/// newline and reported as such, and the lines after it still arrive. On a socket every
/// connection is read as its data arrives (`poll`), so a client that stops halfway through a
/// line delays no other; one that stays silent inside a line for `clientTimeout` is closed.
///
/// A unix socket's path is only ever removed when it is a socket nobody listens on (left by
/// a listener that died) or the one this listener made, on exit or Ctrl-C.
final class EventSource {
  /// Where a line came from: `tcp:127.0.0.1:4000` alone, or with `#2` for the second
  /// connection, so warnings say which client sent what.
  struct Origin: Sendable {
    var endpoint: String
    var connection: Int?
    var description: String { connection.map { "\(endpoint)#\($0)" } ?? endpoint }
  }

  /// At most this many connections are read at once; more are closed on arrival.
  static let maximumConnections = 64

  private let endpoint: EventEndpoint
  private let maximumLineBytes: Int
  private let clientTimeout: Duration
  private var listener: Int32 = -1
  /// The unix socket this listener made, to remove on exit, with its inode to be sure.
  private var ownSocket: (path: String, inode: ino_t)?
  /// Handlers of Ctrl-C and `kill` while the socket exists.
  private var signalSources: [any DispatchSourceSignal] = []

  /// The token every connection's first line (its app's hello) must carry, if any: a
  /// listener that apps on other machines can reach asks for one.
  let token: String?

  init(
    endpoint: EventEndpoint, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes,
    clientTimeout: Duration = .seconds(10), token: String? = nil
  ) throws(CommandFailure) {
    self.endpoint = endpoint
    self.token = token
    self.maximumLineBytes = maximumLineBytes
    self.clientTimeout = clientTimeout
    switch endpoint {
    case .standardStream, .file, .otlp: break  // an OTLP endpoint is refused when parsed for a listener
    case .tcp(let host, let port): listener = try Self.listenTCP(host: host, port: port, endpoint: endpoint)
    case .unix(let path):
      listener = try Self.listenUnix(path: path, endpoint: endpoint)
      var info = stat()
      if lstat(path, &info) == 0 { ownSocket = (path, info.st_ino) }
      removeSocketOnInterrupt()
    }
  }

  /// Where apps connect: the endpoint, with the port the system chose for `tcp:HOST:0`.
  var listeningEndpoint: String {
    guard case .tcp(let host, _) = endpoint, listener >= 0, let port = Descriptor.boundPort(of: listener) else {
      return endpoint.description
    }
    return "tcp:\(host):\(port)"
  }

  deinit {
    for source in signalSources { source.cancel() }
    if listener >= 0 { LiveSocket.close(listener) }
    removeOwnSocket()
  }

  /// Calls `line` for every line read, with where it came from and its number (counted from 1
  /// per connection), and `waiting` whenever it is about to wait for more input; `warning` for
  /// what goes wrong with one client. Returns at the end of a file or standard input, and keeps
  /// accepting connections on a socket until the process is stopped.
  func run(
    _ line: (Origin, Int, LineReader.Line) -> Void, waiting: () -> Void, warning: (String) -> Void,
    closed: (Origin) -> Void = { _ in }, tick: Duration? = nil, outgoing: (() -> [Int: [UInt8]])? = nil
  ) throws(CommandFailure) {
    let name = Origin(endpoint: endpoint.description)
    switch endpoint {
    case .standardStream:
      readLines(from: STDIN_FILENO, { line(name, $0, $1) }, waiting: waiting)
      closed(name)
    case .file(let path):
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw .inputMissing(path: path, reason: errno == ENOENT ? "no such file" : Descriptor.reason(errno))
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        throw .inputMissing(path: path, reason: "is a directory, not a file of events or an endpoint")
      }
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw .inputMissing(path: path, reason: Descriptor.reason(errno)) }
      defer { LiveSocket.close(descriptor) }
      readLines(from: descriptor, { line(name, $0, $1) }, waiting: waiting)
      closed(name)
    case .otlp:
      throw .inputMissing(path: endpoint.description, reason: "an OpenTelemetry collector is not a source of events")
    case .tcp, .unix:
      try serve(line, waiting: waiting, warning: warning, closed: closed, tick: tick, outgoing: outgoing)
    }
  }

  /// One connection being read.
  private struct Connection {
    var descriptor: Int32
    var number: Int
    var reader: LineReader
    /// When data last arrived.
    var lastData: ContinuousClock.Instant
    /// Whether its hello carried the token (or none is asked for); `false` once refused.
    var admitted: Bool?
  }

  /// How long to wait for the next event: until the earliest client that may time out inside
  /// a line does, and at most `tick` (for a view redrawn in time); -1 for as long as it takes.
  private func pollTimeout(for connections: [Connection], now: ContinuousClock.Instant, tick: Duration?) -> Int {
    let deadlines = connections.filter { $0.reader.isInsideLine }.map { $0.lastData + clientTimeout }
    let timeout = deadlines.min().map { max(0, Self.milliseconds(now.duration(to: $0)) + 1) } ?? -1
    guard let tick else { return timeout }
    return timeout < 0 ? Self.milliseconds(tick) : min(timeout, Self.milliseconds(tick))
  }

  /// Sends what goes back to the apps (control requests) on the connections they opened.
  private static func send(_ outgoing: [Int: [UInt8]], on connections: [Connection]) {
    for (number, bytes) in outgoing {
      guard let connection = connections.first(where: { $0.number == number }) else { continue }
      var offset = 0
      while offset < bytes.count {
        let sent = LiveSocket.send(connection.descriptor, bytes, from: offset)
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { break }  // the app went away: its session ends as it is read
        offset += sent
      }
    }
  }

  /// The connections silent for longer than the client timeout in the middle of a line, each
  /// said in a warning.
  private func stalled(
    _ connections: [Connection], skipping closed: Set<Int>, now: ContinuousClock.Instant, warning: (String) -> Void
  ) -> Set<Int> {
    var stalled: Set<Int> = []
    for index in connections.indices where !closed.contains(index) && connections[index].reader.isInsideLine {
      guard connections[index].lastData.duration(to: now) >= clientTimeout else { continue }
      let origin = Origin(endpoint: endpoint.description, connection: connections[index].number)
      warning(
        "\(origin.description): closed the connection: no data for \(clientTimeout) in the middle of line \(connections[index].reader.lineNumber)"
      )
      stalled.insert(index)
    }
    return stalled
  }

  private func serve(
    _ line: (Origin, Int, LineReader.Line) -> Void, waiting: () -> Void, warning: (String) -> Void,
    closed connectionClosed: (Origin) -> Void, tick: Duration?, outgoing: (() -> [Int: [UInt8]])?
  ) throws(CommandFailure) {
    var connections: [Connection] = []
    var accepted = 0
    let buffer = Descriptor.ReadBuffer(capacity: 1 << 20)
    defer {
      for connection in connections { LiveSocket.close(connection.descriptor) }
    }
    let clock = ContinuousClock()
    while true {
      waiting()
      var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      polled += connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      let timeout = pollTimeout(for: connections, now: clock.now, tick: tick)
      let ready = poll(&polled, nfds_t(polled.count), Int32(clamping: timeout))
      if ready < 0 {
        if errno == EINTR { continue }
        throw .inputMissing(path: endpoint.description, reason: "poll failed: \(Descriptor.reason(errno))")
      }
      Self.send(outgoing?() ?? [:], on: connections)
      var closed: Set<Int> = []
      for index in connections.indices where polled[index + 1].revents != 0 {
        let origin = Origin(endpoint: endpoint.description, connection: connections[index].number)
        // Taken out while reading, so that the line handler can update them.
        var (reader, admitted) = (connections[index].reader, connections[index].admitted)
        let count = buffer.read(from: connections[index].descriptor) { chunk in
          reader.consume(chunk) { number, text in
            if admitted == nil {
              admitted = Self.carries(token, text)
              if admitted == false {
                warning("\(origin.description): refused: its first line is not a hello with the listener's token")
              }
            }
            if admitted == true { line(origin, number, text) }
          }
        }
        (connections[index].reader, connections[index].admitted) = (reader, admitted)
        if admitted == false {
          closed.insert(index)
          continue
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 {
          if admitted == true { connections[index].reader.finish { line(origin, $0, $1) } }
          closed.insert(index)
        } else {
          connections[index].lastData = clock.now
        }
      }
      closed.formUnion(stalled(connections, skipping: closed, now: clock.now, warning: warning))
      for index in closed.sorted(by: >) {
        LiveSocket.close(connections[index].descriptor)
        connectionClosed(Origin(endpoint: endpoint.description, connection: connections[index].number))
        connections.remove(at: index)
      }
      if polled[0].revents != 0 {
        let descriptor = accept(listener, nil, nil)
        if descriptor < 0 {
          if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
          throw .inputMissing(path: endpoint.description, reason: "accept failed: \(Descriptor.reason(errno))")
        }
        accepted += 1
        guard connections.count < Self.maximumConnections else {
          warning("\(endpoint.description)#\(accepted): refused: \(Self.maximumConnections) connections are open")
          LiveSocket.close(descriptor)
          continue
        }
        connections.append(
          Connection(
            descriptor: descriptor, number: accepted, reader: LineReader(maximumLineBytes: maximumLineBytes),
            lastData: clock.now, admitted: token == nil ? true : nil))
      }
    }
  }

  /// Whether `line` is a hello carrying `token` (compared in time that depends only on the
  /// lengths).
  private static func carries(_ token: String?, _ line: LineReader.Line) -> Bool {
    guard let token else { return true }
    guard case .text(let bytes) = line,
      let event = try? InspectorEventCodec.decode(line: bytes, lineNumber: 1),
      case .hello(let hello) = event.kind, let given = hello.token
    else { return false }
    return LiveAccess.sameText(given, token)
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(clamping: seconds) &* 1_000 &+ Int(attoseconds / 1_000_000_000_000_000)
  }

  private func readLines(from descriptor: Int32, _ line: (Int, LineReader.Line) -> Void, waiting: () -> Void) {
    var reader = LineReader(maximumLineBytes: maximumLineBytes)
    let buffer = Descriptor.ReadBuffer(capacity: 1 << 20)
    while true {
      let count = buffer.read(from: descriptor) { reader.consume($0, line) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      // A short read means the peer has nothing more yet: show what has arrived.
      if count < buffer.capacity { waiting() }
    }
    reader.finish(line)
  }

  /// Removes the socket this listener made, if it is still the one at its path.
  private func removeOwnSocket() {
    guard let ownSocket else { return }
    var info = stat()
    if lstat(ownSocket.path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK, info.st_ino == ownSocket.inode {
      unlink(ownSocket.path)
    }
    self.ownSocket = nil
  }

  /// Ctrl-C (and `kill`) end the process without running `deinit`: remove the socket first.
  private func removeSocketOnInterrupt() {
    guard let ownSocket else { return }
    let path = ownSocket.path
    let inode = ownSocket.inode
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK, info.st_ino == inode { unlink(path) }
        exit(128 + signalNumber)
      }
      source.resume()
      signalSources.append(source)
    }
  }

  private static func listenTCP(host: String, port: UInt16, endpoint: EventEndpoint) throws(CommandFailure) -> Int32 {
    switch LiveSocket.listen(ipv4: host, port: port, backlog: 16) {
    case .success(let descriptor): return descriptor
    case .failure(.badAddress):
      throw .usage(
        .invalidValue(option: "--listen", value: endpoint.description, expected: "an IPv4 address such as 127.0.0.1"))
    case .failure: throw failure(endpoint)
    }
  }

  private static func listenUnix(path: String, endpoint: EventEndpoint) throws(CommandFailure) -> Int32 {
    guard path.utf8.count <= Descriptor.longestUnixPath else {
      throw .usage(
        .invalidValue(
          option: "--listen", value: path,
          expected: "a socket path shorter than \(Descriptor.longestUnixPath + 1) bytes"))
    }
    let connect = { (descriptor: Int32) -> Int32 in Descriptor.unix(descriptor, path: path, connecting: true) }
    // Something at the path: only a socket nobody answers on (a listener that died) goes.
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFSOCK else {
        throw .unavailable(
          endpoint: endpoint.description, reason: "the path exists and is not a socket; it is left alone")
      }
      let probe = LiveSocket.open(AF_UNIX)
      let answered = probe >= 0 && connect(probe) == 0
      let refused = !answered && errno == ECONNREFUSED
      if probe >= 0 { LiveSocket.close(probe) }
      if answered { throw .unavailable(endpoint: endpoint.description, reason: "another listener is using it") }
      guard refused else {
        throw .unavailable(endpoint: endpoint.description, reason: "cannot tell whether the socket there is in use")
      }
      unlink(path)
    }
    let descriptor = LiveSocket.open(AF_UNIX)
    guard descriptor >= 0 else { throw failure(endpoint) }
    guard Descriptor.unix(descriptor, path: path, connecting: false) == 0, listen(descriptor, 16) == 0 else {
      let error = failure(endpoint)
      LiveSocket.close(descriptor)
      throw error
    }
    return descriptor
  }

  private static func failure(_ endpoint: EventEndpoint) -> CommandFailure {
    let number = errno
    if number == EADDRINUSE {
      return .unavailable(endpoint: endpoint.description, reason: "address already in use")
    }
    return .unavailable(endpoint: endpoint.description, reason: Descriptor.reason(number))
  }
}
