// POSIX file and socket calls for the live stream, confined to this file.
import Foundation
import RecoilConcurrency
import RecoilSnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a stream destination could not be opened.
///
/// ```swift
/// catch let error as EventConnectionError { print(error) }
/// ```
public struct EventConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The endpoint.
  public var endpoint: String
  /// What went wrong.
  public var reason: String
  /// `endpoint: reason`.
  public var description: String { "\(endpoint): \(reason)" }
}

/// A writable destination for JSON Lines, used only by the stream's writer thread.
class EventConnection {
  /// The connection to `endpoint`; a TCP host other than loopback only when `allowsRemote`.
  static func make(for endpoint: EventEndpoint, allowsRemote: Bool = false) throws -> EventConnection {
    switch endpoint {
    case .standardStream: return DescriptorConnection(descriptor: STDOUT_FILENO, closes: false)
    case .file(let path):
      let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      guard descriptor >= 0 else {
        throw EventConnectionError(endpoint: path, reason: String(cString: strerror(errno)))
      }
      return DescriptorConnection(descriptor: descriptor, closes: true)
    case .tcp(let host, let port):
      let isLoopback = ["127.0.0.1", "localhost", "::1"].contains(host)
      guard isLoopback || allowsRemote else {
        throw EventConnectionError(
          endpoint: endpoint.description,
          reason: "only loopback hosts are allowed unless InspectorConfiguration.streamToken is set")
      }
      guard isLoopback || Self.isAddress(host) else {
        throw EventConnectionError(endpoint: endpoint.description, reason: "the host must be an IP address")
      }
      return SocketConnection(address: .tcp(host == "localhost" ? "127.0.0.1" : host, port))
    case .unix(let path):
      return SocketConnection(address: .unix(path))
    case .otlp:
      // Traces go through `TraceExporter`, never as JSON Lines.
      throw EventConnectionError(
        endpoint: endpoint.description, reason: "an OpenTelemetry collector takes traces, not event lines")
    }
  }

  /// Whether `host` is an IPv4 or IPv6 address (not a name to look up).
  static func isAddress(_ host: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
  }

  /// Connects if needed; false while the destination is unreachable.
  func ensureConnected() -> Bool { true }
  /// How many times the destination was connected: a file or standard output once, a socket
  /// once more each time it reconnects. Each connection begins with the app's hello.
  var connections: Int { 1 }
  /// Writes everything; false when the destination failed.
  func write(_ data: Data) -> Bool { false }
  /// What the other end sent (a listener's control requests), without waiting; empty for a
  /// file or standard output, or when nothing arrived.
  func readAvailable() -> [UInt8] { [] }
  func close() {}
}

/// A file or standard output.
final class DescriptorConnection: EventConnection {
  private let descriptor: Int32
  private let closes: Bool

  init(descriptor: Int32, closes: Bool) {
    self.descriptor = descriptor
    self.closes = closes
  }

  override func write(_ data: Data) -> Bool {
    writeAll(descriptor, data, usingSend: false)
  }

  override func close() {
    if closes { _ = Glibc_close(descriptor) }
  }
}

/// A TCP or Unix-domain socket that reconnects, with backoff (``ReconnectBackoff``), after the
/// listener goes away.
final class SocketConnection: EventConnection {
  enum Address {
    case tcp(String, UInt16)
    case unix(String)
  }

  private let address: Address
  private var descriptor: Int32 = -1
  private var nextAttempt: UInt64 = 0
  private var backoff = ReconnectBackoff()
  private var connected = 0
  /// Where `readAvailable` reads into: made once, not at every turn of the writer.
  private var chunk = [UInt8](repeating: 0, count: 16_384)

  override var connections: Int { connected }

  init(address: Address) {
    self.address = address
  }

  override func ensureConnected() -> Bool {
    // A listener that went away leaves the socket readable at end of file. Writing to it would
    // still succeed once, into the void, so check before every batch.
    if descriptor >= 0 && peerHasClosed() { close() }
    if descriptor >= 0 { return true }
    let now = MonotonicClock.nanos
    guard now >= nextAttempt else { return false }
    descriptor = connectSocket()
    if descriptor < 0 {
      nextAttempt = now + backoff.nextDelayNanos()
      return false
    }
    connected += 1
    return true
  }

