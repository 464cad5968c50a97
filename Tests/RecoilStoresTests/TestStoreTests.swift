import Synchronization
import Testing

@testable import RecoilStores

@Suite struct TestStoreTests {
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
    let store = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet])
    try await store.send(.user(.setName("Ann"))) { $0.user.name = "Ann" }
    try await store.receive(.note("hi Ann")) { $0.log = ["hi Ann"] }
    try await store.finish()

    let forgetful = TestStore(initialState: AppState(), reducer: appReducer, effects: [greet])
    try await forgetful.send(.user(.setName("Bob"))) { $0.user.name = "Bob" }
    await #expect(throws: TestStoreFailure.self) { try await forgetful.finish() }
  }
}
