import Foundation

/// Action logs as JSON Lines: one action a line, `{"seq": 5, "action": …, "state": …}`, the
/// action (and, when `State` is `Codable` too, the state after it) as `JSONEncoder` writes them.
extension ActionLog where Action: Encodable {
  /// The log as JSON Lines, actions only.
  ///
  /// ```swift
  /// try log.jsonLines().write(to: URL(filePath: "session.actions.jsonl"))
  /// ```
  ///
  /// - Returns: One line per action, each ending in a newline.
  /// - Throws: An `EncodingError` from the action's encoding.
  public func jsonLines() throws -> Data {
    try ActionLogLines.write(entries.map { ($0.sequence, try ActionLogLines.encode($0.action), nil) })
  }
}

extension ActionLog where Action: Encodable, State: Encodable {
  /// The log as JSON Lines, each action with the state after it (when recorded), so that
  /// ``TestStore/replay(_:initialState:reducer:)`` can check a replay against it.
  ///
  /// ```swift
  /// try log.jsonLines().write(to: URL(filePath: "session.actions.jsonl"))
  /// ```
  ///
  /// - Returns: One line per action, each ending in a newline.
  /// - Throws: An `EncodingError` from an action's or a state's encoding.
  public func jsonLines() throws -> Data {
    try ActionLogLines.write(
      entries.map { ($0.sequence, try ActionLogLines.encode($0.action), try $0.stateAfter.map(ActionLogLines.encode)) })
  }
}

extension ActionLog where Action: Decodable {
  /// Reads a log written by `jsonLines()`; states, if any, are ignored.
  ///
  /// ```swift
  /// let log = try ActionLog<AppState, AppAction>(jsonLines: Data(contentsOf: file))
  /// ```
  ///
  /// - Parameter data: JSON Lines; blank lines are skipped.
  /// - Throws: ``ActionLogError`` naming the line that could not be read.
  public init(jsonLines data: Data) throws(ActionLogError) {
    self.init(
      entries: try ActionLogLines.read(data) { line in
        let decoded = try JSONDecoder().decode(ActionLogLines.ActionOnly<Action>.self, from: line)
        return Entry(sequence: decoded.seq, action: decoded.action)
      })
  }
}

extension ActionLog where Action: Decodable, State: Decodable {
  /// Reads a log written by `jsonLines()`, with the recorded states.
  ///
  /// ```swift
  /// let log = try ActionLog<AppState, AppAction>(jsonLines: Data(contentsOf: file))
  /// ```
  ///
  /// - Parameter data: JSON Lines; blank lines are skipped.
  /// - Throws: ``ActionLogError`` naming the line that could not be read.
  public init(jsonLines data: Data) throws(ActionLogError) {
    self.init(
      entries: try ActionLogLines.read(data) { line in
        let decoded = try JSONDecoder().decode(ActionLogLines.Line<Action, State>.self, from: line)
        return Entry(sequence: decoded.seq, action: decoded.action, stateAfter: decoded.state)
      })
  }
}

/// A line of an action log that could not be read: which line, and why.
public struct ActionLogError: Error, CustomStringConvertible {
  /// The line's number, from 1.
  public var line: Int
  /// What was wrong with it.
  public var reason: String
  /// `line 3: …`.
  public var description: String { "line \(line): \(reason)" }
}

/// The line format shared by writing and reading.
enum ActionLogLines {
  struct Line<LoggedAction: Decodable, LoggedState: Decodable>: Decodable {
    var seq: Int
    var action: LoggedAction
    var state: LoggedState?
  }

  /// A line read for its action only; a state, if present, is not decoded.
  struct ActionOnly<LoggedAction: Decodable>: Decodable {
    var seq: Int
    var action: LoggedAction
  }

  static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  static func write(_ lines: [(sequence: Int, action: Data, state: Data?)]) throws -> Data {
    var output = Data()
    for line in lines {
      output.append(contentsOf: #"{"seq":\#(line.sequence),"action":"#.utf8)
      output.append(line.action)
      if let state = line.state {
        output.append(contentsOf: #","state":"#.utf8)
        output.append(state)
      }
      output.append(contentsOf: "}\n".utf8)
    }
    return output
  }

  static func read<Entry>(_ data: Data, _ decode: (Data) throws -> Entry) throws(ActionLogError) -> [Entry] {
    var entries: [Entry] = []
    for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") })
      else { continue }
      do {
        entries.append(try decode(Data(line)))
      } catch let error as DecodingError {
        throw ActionLogError(line: number + 1, reason: describe(error))
      } catch {
        throw ActionLogError(line: number + 1, reason: String(describing: error))
      }
    }
    return entries
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return keys.isEmpty ? "" : String(keys.drop { $0 == "." }) + ": "
    }
    switch error {
    case .keyNotFound(let key, let context): return "\(path(context))missing \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return path(context) + context.debugDescription
    @unknown default: return String(describing: error)
    }
  }
}
