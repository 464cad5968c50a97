// The sockets of `live`: the listener of apps' streams (`EventSource`) and the page's server
// (`LiveServer`) open, bind and listen through these; the calls that take raw memory
// (addresses, read buffers) are `Descriptor`'s.
import Foundation
import RecoilTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Binding, connecting, reading and sending for `live`'s sockets.
///
/// ```swift
/// let descriptor = socket(AF_INET, SOCK_STREAM, 0)
/// guard LiveSocket.bind(descriptor, ipv4: "127.0.0.1", port: 0) == .bound else { … }
/// let port = LiveSocket.boundPort(of: descriptor)
/// ```
enum LiveSocket {
  enum Binding: Error, Equatable {
    case bound
    /// The host is not an IPv4 address.
    case badAddress
    /// `bind` failed; `errno` says why.
    case failed
  }

  /// A stream socket of `family` (`AF_INET`, `AF_UNIX`), or -1.
  static func open(_ family: Int32) -> Int32 {
    socket(family, socketStream, 0)
  }

  /// A TCP socket listening on an IPv4 address (`localhost` is 127.0.0.1) and port (0: one
  /// the system picks): its descriptor, or why not (`errno` says more for `.failed`).
  static func listen(ipv4 host: String, port: UInt16, backlog: Int32) -> Result<Int32, Binding> {
    let descriptor = open(AF_INET)
    guard descriptor >= 0 else { return .failure(.failed) }
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    let binding = bind(descriptor, ipv4: host, port: port)
    guard binding == .bound, systemListen(descriptor, backlog) == 0 else {
      let number = errno
      close(descriptor)
      errno = number
      return .failure(binding == .badAddress ? .badAddress : .failed)
    }
    return .success(descriptor)
  }

  /// Closes a socket or file.
  static func close(_ descriptor: Int32) {
    TCPClient.close(descriptor)
  }

  /// Makes reads and writes on `descriptor` return at once rather than wait.
  static func makeNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// Binds `descriptor` to an IPv4 address (`localhost` is 127.0.0.1) and port.
  static func bind(_ descriptor: Int32, ipv4 host: String, port: UInt16) -> Binding {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      return .badAddress
    }
    return Descriptor.bind(descriptor, to: address) == 0 ? .bound : .failed
  }

  /// Makes a write to `descriptor` whose reader went away an error, not a SIGPIPE (Linux's
  /// `send` says so per call).
  static func noSignalOnBrokenPipe(_ descriptor: Int32) {
    #if !canImport(Glibc)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Sends as much of `bytes` from `offset` on as the socket takes now, never raising
  /// SIGPIPE: the count sent, or -1 (`errno` says why).
  static func send(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int = 0) -> Int {
    guard offset < bytes.count else { return 0 }
    return TCPClient.send(descriptor, bytes, from: offset)
  }
}

#if canImport(Glibc)
  private let socketStream = Int32(SOCK_STREAM.rawValue)
#else
  private let socketStream = SOCK_STREAM
#endif
// Inside `LiveSocket`, `listen` is its own; unqualified at file scope, it is the system's.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
