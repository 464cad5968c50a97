// POSIX `write` for standard output and error, confined to this file: Foundation's
// `FileHandle.write` stops the process on any failure (a full disk, a closed pipe).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a file descriptor with every error handled: interrupted writes are
/// retried, a non-blocking descriptor is waited for, and any other failure is returned as its
/// error number instead of stopping the process.
///
/// ```swift
/// if let failure = DescriptorWriting.writeAll(Array("hi\n".utf8), to: 1) { print(failure) }
/// ```
enum DescriptorWriting {
  /// Writes all of `bytes`; the error number when it could not.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  /// Writes all of `bytes`; the error number when it could not.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
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
