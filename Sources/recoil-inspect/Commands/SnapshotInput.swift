import Foundation
import RecoilSnapshot

/// Reads and decodes a snapshot from a path, or from standard input for `-`.
enum SnapshotInput {
  static func load(_ path: String, streams: StandardStreams) throws(CommandFailure) -> Snapshot {
    let name = path == "-" ? "<stdin>" : path
    let data: Data
    if path == "-" {
      do {
        data = try streams.readInput()
      } catch {
        throw .inputMissing(path: name, reason: "cannot read standard input")
      }
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .inputMissing(path: name, reason: "no such file")
      }
      guard !isDirectory.boolValue else {
        throw .inputMissing(path: name, reason: "is a directory, not a snapshot file")
      }
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw .inputMissing(path: name, reason: "cannot read the file (permission denied?)")
      }
      data = contents
    }
    do {
      return try SnapshotCodec.decode(data)
    } catch {
      throw .invalidSnapshot(path: name, error)
    }
  }
}
