import Foundation
import RecoilSnapshot

/// A file the command line names, a path or `-` for standard input, with the
/// `--max-input-bytes` it is read within: what every command that reads snapshots takes.
///
/// ```swift
/// let input = try SnapshotInput(arguments)  // `query cart.json --slowest`: the only positional
/// let snapshot = try input.load(streams: streams)
/// ```
struct SnapshotInput: Sendable, Equatable {
  /// The path as given; `-` is standard input.
  var path: String
  /// How much it may hold.
  var limit = InputLimit()

  /// What messages call it: `<stdin>` for `-`.
  var name: String { path == "-" ? "<stdin>" : path }

  init(path: String, limit: InputLimit = InputLimit()) {
    self.path = path
    self.limit = limit
  }

  /// The command's one positional, `<snapshot>`, and its `--max-input-bytes`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    let limit = try InputLimit(arguments)
    self.init(path: try arguments.onlyPositional("<snapshot>"), limit: limit)
  }

  /// Every positional, at least one, each within the command's `--max-input-bytes`: `check`
  /// and `validate` read several snapshots.
  static func all(_ arguments: ParsedArguments) throws(UsageError) -> [SnapshotInput] {
    let limit = try InputLimit(arguments)
    guard !arguments.positionals.isEmpty else { throw .missingArgument("<snapshot>") }
    return arguments.positionals.map { SnapshotInput(path: $0, limit: limit) }
  }

  /// Where a command writes by default: beside the file, `dir/snap.json` -> `dir/snap.svg`
  /// (the path kept as the user wrote it), or standard output for standard input.
  func output(withExtension newExtension: String) -> String {
    guard path != "-" else { return "-" }
    let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart {
      return path[..<dot] + "." + newExtension
    }
    return path + "." + newExtension
  }

  /// Reads and decodes the snapshot.
  func load(streams: StandardStreams) throws(CommandFailure) -> Snapshot {
    let data = try bytes(streams: streams)
    ProgressLine.shared.update("decoding \(ProgressLine.bytes(data.count)) of JSON")
    do {
      return try SnapshotCodec.decode(data)
    } catch {
      throw .invalidSnapshot(path: name, error)
    }
  }

  /// The file's bytes, or standard input's, within the limit.
  func bytes(streams: StandardStreams) throws(CommandFailure) -> Data {
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
