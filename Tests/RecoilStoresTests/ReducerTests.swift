import Testing

@testable import RecoilStores

@Suite struct ReducerTests {
  @Test func bothReducerFormsWork() {
    var count = 1
    Reducer<Int, Int> { $0 += $1 }.reduce(&count, 2)
    Reducer<Int, Int>(returning: { $0 * $1 }).reduce(&count, 10)
    #expect(count == 30)
  }

  @Test func combineRunsReducersInOrder() {
    let append = { (text: String) in Reducer<[String], Void> { state, _ in state.append(text) } }
    var state: [String] = []
    Reducer.combine(append("a"), append("b"), append("c")).reduce(&state, ())
    #expect(state == ["a", "b", "c"])
  }

  @Test func liftedReducersHandleOnlyTheirCaseAndKeyPath() {
    var state = AppState()
    appReducer.reduce(&state, .user(.setName("Ann")))
    appReducer.reduce(&state, .cart(.add("boots")))
    appReducer.reduce(&state, .note("hello"))
    #expect(state == AppState(user: UserState(name: "Ann"), cart: CartState(items: ["boots"]), log: ["hello"]))
  }

  @Test func aReducerCanBeLiftedOntoAKeyPathAlone() {
    let increment = Reducer<Int, String> { count, _ in count += 1 }
    var state = (count: 0, other: "x")
    _ = state
    struct Holder { var count = 0 }
    var holder = Holder()
    increment.lift(state: \Holder.count).reduce(&holder, "any")
    #expect(holder.count == 1)
    state.count = holder.count
  }
}
