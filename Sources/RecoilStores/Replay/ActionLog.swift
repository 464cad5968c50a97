/// A store's actions in the order they ran, each with the state after it when known: replayed
/// into a fresh store by ``Store/replay(_:through:skipping:)``, checked by
/// ``TestStore/replay(_:initialState:reducer:)``, and written as JSON Lines when `Action` is
/// `Codable` (see `jsonLines()`).
///
/// ```swift
/// store.startRecordingActions()
/// // … the session …
/// let log = store.actionLog()
/// try log.jsonLines().write(to: URL(filePath: "session.actions.jsonl"))
/// ```
public struct ActionLog<State: Sendable, Action: Sendable>: Sendable {
  /// One action of the log.
  public struct Entry: Sendable {
    /// The store's number for the action (`app #5`), from 1.
    public var sequence: Int
    /// The action.
    public var action: Action
    /// The state right after it, when the log recorded it.
    public var stateAfter: State?

    /// Creates an entry.
    ///
    /// ```swift
    /// let entry = ActionLog<Int, Int>.Entry(sequence: 1, action: 5, stateAfter: 5)
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The action's number.
    ///   - action: The action.
    ///   - stateAfter: The state after it, if known.
    public init(sequence: Int, action: Action, stateAfter: State? = nil) {
      self.sequence = sequence
      self.action = action
      self.stateAfter = stateAfter
    }
  }

  /// The actions, in the order they ran.
  public var entries: [Entry]

  /// Creates a log from entries.
  ///
  /// ```swift
  /// let log = ActionLog<Int, Int>(entries: [.init(sequence: 1, action: 5)])
  /// ```
  ///
  /// - Parameter entries: The actions, in order.
  public init(entries: [Entry]) {
    self.entries = entries
  }
}

extension Store {
  /// The actions recorded since ``startRecordingActions(capacity:timing:)``, with the state
  /// after each, as a log to export, replay or check.
  ///
  /// ```swift
  /// let log = store.actionLog()
  /// ```
  ///
  /// - Returns: The log, oldest action first (the recording's capacity bounds it).
  public func actionLog() -> ActionLog<State, Action> {
    ActionLog(
      entries: recordedActions().records.compactMap { record in
        guard let action = record.action as? Action else { return nil }
        return ActionLog.Entry(sequence: record.sequence, action: action, stateAfter: record.stateAfter as? State)
      })
  }

  /// Runs a log's actions through this store's reducers and slice reducers, in order, as a
  /// replay: middleware does not see them and effects do not start (the actions effects sent
  /// are in the log already). Subscribers, observers and a recording see each state as usual.
  ///
  /// Replayed into a fresh store, a log reproduces the recorded states; `through` stops after
  /// action N (the state as of that step), and `skipping` leaves actions out, like Redux
  /// DevTools' "skip", to show what the state would have been without them.
  ///
  /// ```swift
  /// let replayed = Store(initialState: AppState(), reducer: appReducer)
  /// replayed.replay(log, through: 12, skipping: [7])
  /// ```
  ///
  /// - Parameters:
  ///   - log: The actions.
  ///   - last: The number of the last action to replay; `nil` for all.
  ///   - skipped: Numbers of actions to leave out.
  public func replay(_ log: ActionLog<State, Action>, through last: Int? = nil, skipping skipped: Set<Int> = []) {
    for entry in log.entries {
      if let last, entry.sequence > last { break }
      if skipped.contains(entry.sequence) { continue }
      _perform(.replay(entry.action))
    }
  }
}
