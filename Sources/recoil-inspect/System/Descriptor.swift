// The command line's system calls that take raw memory, confined to this file: POSIX `read`
// and `write` for inputs, standard output and error (Foundation's `FileHandle.write` stops the
// process on any failure: a full disk, a closed pipe), and the socket calls that take an
// address or a read buffer (`LiveSocket` decides what to open and bind; `EventSource` and the
// page's server poll what it opened).
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes file descriptors with every error handled: interrupted calls are retried,
/// a non-blocking descriptor is waited for, and any other failure is returned as its error
/// number instead of stopping the process.
///
/// ```swift
/// if let failure = Descriptor.writeAll(Array("hi\n".utf8), to: 1) { print(failure) }
/// ```
enum Descriptor {
  /// Writes all of `bytes` (an array, `Data`); the error number when it could not.
  static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  /// Reads what `descriptor` has into `buffer`, up to its count: the number of bytes read, 0
  /// at the end, or the error number (retried when interrupted).
  static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Result<Int, ReadFailure> {
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count >= 0 { return .success(count) }
      if errno != EINTR { return .failure(ReadFailure(number: errno)) }
    }
  }

  /// A failed read's error number.
  struct ReadFailure: Error {
    var number: Int32
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      if written > 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // Standard output left non-blocking by another program: wait until it takes more.
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      default: return written == 0 ? EIO : errno
      }
    }
    return nil
  }

  /// The system's words for an error number, lower-cased: `no space left on device`.
  static func reason(_ number: Int32) -> String {
    let text = String(cString: strerror(number))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Whether `number` means the reader went away (a closed pipe or socket).
  static func isBrokenPipe(_ number: Int32) -> Bool { number == EPIPE || number == ECONNRESET }
}

// MARK: - Sockets

extension Descriptor {
  /// Binds `descriptor` to an IPv4 address: the call's result (0 for success).
  static func bind(_ descriptor: Int32, to address: sockaddr_in) -> Int32 {
    var address = address
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// The longest path a unix socket address holds.
  static var longestUnixPath: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

  /// Binds `descriptor` (or, with `connecting`, connects it) to the unix socket at `path`;
  /// the result of the call (0 for success, -1 for a path longer than ``longestUnixPath``).
  static func unix(_ descriptor: Int32, path: String, connecting: Bool) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    guard path.utf8.count <= longestUnixPath else { return -1 }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: path.utf8)
      buffer[path.utf8.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connecting
          ? systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
          : systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// The port an IPv4 socket is bound to (the one the system chose for port 0).
  static func boundPort(of descriptor: Int32) -> UInt16? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
  }

  /// A buffer that a polled socket's reads come into, reused for every read: what arrived is
  /// handed over in place, so a line of a million-event stream is split and decoded uncopied.
  ///
  /// ```swift
  /// let buffer = Descriptor.ReadBuffer(capacity: 1 << 20)
  /// let count = buffer.read(from: socket) { chunk in lines.consume(chunk, handle) }
  /// ```
  final class ReadBuffer {
    private let storage: UnsafeMutableBufferPointer<UInt8>

    init(capacity: Int) {
      storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    var capacity: Int { storage.count }

    /// Reads once from `descriptor` and hands what arrived to `body`: the count read, 0 at the
    /// end, or -1 (`errno` says why).
    func read(from descriptor: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
      let count = systemRead(descriptor, storage.baseAddress, storage.count)
      if count > 0 { body(UnsafeBufferPointer(rebasing: storage[0..<count])) }
      return count
    }

    /// Reads once from `descriptor`, appending what arrived to `bytes`.
    func read(from descriptor: Int32, appendingTo bytes: inout [UInt8]) -> Int {
      read(from: descriptor) { bytes.append(contentsOf: $0) }
    }
  }
}

// The system's calls by other names: inside `Descriptor`, `read` and `bind` are its own.
// Unqualified here, at file scope, they are Glibc's or Darwin's alike.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
private func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  bind(descriptor, address, length)
}
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(descriptor, address, length)
}
