import RecoilSnapshot
import Synchronization

/// Every session `live --serve` has seen, shared between the thread that reads the apps'
/// streams and the one that serves the page: one ``LiveSession`` per app connection (or one
/// for a file or standard input), in the order they came.
///
/// ```swift
/// let sessions = LiveSessions(keep: 100_000)
/// sessions.apply(event, connection: 2)
/// sessions.summaries()  // what the page lists
/// ```
final class LiveSessions: Sendable {
  /// What the page shows of a session in its list.
  struct Summary: Equatable, Sendable {
    var number: Int
    var name: String
    var app: String?
    var processID: Int?
    var instance: String?
    var isConnected: Bool
    var version: Int
    var shapeVersion: Int
    var entries: Int
    var latestSeq: Int?
    var droppedByApp: Int
    var trimmed: Int
    /// The step the tool jumped the app back to, while it is there.
    var jumpedTo: Int?
  }

  private struct State {
    var sessions: [LiveSession] = []
    /// The session of each open connection, by the connection's number (0 for a file or
    /// standard input).
    var sessionOfConnection: [Int: Int] = [:]
    var version = 0
  }

  private let state = Mutex(State())
  let keep: Int

  init(keep: Int) {
    self.keep = keep
  }

  /// Applies an event from connection `connection` (`nil`: a file or standard input); a
  /// connection's first event opens its session. Returns the session's number, and whether
  /// the event was its hello.
  @discardableResult
  func apply(_ event: InspectorEvent, connection: Int?) -> (session: Int, isHello: Bool) {
    state.withLock { state in
      let key = connection ?? 0
      let index: Int
      if let known = state.sessionOfConnection[key] {
        index = known
      } else {
        index = state.sessions.count
        state.sessions.append(LiveSession(number: index + 1, keep: keep))
        state.sessionOfConnection[key] = index
      }
      state.sessions[index].apply(event)
      state.version += 1
      if case .hello = event.kind { return (index + 1, true) }
      return (index + 1, false)
    }
  }

  /// Marks connection `connection`'s session as ended; returns its summary, if it had one.
  @discardableResult
  func close(connection: Int?) -> Summary? {
    state.withLock { state in
      guard let index = state.sessionOfConnection.removeValue(forKey: connection ?? 0) else { return nil }
      state.sessions[index].isConnected = false
      state.version += 1
      return Self.summary(of: state.sessions[index])
    }
  }

  /// The open connection of session `number`, which control requests go back on; `nil` for
  /// a session that ended, or read from a file.
  func connection(ofSession number: Int) -> Int? {
    state.withLock { state in
      state.sessionOfConnection.first { $0.value == number - 1 && $0.key != 0 }?.key
    }
  }

  /// Changes with every event and every connection that ends.
  var version: Int { state.withLock { $0.version } }

  func summaries() -> [Summary] {
    state.withLock { $0.sessions.map(Self.summary) }
  }

  func summary(of number: Int) -> Summary? {
    state.withLock { state in
      state.sessions.indices.contains(number - 1) ? Self.summary(of: state.sessions[number - 1]) : nil
    }
  }

  /// Session `number`'s snapshot, with its version and shape version (see ``LiveSession``), or
  /// `nil` for no such session.
  func snapshot(of number: Int) -> (snapshot: Snapshot, version: Int, shapeVersion: Int)? {
    // The session is copied under the lock (its arrays are shared, not copied), and made
    // into a snapshot outside it, so the reading thread is not held up.
    let session: LiveSession? = state.withLock { state in
      state.sessions.indices.contains(number - 1) ? state.sessions[number - 1] : nil
    }
    return session.map { ($0.snapshot(), $0.version, $0.shapeVersion) }
  }

  private static func summary(of session: LiveSession) -> Summary {
    Summary(
      number: session.number, name: session.name, app: session.hello?.app, processID: session.hello?.processID,
      instance: session.hello?.instance, isConnected: session.isConnected, version: session.version,
      shapeVersion: session.shapeVersion, entries: session.entryCount, latestSeq: session.latestSeq,
      droppedByApp: session.droppedByApp, trimmed: session.trimmed, jumpedTo: session.jumpedTo)
  }
}
