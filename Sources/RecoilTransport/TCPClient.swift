// The socket calls of an HTTP client that take raw memory (addresses, read buffers), confined
// to this file: `HTTPPost` (the command line's `control` and `export --otlp`, an app's
// OpenTelemetry exporter) holds no pointer itself.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Connecting to an IPv4 address with a time limit, sending without SIGPIPE and reading with
/// a deadline: the client side of a TCP connection.
///
/// ```swift
/// let descriptor = TCPClient.connect(ipv4: "127.0.0.1", port: 4318, timeoutMilliseconds: 3_000)
/// guard descriptor >= 0 else { print(TCPClient.reason(errno)); return }
/// defer { TCPClient.close(descriptor) }
/// ```
package enum TCPClient {
  /// A TCP socket connected to an IPv4 address (`localhost` is 127.0.0.1) and port, given up
  /// on after `timeoutMilliseconds`: its descriptor (blocking again), or -1 (`errno` says why;
  /// `ETIMEDOUT` for the wait).
  package static func connect(ipv4 host: String, port: UInt16, timeoutMilliseconds: Int32) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      errno = EINVAL
      return -1
    }
    let descriptor = socket(AF_INET, socketStream, 0)
    guard descriptor >= 0 else { return -1 }
    #if !canImport(Glibc)
      // Linux's `send` says so per call (`MSG_NOSIGNAL`).
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    var result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if result != 0 && errno == EINPROGRESS {
      var status = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      var pending: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if poll(&status, 1, timeoutMilliseconds) == 1 {
        if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 && pending == 0 {
          result = 0
        } else {
          errno = pending
        }
      } else {
        errno = ETIMEDOUT
      }
    }
    guard result == 0 else {
      let number = errno
      close(descriptor)
      errno = number
      return -1
    }
    _ = fcntl(descriptor, F_SETFL, flags)
    return descriptor
  }

  /// Closes `descriptor`.
  package static func close(_ descriptor: Int32) {
    _ = systemClose(descriptor)
  }

  /// Sends as much of `bytes` from `offset` on as the socket takes now, never raising
  /// SIGPIPE: the count sent, or -1 (`errno` says why).
  package static func send(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int = 0) -> Int {
    guard offset < bytes.count else { return 0 }
    return bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress! + offset, $0.count - offset, sendFlags) }
  }

  /// Sends all of `bytes`, never raising SIGPIPE; false when the other end went away.
  package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = send(descriptor, bytes, from: offset)
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads what arrives until the other end closes, `isComplete` says the bytes so far are
  /// all that is wanted, `limit` bytes came, or `deadline` passes.
  package static func read(
    _ descriptor: Int32, until deadline: ContinuousClock.Instant, limit: Int = 1 << 20,
    isComplete: ([UInt8]) -> Bool
  ) -> [UInt8] {
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while ContinuousClock.now < deadline {
      var status = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&status, 1, 500) >= 0 || errno == EINTR else { break }
      guard status.revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        break
      }
      response.append(contentsOf: buffer[0..<count])
      if response.count > limit || isComplete(response) { break }
    }
    return response
  }

  /// What `errno` says, in words.
  package static func reason(_ number: Int32) -> String { String(cString: strerror(number)) }
}

#if canImport(Glibc)
  private let socketStream = Int32(SOCK_STREAM.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#else
  private let socketStream = SOCK_STREAM
  private let sendFlags: Int32 = 0
#endif
// The system's calls by other names: inside `TCPClient`, `close`, `connect` and `send` are its
// own. Unqualified here, at file scope, they are Glibc's or Darwin's alike.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(descriptor, address, length)
}
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, buffer, count, flags)
}
