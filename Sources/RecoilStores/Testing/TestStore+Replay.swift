extension TestStore {
  /// Replays a recorded log through `reducer` from `initialState` and checks every recorded
  /// state: a recorded session becomes a regression test in one line. It fails at the first
  /// action whose state differs, saying which action and what differs.
  ///
  /// ```swift
  /// @Test func theRecordedSessionStillReducesTheSame() throws {
  ///   try TestStore.replay(ActionLog(jsonLines: Data(contentsOf: session)), initialState: AppState(), reducer: appReducer)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - log: A log with states (written with `State` `Codable`, or taken with `actionLog()`).
  ///   - initialState: The state before the first action.
  ///   - reducer: The reducer under test.
  /// - Throws: ``TestStoreFailure`` at the first difference, or when the log records no state.
  public static func replay(
    _ log: ActionLog<State, Action>, initialState: State, reducer: Reducer<State, Action>
  ) throws {
    guard log.entries.contains(where: { $0.stateAfter != nil }) else {
      throw TestStoreFailure(message: "the log records no states to check against")
    }
    var state = initialState
    for entry in log.entries {
      reducer.reduce(&state, entry.action)
      guard let recorded = entry.stateAfter, recorded != state else { continue }
      throw TestStoreFailure(
        message: "action #\(entry.sequence) (\(entry.action)) reduced to a different state than recorded:\n"
          + StateDifference.describe(expected: recorded, actual: state))
    }
  }
}
