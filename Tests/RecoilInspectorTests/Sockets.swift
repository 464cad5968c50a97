import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamType = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamType = SOCK_STREAM
#endif

/// A loopback port nobody listens on right now.
func freePort() throws -> UInt16 {
  let descriptor = socket(AF_INET, streamType, 0)
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
    }
  }
  guard bound else { throw POSIXError(.EADDRINUSE) }
  return UInt16(bigEndian: address.sin_port)
}

/// Whether something accepts TCP connections on a loopback port.
func canConnect(port: UInt16) -> Bool {
  let descriptor = socket(AF_INET, streamType, 0)
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
    }
  }
}

/// A loopback TCP listener that takes one app's live stream and can talk back on it, as
/// `recoil-inspect live` does with control requests.
final class OneAppListener {
  let port: UInt16
  private var listener: Int32
  private var connection: Int32 = -1
  private var received: [UInt8] = []

  init() throws {
    let listener = socket(AF_INET, streamType, 0)
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && getsockname(listener, pointer, &length) == 0
      }
    }
    port = UInt16(bigEndian: address.sin_port)
    guard bound, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
  }

  deinit {
    leave()
  }

  /// Waits (up to 10 s) for the app to connect.
  func acceptApp() throws {
    var status = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    guard poll(&status, 1, 10_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
    connection = accept(listener, nil, nil)
    guard connection >= 0 else { throw POSIXError(.ECONNABORTED) }
  }

  /// Closes the app's connection and stops listening, as a listener that goes away does.
  func leave() {
    if connection >= 0 { close(connection) }
    if listener >= 0 { close(listener) }
    connection = -1
    listener = -1
  }

  /// Sends text to the app as it is.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// The lines received so far, reading (up to 10 s) until `done` holds of them.
  func lines(until done: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(10)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
      if done(lines) || Date() > deadline { return lines }
      var status = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&status, 1, 200) >= 0 else { return lines }
      if status.revents == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      if count <= 0 { return lines }
      received += buffer[0..<count]
    }
  }
}
