import Foundation
import RecoilSnapshot

/// Writes a command's result to a file (atomically) or to standard output for `-`.
enum OutputDestination {
  static func write(_ data: Data, to path: String, streams: StandardStreams) throws(CommandFailure) {
    if path == "-" {
      streams.outputBytes(data)
      return
    }
    do {
      try AtomicFile.write(data, to: URL(filePath: path))
    } catch {
      throw .outputFailed(path: path, reason: error.reason)
    }
  }
}
