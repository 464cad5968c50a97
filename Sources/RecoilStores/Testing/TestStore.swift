import RecoilConcurrency
import RecoilReflection

/// A store for tests that fails on any state change or action the test did not assert.
///
/// `send` dispatches an action and checks the resulting state against what the test expects;
/// actions that effects send back are held until the test asserts them with `receive`; `finish`
/// fails if any were never asserted. Failures are thrown as ``TestStoreFailure``, so the same
/// test works in Swift Testing and XCTest.
///
/// ```swift
/// @Test func searching() async throws {
///   let store = TestStore(initialState: SearchState(), reducer: searchReducer, effects: [searchEffect])
///   try await store.send(.setQuery("boots")) { $0.query = "boots"; $0.isLoading = true }
///   try await store.receive(.results(["Boots"])) { $0.results = ["Boots"]; $0.isLoading = false }
///   try await store.finish()
/// }
/// ```
public final class TestStore<State: Equatable & Sendable, Action: Sendable>: Sendable {
  private let store: Store<State, Action>
  /// Actions effects sent, waiting for `receive`.
  private let received = LockedValue<[Action]>([])
  /// How long `receive` waits for an effect's action, and `finish` for effects to end.
  ///
  /// ```swift
  /// let store = TestStore(initialState: 0, reducer: counter, effects: [ticker], timeout: .seconds(2))
  /// ```
  public let timeout: Duration

  /// Creates a test store.
  ///
  /// ```swift
  /// let store = TestStore(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 })
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The reducer under test.
  ///   - effects: Effects under test; the actions they send must be asserted with `receive`.
  ///   - timeout: How long `receive` waits for an effect's action while effects run, and
  ///     `finish` for effects to end, before failing, so that a test whose effect never sends
  ///     fails instead of hanging. Ten seconds by default: in a busy test run, where tests run
  ///     side by side, an effect's task may wait long for a thread.
  public init(
    initialState: State, reducer: Reducer<State, Action>, effects: [Effect<State, Action>] = [],
    timeout: Duration = .seconds(10)
  ) {
    let received = self.received
    self.timeout = timeout
    store = Store(initialState: initialState, reducer: reducer, name: "TestStore")
    // What the effects send is held for `receive`: it never reaches the store by itself, even
    // when it arrives while the test's own action is being processed.
    for effect in effects {
      store.addEffect(
        effect.sending { action, _ in received.withLock { $0.append(action) } })
    }
  }

  /// The current state.
  public var state: State { store.state }

  /// Sends an action and checks the state it leads to.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - expected: Changes the state before the action into the state the test expects after
  ///     it; leave it out when the action must not change the state.
  /// - Throws: ``TestStoreFailure`` when the state differs, or effect actions are unasserted.
  public func send(_ action: Action, assert expected: ((inout State) -> Void)? = nil) async throws {
    let pendingActions = received.withLock { $0 }
    if !pendingActions.isEmpty {
      throw TestStoreFailure(
        message: "sent \(action) while \(pendingActions.count) received action(s) were not asserted: \(pendingActions)")
    }
    try process(action, expected: expected, verb: "send")
  }

  /// Waits for an action an effect sent, checks it and the state it leads to.
  ///
  /// - Parameters:
  ///   - matches: Whether the received action is the expected one.
  ///   - expected: Changes the state into the one expected after the action.
  /// - Throws: ``TestStoreFailure`` when no action arrives (no effect is running, or none sent
  ///   one within the timeout), it does not match, or the state differs.
  public func receive(_ matches: @Sendable (Action) -> Bool, assert expected: ((inout State) -> Void)? = nil)
    async throws
  {
    // An effect starts while the action that starts it is dispatched, so once none runs and
    // nothing was received, nothing can arrive. (The count is read before the actions: an
    // effect that sent and ended in between is seen to have sent.)
    let arrived = await waitUntil {
      let running = store.runningEffectCount
      return !received.withLock { $0.isEmpty } || running == 0
    }
    if received.withLock({ $0.isEmpty }) {
      throw TestStoreFailure(
        message: arrived
          ? "expected to receive an action, but no effect sent one"
          : "expected to receive an action, but none arrived within \(timeout) while \(store.runningEffectCount) effect(s) ran"
      )
    }
    let action = received.withLock { $0.removeFirst() }
    guard matches(action) else { throw TestStoreFailure(message: "received unexpected action \(action)") }
    try process(action, expected: expected, verb: "receive")
  }

  /// Fails when actions sent by effects were not asserted, or effects are still running once
  /// the timeout has passed.
  ///
  /// - Throws: ``TestStoreFailure``.
  public func finish() async throws {
    _ = await waitUntil { store.runningEffectCount == 0 }
    let pendingActions = received.withLock { $0 }
    if !pendingActions.isEmpty {
      throw TestStoreFailure(message: "\(pendingActions.count) received action(s) were not asserted: \(pendingActions)")
    }
    if store.runningEffectCount > 0 {
      throw TestStoreFailure(message: "\(store.runningEffectCount) effect(s) are still running after \(timeout)")
    }
  }

  /// Waits until `condition` holds, or the timeout has passed; says whether it held.
  private func waitUntil(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  private func process(_ action: Action, expected: ((inout State) -> Void)?, verb: String) throws {
    var expectedState = store.state
    expected?(&expectedState)
    store.dispatch(action)
    let actual = store.state
    guard actual == expectedState else {
      throw TestStoreFailure(
        message:
          "state after \(verb)(\(action)) differs from the expected state:\n\(StateDifference.describe(expected: expectedState, actual: actual))"
      )
    }
  }
}

extension TestStore where Action: Equatable {
  /// Waits for a specific action an effect sent, and checks the state it leads to.
  ///
  /// ```swift
  /// try await store.receive(.loaded(items)) { $0.items = items }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The expected action.
  ///   - expected: Changes the state into the one expected after the action.
  /// - Throws: ``TestStoreFailure``.
  public func receive(_ action: Action, assert expected: ((inout State) -> Void)? = nil) async throws {
    try await receive({ $0 == action }, assert: expected)
  }
}

extension Effect {
  /// This effect, with what it sends going to `send` instead of its store.
  fileprivate func sending(to send: @escaping @Sendable (Action, CallSite) -> Void) -> Effect {
    let run = self.run
    return Effect(id: id, cancelsInFlight: cancelsInFlight, when: matches) { action, state, _ in
      try await run(action, state, EffectContext(dispatch: send))
    }
  }
}

/// A failed ``TestStore`` assertion.
///
/// ```swift
/// do { try await store.send(.increment) } catch let failure as TestStoreFailure { print(failure) }
/// ```
public struct TestStoreFailure: Error, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}

/// Lists the paths at which two states differ, for test failure messages: the state diff the
/// inspector makes of an action (``StateDiff``), said as expected and actual.
enum StateDifference {
  static func describe(expected: Any, actual: Any) -> String {
    let changes = StateDiff.changes(from: expected, to: actual, path: "state", previewLength: 200)
    guard !changes.isEmpty else {
      // Equal field by field, yet not equal (a custom `==`): say both whole.
      return "  state: expected \(String(reflecting: expected)), actual \(String(reflecting: actual))"
    }
    return changes.map { "  \($0.path): expected \($0.before ?? "nothing"), actual \($0.after ?? "nothing")" }
      .joined(separator: "\n")
  }
}
