import Testing

@testable import RecoilStores

/// Both subscribe APIs say whether they hand over the value they start from.
@Suite struct SubscriptionStartTests {
  @Test func aStoreKeyPathSubscriptionStartsWithTheCurrentValueUnlessAskedNotTo() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let withCurrent = Collected<String>()
    let changesOnly = Collected<String>()
    let first = store.subscribe(\.user.name) { withCurrent.append($0) }
    let second = store.subscribe(\.user.name, starting: .changesOnly) { changesOnly.append($0) }
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.user(.setName("Ann")))  // no change: heard by neither
    store.dispatch(.user(.setName("Bob")))
    #expect(withCurrent.values == ["", "Ann", "Bob"])
    #expect(changesOnly.values == ["Ann", "Bob"])
    first.cancel()
    second.cancel()
  }
}
