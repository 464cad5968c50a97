import Synchronization
import Testing

@testable import RecoilStores

@Suite struct SliceTests {
  @Test func slicesHaveTheirOwnReducersAndStreams() async {
    let store = Store<AppState, AppAction>(initialState: AppState(), name: "app")
    store.registerSlice(
      \.user, name: "user",
      reducer: userReducer.lift(state: \UserState.self, action: { if case .user(let a) = $0 { a } else { nil } }))
    store.registerSlice(
      \.cart,
      reducer: Reducer<CartState, AppAction> { state, action in
        if case .cart(let a) = action { cartReducer.reduce(&state, a) }
      })
    #expect(store.slices.map(\.name) == ["user", "cart"])
    #expect(store.slices.map(\.valueType) == ["UserState", "CartState"])
    var users = store.slice(\.user).makeAsyncIterator()
    #expect(await users.next() == UserState())
    store.dispatch(.cart(.add("boots")))  // the user slice does not change: no new element
    store.dispatch(.user(.setName("Ann")))
    #expect(await users.next() == UserState(name: "Ann"))
    #expect(store.state.cart.items == ["boots"])
    #expect(store.sliceValues().map(\.name) == ["user", "cart"])
  }
}
