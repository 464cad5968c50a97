// POSIX socket and file reading for `recoil-inspect live`, confined to this file.
import Foundation
import RecoilSnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `live` reads JSON Lines from: standard input, a file, or a listening socket that
/// accepts one app connection after another.
///
/// Lines are split by ``LineReader``: a line longer than `maximumLineBytes` is dropped up to its
/// newline and reported as such, and the lines after it still arrive.
final class EventSource {
  private let endpoint: EventEndpoint
  private let maximumLineBytes: Int
  private var listener: Int32 = -1

  init(endpoint: EventEndpoint, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes) throws(CommandFailure) {
    self.endpoint = endpoint
    self.maximumLineBytes = maximumLineBytes
    switch endpoint {
    case .standardStream, .file: break
    case .tcp(let host, let port): listener = try Self.listenTCP(host: host, port: port, endpoint: endpoint)
    case .unix(let path): listener = try Self.listenUnix(path: path, endpoint: endpoint)
    }
  }

  deinit {
    if listener >= 0 { _ = closeDescriptor(listener) }
    if case .unix(let path) = endpoint { unlink(path) }
  }

  /// Calls `line` for every line read, with its number (counted from 1 per connection), and
  /// `waiting` whenever it is about to wait for more input; returns at the end of a file or
  /// standard input, and keeps accepting connections on a socket until the process is stopped.
  func run(
    _ line: (Int, LineReader.Line) -> Void, waiting: () -> Void
  ) throws(CommandFailure) {
    switch endpoint {
    case .standardStream:
      readLines(from: STDIN_FILENO, line, waiting: waiting)
    case .file(let path):
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { throw .inputMissing(path: path, reason: String(cString: strerror(errno))) }
      defer { _ = closeDescriptor(descriptor) }
      readLines(from: descriptor, line, waiting: waiting)
    case .tcp, .unix:
      while true {
        waiting()
        let connection = accept(listener, nil, nil)
        if connection < 0 {
          if errno == EINTR { continue }
          throw .inputMissing(path: endpoint.description, reason: "accept failed: \(String(cString: strerror(errno)))")
        }
        readLines(from: connection, line, waiting: waiting)
        _ = closeDescriptor(connection)
      }
    }
  }

  private func readLines(
    from descriptor: Int32, _ line: (Int, LineReader.Line) -> Void, waiting: () -> Void
  ) {
    var reader = LineReader(maximumLineBytes: maximumLineBytes)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      reader.consume(UnsafeBufferPointer(rebasing: buffer[0..<count]), line)
      // A short read means the peer has nothing more yet: show what has arrived.
      if count < buffer.count { waiting() }
    }
    reader.finish(line)
  }

  private static func listenTCP(host: String, port: UInt16, endpoint: EventEndpoint) throws(CommandFailure) -> Int32 {
    let descriptor = socket(AF_INET, socketStream, 0)
    guard descriptor >= 0 else { throw failure(endpoint) }
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      _ = closeDescriptor(descriptor)
      throw .usage(
        .invalidValue(option: "--listen", value: endpoint.description, expected: "an IPv4 address such as 127.0.0.1"))
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else {
      let error = failure(endpoint)
      _ = closeDescriptor(descriptor)
      throw error
    }
    return descriptor
  }

  private static func listenUnix(path: String, endpoint: EventEndpoint) throws(CommandFailure) -> Int32 {
    let descriptor = socket(AF_UNIX, socketStream, 0)
    guard descriptor >= 0 else { throw failure(endpoint) }
    unlink(path)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
      _ = closeDescriptor(descriptor)
      throw .usage(.invalidValue(option: "--listen", value: path, expected: "a socket path shorter than 104 bytes"))
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: path.utf8)
      buffer[path.utf8.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else {
      let error = failure(endpoint)
      _ = closeDescriptor(descriptor)
      throw error
    }
    return descriptor
  }

  private static func failure(_ endpoint: EventEndpoint) -> CommandFailure {
    .outputFailed(path: endpoint.description, reason: "cannot listen: \(String(cString: strerror(errno)))")
  }
}

#if canImport(Glibc)
  private let socketStream = Int32(SOCK_STREAM.rawValue)
  private func closeDescriptor(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#else
  private let socketStream = SOCK_STREAM
  private func closeDescriptor(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
