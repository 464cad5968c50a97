// POSIX reading of a command's input file, confined to this file: bounded, in chunks, with
// the kind of file said when it is not one that can be read as a snapshot.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input (a snapshot or a budget) into one buffer, refusing past a limit
/// before holding more than it: a runaway input (`/dev/zero`, a 2 GB file) costs at most the
/// limit, and is never held twice.
///
/// ```swift
/// let data = try InputReading.read(path: "cart.snapshot.json", limit: InputLimit.defaultBytes)
/// ```
enum InputReading {
  /// Why an input could not be read.
  enum Failure: Error, Equatable {
    /// Nothing at the path.
    case missing
    /// Not something to read a snapshot from: a directory, a device, a socket.
    case notAFile(String)
    /// More bytes than the limit.
    case tooLarge(limit: Int)
    /// The system refused: permission denied, an I/O error.
    case unreadable(String)
  }

  /// Reads the file at `path` (a regular file or a pipe, such as `<(…)`).
  static func read(path: String, limit: Int) -> Result<Data, Failure> {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(Descriptor.reason(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFIFO: break
    case S_IFDIR: return .failure(.notAFile("is a directory, not a snapshot file"))
    case S_IFCHR: return .failure(.notAFile("is a character device, not a regular file (use - for standard input)"))
    case S_IFBLK: return .failure(.notAFile("is a block device, not a regular file"))
    case S_IFSOCK: return .failure(.notAFile("is a socket, not a regular file"))
    default: return .failure(.notAFile("is not a regular file"))
    }
    if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit { return .failure(.tooLarge(limit: limit)) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.unreadable(Descriptor.reason(errno))) }
    defer { close(descriptor) }
    return read(descriptor: descriptor, limit: limit, expectedBytes: Int(status.st_size))
  }

  /// Reads `descriptor` to its end (standard input for `-`), saying how far on the progress
  /// line when its size is known.
  static func read(descriptor: Int32, limit: Int, expectedBytes: Int = 0) -> Result<Data, Failure> {
    var data = Data()
    // A regular file's size is known: one allocation. A pipe grows by chunks.
    data.reserveCapacity(min(max(expectedBytes, 0), limit) + 1)
    let chunkSize = 1 << 20
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count: Int
      switch Descriptor.read(descriptor, into: &chunk) {
      case .success(let read): count = read
      case .failure(let failure): return .failure(.unreadable(Descriptor.reason(failure.number)))
      }
      if count == 0 { return .success(data) }
      guard data.count + count <= limit else { return .failure(.tooLarge(limit: limit)) }
      data.append(contentsOf: chunk[0..<count])
      if expectedBytes > 0 {
        ProgressLine.shared.update("reading", done: data.count, total: expectedBytes, unit: .bytes)
      }
    }
  }
}
