import Foundation
import RecoilSnapshot

/// Writes a command's result to a file (atomically) or to standard output for `-`.
enum OutputDestination {
  /// Writes `bytes` as they are, with no copy on the way to a file (a report can be hundreds
  /// of megabytes).
  static func write(_ bytes: [UInt8], to path: String, streams: StandardStreams) throws(CommandFailure) {
    if path == "-" {
      streams.outputBytes(Data(bytes))
      return
    }
    do {
      try AtomicFile.write(bytes, to: URL(filePath: path))
    } catch {
      throw .outputFailed(path: path, reason: error.reason)
    }
  }
}
