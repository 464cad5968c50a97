import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see either the old contents or the new, never a mix.
///
/// The data goes to a temporary file beside the destination, which then takes its place
/// (see `FileReplacement`). On failure the destination is untouched and the temporary file
/// is removed.
///
/// ```swift
/// try AtomicFile.write(SnapshotCodec.encode(snapshot), to: URL(filePath: "cart.snapshot.json"))
/// ```
public enum AtomicFile {
  /// Why a file could not be written.
  ///
  /// ```swift
  /// catch let error as AtomicFile.WriteError { print(error.path, error.reason) }
  /// ```
  public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination path.
    public var path: String
    /// What went wrong, from the operating system.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
  }

  /// Atomically replaces (or creates) the file at `url` with `data`.
  ///
  /// ```swift
  /// try AtomicFile.write(Data("hello".utf8), to: URL(filePath: "/tmp/greeting.txt"))
  /// ```
  ///
  /// - Parameters:
  ///   - data: The complete new contents.
  ///   - url: A file URL; its directory must exist.
  /// - Throws: ``WriteError`` when the temporary file cannot be created, written or moved into place.
  public static func write(_ data: Data, to url: URL) throws(WriteError) {
    try write(to: url) { descriptor in ByteInput.read(data) { ByteOutput.write($0, to: descriptor) } }
  }

  /// Atomically replaces (or creates) the file at `url` with `bytes`.
  package static func write(_ bytes: [UInt8], to url: URL) throws(WriteError) {
    try write(to: url) { descriptor in ByteInput.read(bytes) { ByteOutput.write($0, to: descriptor) } }
  }

  /// Atomically replaces (or creates) the file at `url` with `output`'s bytes.
  package static func write(_ output: borrowing ByteOutput, to url: URL) throws(WriteError) {
    try write(to: url) { descriptor in output.write(to: descriptor) }
  }

  /// Atomically replaces (or creates) the file at `url` with what `write` appends to the
  /// output it is given, which goes to the temporary file each time `capacity` bytes are held:
  /// a large document is never whole in memory, and the same pages are filled again.
  ///
  /// ```swift
  /// try AtomicFile.write(to: url) { SnapshotCodec.encode(snapshot, into: $0) }
  /// ```
  package static func write(
    to url: URL, capacity: Int = 1 << 18, _ write: (consuming ByteOutput) -> ByteOutput
  ) throws(WriteError) {
    let temporary = try createTemporary(for: url)
    // The first error of the system's writes, kept here: the writer's appends do not throw.
    final class Failure { var number: Int32? }
    let failure = Failure()
    var output = write(
      ByteOutput(capacity: capacity) { bytes in
        guard failure.number == nil else { return }
        failure.number = ByteOutput.write(bytes, to: temporary.descriptor)
      })
    output.drain()
    try finish(temporary, failure: failure.number)
  }

  /// Writes the whole file at once: `write` is given the temporary file's descriptor and
  /// returns the error number of its first failure, if any.
  private static func write(to url: URL, _ write: (Int32) -> Int32?) throws(WriteError) {
    let temporary = try createTemporary(for: url)
    try finish(temporary, failure: write(temporary.descriptor))
  }

  /// An open temporary file beside a destination, to take its place.
  private struct Temporary {
    let descriptor: Int32
    let temporaryPath: String
    let path: String
  }

  /// Creates the temporary file beside `url`.
  private static func createTemporary(for url: URL) throws(WriteError) -> Temporary {
    let path = url.path(percentEncoded: false)
    let directory = url.deletingLastPathComponent().path(percentEncoded: false)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw WriteError(path: path, reason: "directory \(directory) does not exist")
    }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw WriteError(path: path, reason: "is a directory")
    }
    let existingMode = try modeOfReplaceableFile(at: path)
    let temporary = url.deletingLastPathComponent()
      .appending(path: ".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    let temporaryPath = temporary.path(percentEncoded: false)
    // Plain system calls: a few milliseconds for megabytes, where Foundation's writer took
    // several times as long.
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw WriteError(path: path, reason: Self.reason(errno)) }
    // A file that was private stays private: the new one takes the old one's permissions.
    if let existingMode { _ = fchmod(descriptor, existingMode) }
    return Temporary(descriptor: descriptor, temporaryPath: temporaryPath, path: path)
  }

  /// The permissions of the regular file at `path` (or that a symbolic link there names),
  /// `nil` when nothing is there; refuses anything else (a FIFO, a device, a link to
  /// `/proc/self/fd/1`), which a rename would replace with a plain file.
  private static func modeOfReplaceableFile(at path: String) throws(WriteError) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    if info.st_mode & S_IFMT == S_IFLNK {
      // A link to nothing is replaced like a missing file.
      guard stat(path, &info) == 0 else { return nil }
    }
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG: return info.st_mode & 0o7777
    case S_IFIFO: kind = "a FIFO"
    case S_IFCHR: kind = "a character device"
    case S_IFBLK: kind = "a block device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "something other than a file"
    }
    throw WriteError(
      path: path, reason: "is \(kind), not a regular file; refusing to replace it (use - for standard output)")
  }

  /// Closes the temporary file and moves it to the destination, or removes it when
  /// writing failed (`failure`) or closing or renaming does.
  private static func finish(_ temporary: Temporary, failure: Int32?) throws(WriteError) {
    var failure = failure
    if close(temporary.descriptor) != 0, failure == nil { failure = errno }
    if failure == nil { failure = FileReplacement.move(temporary.temporaryPath, to: temporary.path) }
    if let failure {
      unlink(temporary.temporaryPath)
      throw WriteError(path: temporary.path, reason: Self.reason(failure))
    }
  }

  /// The system's words for an error number, as a message's lower-case tail:
  /// `permission denied`, `no space left on device`.
  private static func reason(_ number: Int32) -> String {
    let text = String(cString: strerror(number))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
