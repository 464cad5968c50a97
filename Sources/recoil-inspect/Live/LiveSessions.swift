import RecoilSnapshot
import Synchronization

/// Every session `live --serve` has seen, shared between the thread that reads the apps'
/// streams and the one that serves the page: one ``LiveSession`` per app connection (or one
/// for a file or standard input), in the order they came. Connected sessions are all kept;
/// of those that ended, the latest ``keepEnded`` (an app relaunched all day, or a test run
/// streaming each process, would otherwise hold every run it ever had).
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
    /// In the order they came, so by number (numbers are never reused, and those forgotten
    /// leave gaps).
    var sessions: [LiveSession] = []
    /// The number of each open connection's session, by the connection's number (0 for a
    /// file or standard input).
    var sessionOfConnection: [Int: Int] = [:]
    var version = 0

    /// Where session `number` is in ``sessions``.
    func index(of number: Int) -> Int? {
      // Numbers ascend: a binary search, the list holding at most the connected and
      // `keepEnded` others.
      var (low, high) = (0, sessions.count)
      while low < high {
        let middle = (low + high) / 2
        if sessions[middle].number < number { low = middle + 1 } else { high = middle }
      }
      return low < sessions.count && sessions[low].number == number ? low : nil
    }
  }

  /// How many ended sessions are kept by default.
  static let defaultKeepEnded = 20

  private let state = Mutex(State())
  /// The timeline entries kept per session.
  let keep: Int
  /// The ended sessions kept: the latest that many.
  let keepEnded: Int

  init(keep: Int, keepEnded: Int = defaultKeepEnded) {
    self.keep = keep
    self.keepEnded = keepEnded
  }

  /// Applies an event from connection `connection` (`nil`: a file or standard input); a
  /// connection's first event opens its session. Returns the session's number, and whether
  /// the event was its hello.
  @discardableResult
  func apply(_ event: InspectorEvent, connection: Int?) -> (session: Int, isHello: Bool) {
    state.withLock { state in
      let key = connection ?? 0
      let index: Int
      if let number = state.sessionOfConnection[key], let known = state.index(of: number) {
        index = known
      } else {
        let number = (state.sessions.last?.number ?? 0) + 1
        index = state.sessions.count
        state.sessions.append(LiveSession(number: number, keep: keep))
        state.sessionOfConnection[key] = number
      }
      state.sessions[index].apply(event)
      state.version += 1
      if case .hello = event.kind { return (state.sessions[index].number, true) }
      return (state.sessions[index].number, false)
    }
  }

  /// Marks connection `connection`'s session as ended; returns its summary, if it had one, and
  /// those of the ended sessions forgotten to keep only the latest ``keepEnded``.
  @discardableResult
  func close(connection: Int?) -> (ended: Summary, forgotten: [Summary])? {
    state.withLock { state in
      guard let number = state.sessionOfConnection.removeValue(forKey: connection ?? 0),
        let index = state.index(of: number)
      else { return nil }
      state.sessions[index].isConnected = false
      let ended = Self.summary(of: state.sessions[index])
      state.version += 1
      let endedIndices = state.sessions.indices.filter { !state.sessions[$0].isConnected }
      let forgotten = endedIndices.dropLast(keepEnded)
      let summaries = forgotten.map { Self.summary(of: state.sessions[$0]) }
      for index in forgotten.reversed() { state.sessions.remove(at: index) }
      return (ended, summaries)
    }
  }

  /// The open connection of session `number`, which control requests go back on; `nil` for
  /// a session that ended, or read from a file.
  func connection(ofSession number: Int) -> Int? {
    state.withLock { state in
      state.sessionOfConnection.first { $0.value == number && $0.key != 0 }?.key
    }
  }

  /// Changes with every event and every connection that ends.
  var version: Int { state.withLock { $0.version } }

  func summaries() -> [Summary] {
    state.withLock { $0.sessions.map(Self.summary) }
  }

  func summary(of number: Int) -> Summary? {
    state.withLock { state in state.index(of: number).map { Self.summary(of: state.sessions[$0]) } }
  }

  /// Session `number`'s snapshot, with its version and shape version (see ``LiveSession``), or
  /// `nil` for no such session.
  func snapshot(of number: Int) -> (snapshot: Snapshot, version: Int, shapeVersion: Int)? {
    // The session is copied under the lock (its arrays are shared, not copied), and made
    // into a snapshot outside it, so the reading thread is not held up.
    let session: LiveSession? = state.withLock { state in state.index(of: number).map { state.sessions[$0] } }
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
