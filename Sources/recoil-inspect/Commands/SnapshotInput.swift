import Foundation
import RecoilSnapshot

/// Reads and decodes a snapshot from a path, or from standard input for `-`.
enum SnapshotInput {
  static func load(_ path: String, limit: InputLimit, streams: StandardStreams) throws(CommandFailure) -> Snapshot {
    let name = path == "-" ? "<stdin>" : path
    let data = try bytes(of: path, limit: limit, streams: streams)
    ProgressLine.shared.update("decoding \(ProgressLine.bytes(data.count)) of JSON")
    do {
      return try SnapshotCodec.decode(data)
    } catch {
      throw .invalidSnapshot(path: name, error)
    }
  }

  /// The bytes of an input file, or of standard input for `-`, within `limit`.
  static func bytes(of path: String, limit: InputLimit, streams: StandardStreams) throws(CommandFailure) -> Data {
    let name = path == "-" ? "<stdin>" : path
    let result = path == "-" ? streams.readInput(limit.bytes) : InputReading.read(path: path, limit: limit.bytes)
    switch result {
    case .success(let data): return data
    case .failure(.missing): throw .inputMissing(path: name, reason: "no such file")
    case .failure(.notAFile(let what)): throw .inputMissing(path: name, reason: what)
    case .failure(.unreadable(let reason)): throw .inputMissing(path: name, reason: "cannot read: \(reason)")
    case .failure(.tooLarge(let limit)):
      throw .inputMissing(
        path: name, reason: "larger than --max-input-bytes \(limit); give a larger limit to read it")
    }
  }
}
