// Run by Scripts/check-apple-adapters against the stand-ins (not part of the package's own
// tests): the store publisher, UserDefaults persistence, and that the SwiftUI wrappers exist.
#if canImport(Combine)
  import Combine
  import Foundation
  import RecoilAtoms
  import RecoilStores
  import Synchronization
  import SwiftUI
  import Testing

  @Suite struct StandInAdapterTests {
    @Test func aStorePublisherSendsTheStateThenEachNewOneUntilCancelled() {
      let store = Store(initialState: 0, reducer: Reducer<Int, Int> { state, amount in state += amount })
      let received = Mutex<[Int]>([])
      let cancellable = store.publisher.map { $0 * 10 }.sink { value in received.withLock { $0.append(value) } }
      store.dispatch(1)
      store.dispatch(2)
      cancellable.cancel()
      store.dispatch(3)
      #expect(received.withLock { $0 } == [0, 10, 30])
    }

    @Test func userDefaultsPersistenceKeepsAValueUnderItsKey() throws {
      let defaults = try #require(UserDefaults(suiteName: "recoil-apple-adapters-\(UUID().uuidString)"))
      let stored = UserDefaultsPersistence(defaults, key: "theme")
      try stored.save(Data("\"dark\"".utf8))
      #expect(try stored.load() == Data("\"dark\"".utf8))
      try stored.remove()
      #expect(try stored.load() == nil)
      #expect(stored.description == "UserDefaults[theme]")
    }

    /// Compiles only if the SwiftUI adapter was compiled, not left out by its guard.
    @MainActor @Test func theSwiftUIWrappersAreCompiled() {
      let value: RecoilValue<Int>.Type = RecoilValue<Int>.self
      let binding: RecoilBinding<Int>.Type = RecoilBinding<Int>.self
      #expect("\(value) \(binding)" == "RecoilValue<Int> RecoilBinding<Int>")
    }
  }
#endif
