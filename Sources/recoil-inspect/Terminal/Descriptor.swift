// POSIX `read` and `write` for inputs and standard output and error, confined to this file
// with the raw buffers they take: Foundation's `FileHandle.write` stops the process on any
// failure (a full disk, a closed pipe). (`live`'s sockets are read in LineReader and
// EventSource, which poll them.)
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

#if canImport(Glibc)
  private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(descriptor, buffer, count)
  }
#else
  private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(descriptor, buffer, count)
  }
#endif
