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
  private let arrival = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)

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
  public init(initialState: State, reducer: Reducer<State, Action>, effects: [Effect<State, Action>] = []) {
    let (received, continuation) = (self.received, arrival.continuation)
    store = Store(initialState: initialState, reducer: reducer, name: "TestStore")
    // What the effects send is held for `receive`: it never reaches the store by itself, even
    // when it arrives while the test's own action is being processed.
    for effect in effects {
      store.addEffect(
        effect.sending { action, _ in
          received.withLock { $0.append(action) }
          continuation.yield()
        })
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
  /// - Throws: ``TestStoreFailure`` when no action arrives, it does not match, or the state differs.
  public func receive(_ matches: @Sendable (Action) -> Bool, assert expected: ((inout State) -> Void)? = nil)
    async throws
  {
    var iterator = arrival.stream.makeAsyncIterator()
    while received.withLock({ $0.isEmpty }) {
      if store.runningEffectCount == 0 && received.withLock({ $0.isEmpty }) {
        // Give effects that are about to send a chance before failing.
        for _ in 0..<1000 { await Task.yield() }
        if received.withLock({ $0.isEmpty }) && store.runningEffectCount == 0 {
          throw TestStoreFailure(message: "expected to receive an action, but no effect sent one")
        }
      }
      _ = await iterator.next()
    }
    let action = received.withLock { $0.removeFirst() }
    guard matches(action) else { throw TestStoreFailure(message: "received unexpected action \(action)") }
    try process(action, expected: expected, verb: "receive")
  }

  /// Fails when actions sent by effects were not asserted, or effects are still running.
  ///
  /// - Throws: ``TestStoreFailure``.
  public func finish() async throws {
    for _ in 0..<1000 where store.runningEffectCount > 0 { await Task.yield() }
    let pendingActions = received.withLock { $0 }
    if !pendingActions.isEmpty {
      throw TestStoreFailure(message: "\(pendingActions.count) received action(s) were not asserted: \(pendingActions)")
    }
    if store.runningEffectCount > 0 {
      throw TestStoreFailure(message: "\(store.runningEffectCount) effect(s) are still running")
    }
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
