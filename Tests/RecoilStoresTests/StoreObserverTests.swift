import Synchronization
import Testing

@testable import RecoilStores

@Suite struct StoreObserverTests {
  @Test func observersSeeActionsWithSequenceStatesAndTimings() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    let subscription = store.subscribe { _ in }
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.note("x"))
    let records = observer.actions
    #expect(records.map(\.sequence) == [1, 2])
    #expect(records.map(\.store) == ["app", "app"])
    #expect(records.map { ActionDescription($0.action).name } == ["user(.setName)", "note"])
    #expect((records[0].stateBefore as? AppState)?.user.name == "")
    #expect((records[0].stateAfter as? AppState)?.user.name == "Ann")
    // Observers get every action timed, whatever any recording samples.
    #expect(records.allSatisfy { $0.durationNanos != nil })
    let counts = observer.events.values.compactMap {
      if case .subscribersChanged(_, let count) = $0 { count } else { nil }
    }
    #expect(counts == [1])
    subscription.cancel()
  }
}