  /// A listener that takes the connection but not the data (stopped, or too slow) is tried
  /// again only after the backoff's wait, as one that refuses is: the schedule starts again
  /// only once a write went through.
  override func write(_ data: Data) -> Bool {
    guard descriptor >= 0 else { return false }
    if writeAll(descriptor, data, usingSend: true) {
      backoff.reset()
      return true
    }
    close()
    nextAttempt = MonotonicClock.nanos + backoff.nextDelayNanos()
    return false
  }

  override func close() {
    if descriptor >= 0 { _ = Glibc_close(descriptor) }
    descriptor = -1
  }

  override func readAvailable() -> [UInt8] {
    guard descriptor >= 0 else { return [] }
    var received: [UInt8] = []
    // At most 256 KiB a turn: requests are small, and the writer has events to send.
    while received.count < 262_144 {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
      if count <= 0 { break }  // nothing more now (EAGAIN), or the end, which `ensureConnected` sees
      received += chunk[..<count]
    }
    return received
  }

  /// Whether the other end closed the connection (end of file or an error pending).
  private func peerHasClosed() -> Bool {
    var status = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&status, 1, 0) > 0 else { return false }
    if status.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return true }
    var byte: UInt8 = 0
    let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
  }

  private func connectSocket() -> Int32 {
    switch address {
    case .tcp(let host, let port) where host.contains(":"):
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      inet_pton(AF_INET6, host, &address.sin6_addr)
      return Self.connect(family: AF_INET6, to: address)
    case .tcp(let host, let port):
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      return Self.connect(family: AF_INET, to: address)
    case .unix(let path):
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else { return -1 }
      withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        buffer.copyBytes(from: path.utf8)
        buffer[path.utf8.count] = 0
      }
      return Self.connect(family: AF_UNIX, to: address)
    }
  }

  /// Opens a stream socket and connects it to `address` (a `sockaddr_*`); -1 on failure.
  ///
  /// A listener that does not answer (another machine, gone) is given up on after a second,
  /// and one that stops reading makes a write fail after two: the writer thread, and so
  /// `stopStreaming`, never waits on it longer.
  private static func connect<Address>(family: Int32, to address: Address) -> Int32 {
    let descriptor = socket(family, Int32(SOCK_STREAM_VALUE), 0)
    guard descriptor >= 0 else { return -1 }
    noSignalOnBrokenPipe(descriptor)
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    var result = withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<Address>.size))
      }
    }
    if result != 0 && errno == EINPROGRESS {
      var status = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      var pending: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if poll(&status, 1, 1_000) == 1, getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0,
        pending == 0
      {
        result = 0
      }
    }
    guard result == 0 else {
      _ = Glibc_close(descriptor)
      return -1
    }
    _ = fcntl(descriptor, F_SETFL, flags)
    var limit = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    return descriptor
  }
}

#if canImport(Glibc)
  private let SOCK_STREAM_VALUE = Int32(SOCK_STREAM.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
  private func noSignalOnBrokenPipe(_ descriptor: Int32) {}
  private func Glibc_close(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#else
  private let SOCK_STREAM_VALUE = SOCK_STREAM
  private let sendFlags: Int32 = 0
  private func noSignalOnBrokenPipe(_ descriptor: Int32) {
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
  }
  private func Glibc_close(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif

/// Writes all bytes, retrying short writes; sockets use `send` so a vanished listener is an
/// error (EPIPE), not a SIGPIPE that kills the app.
private func writeAll(_ descriptor: Int32, _ data: Data, usingSend: Bool) -> Bool {
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let pointer = buffer.baseAddress!.advanced(by: offset)
      let written =
        usingSend
        ? send(descriptor, pointer, buffer.count - offset, sendFlags)
        : Foundation.write(descriptor, pointer, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
