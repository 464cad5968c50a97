import Dispatch
import Synchronization
import Testing

@testable import RecoilStores

@Suite struct TestStoreTests {
  /// The timeout of the test stores whose effects must run for the test to pass: this whole
  /// suite runs beside slow ones, where a task may wait minutes for a thread, and the tests
  /// here are about what `receive` and `finish` wait for, not how long.
  static let patient = Duration.seconds(600)

  @Test func assertedChangesPass() async throws {
    let store = TestStore(initialState: AppState(), reducer: appReducer)
    try await store.send(.user(.setName("Ann"))) { $0.user.name = "Ann" }
    try await store.send(.cart(.add("boots"))) { $0.cart.items = ["boots"] }
    try await store.finish()
  }

  @Test func unassertedChangesFail() async {
    let store = TestStore(initialState: AppState(), reducer: appReducer)
    await #expect(throws: TestStoreFailure.self) { try await store.send(.user(.setName("Ann"))) }
    do {
      try await store.send(.user(.setName("Bob"))) { $0.user.name = "Bobby" }
      Issue.record("expected a failure")
    } catch let failure as TestStoreFailure {
      #expect(failure.message.contains("state.user.name: expected \"Bobby\", actual \"Bob\""))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func effectActionsMustBeReceived() async throws {
    let greet = Effect<AppState, AppAction>(
      id: "greet", extract: { if case .user(.setName(let n)) = $0 { n } else { nil } }
    ) {
      name, _, context in context.send(.note("hi \(name)"))
    }
    let store = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet], timeout: Self.patient)
    try await store.send(.user(.setName("Ann"))) { $0.user.name = "Ann" }
    try await store.receive(.note("hi Ann")) { $0.log = ["hi Ann"] }
    try await store.finish()

    let forgetful = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet], timeout: Self.patient)
    try await forgetful.send(.user(.setName("Bob"))) { $0.user.name = "Bob" }
    await #expect(throws: TestStoreFailure.self) { try await forgetful.finish() }
  }

  /// An action an effect sends while the test's own action is being processed is queued
  /// behind it; it is still the effect's, held for `receive`, not let through as the test's.
  @Test func anEffectsActionArrivingWhileTheTestSendsIsHeldForReceive() async throws {
    enum Step: Equatable, Sendable { case start, block, fromEffect }
    let (opened, sent) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let reducer = Reducer<[String], Step> { log, step in
      log.append("\(step)")
      // While the test's action is processed, the effect sends; its action waits behind.
      if step == .block {
        opened.signal()
        sent.wait()
      }
    }
    let late = Effect<[String], Step>(id: "late", when: { $0 == .start }) { _, _, context in
      await withCheckedContinuation { resumed in
        DispatchQueue.global().async {
          opened.wait(); resumed.resume()
        }
      }
      context.send(.fromEffect)
      sent.signal()
    }
    let store = TestStore(initialState: [], reducer: reducer, effects: [late], timeout: Self.patient)
    try await store.send(.start) { $0 = ["start"] }
    try await store.send(.block) { $0.append("block") }
    try await store.receive(.fromEffect) { $0.append("fromEffect") }
    try await store.finish()
  }

  /// An effect that runs but never sends makes `receive` fail once the timeout has passed,
  /// saying so, instead of hanging the test run.
  @Test func receivingFromAnEffectThatNeverSendsFailsInsteadOfHanging() async throws {
    let (started, release) = AsyncStream<Void>.makeStream()
    let silent = Effect<AppState, AppAction>(id: "silent", when: { $0 == .note("start") }) { _, _, _ in
      for await _ in started {}  // until the test lets it end
    }
    let store = TestStore(
      initialState: AppState(), reducer: appReducer, effects: [silent], timeout: .milliseconds(50))
    try await store.send(.note("start")) { $0.log = ["start"] }
    do {
      try await store.receive(.note("never"))
      Issue.record("expected a failure")
    } catch let failure as TestStoreFailure {
      #expect(failure.message.hasPrefix("expected to receive an action, but none arrived within"))
      #expect(failure.message.hasSuffix("while 1 effect(s) ran"))
    }
    release.finish()
    try await store.finish()
  }

  /// `finish` waits for an effect that is still ending (here, after its last send) rather
  /// than failing at once.
  @Test func finishingWaitsForAnEffectStillEnding() async throws {
    let (ending, release) = AsyncStream<Void>.makeStream()
    let replies = Effect<AppState, AppAction>(id: "replies", when: { $0 == .note("ask") }) { _, _, context in
      context.send(.note("reply"))
      for await _ in ending {}  // cleans up until the test lets it end
    }
    // The old `finish` failed at once, whatever the timeout.
    let store = TestStore(initialState: AppState(), reducer: appReducer, effects: [replies], timeout: Self.patient)
    try await store.send(.note("ask")) { $0.log = ["ask"] }
    try await store.receive(.note("reply")) { $0.log = ["ask", "reply"] }
    Task.detached {
      try await Task.sleep(for: .milliseconds(20))
      release.finish()
    }
    try await store.finish()
  }
}
