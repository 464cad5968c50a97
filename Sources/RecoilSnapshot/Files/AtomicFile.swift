import Foundation

/// Writes a file so that readers see either the old contents or the new, never a mix.
///
/// The data goes to a temporary file beside the destination, which is then renamed over it.
/// On failure the destination is untouched and the temporary file is removed.
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
  /// - Throws: ``WriteError`` when the temporary file cannot be created, written or renamed.
  public static func write(_ data: Data, to url: URL) throws(WriteError) {
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
    let temporary = url.deletingLastPathComponent()
      .appending(path: ".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    let temporaryPath = temporary.path(percentEncoded: false)
    do {
      try data.write(to: temporary, options: [.withoutOverwriting])
    } catch {
      try? FileManager.default.removeItem(atPath: temporaryPath)
      throw WriteError(path: path, reason: Self.describe(error))
    }
    if rename(temporaryPath, path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporaryPath)
      throw WriteError(path: path, reason: reason)
    }
  }

  private static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    if nsError.code == NSFileWriteNoPermissionError { return "permission denied" }
    if nsError.code == NSFileWriteOutOfSpaceError { return "no space left on device" }
    return nsError.localizedDescription
  }
}
