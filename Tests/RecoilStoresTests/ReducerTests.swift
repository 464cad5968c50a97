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

@Suite struct ActionDescriptionTests {
  enum Nested: Sendable { case deep(Int, label: String) }
  enum Outer: Sendable {
    case user(UserAction)
    case nested(Nested)
    case plain
    case value(Double)
  }
  struct Increment: Sendable { var amount: Int }

  @Test(arguments: [
    (Outer.user(.setName("Ann")) as any Sendable, "user(.setName)", "\"Ann\"" as String?),
    (Outer.user(.signIn), "user(.signIn)", nil),
    (Outer.plain, "plain", nil),
    (Outer.value(2.5), "value", "2.5"),
    (Outer.nested(.deep(3, label: "x")), "nested(.deep)", "(3, label: \"x\")"),
    (Increment(amount: 2), "Increment", "Increment(amount: 2)"),
  ])
  func namesAndPayloads(action: any Sendable, name: String, payload: String?) {
    let description = ActionDescription(action)
    #expect(description.name == name)
    #expect(description.payload == payload)
  }

  @Test func previewsAreCut() {
    #expect(ValuePreview.describe(String(repeating: "a", count: 10), limit: 5) == "\"aaa…")
  }
}

@Suite struct ValuePreviewTests {
  struct Item: Sendable { var id: Int }
  enum Step: Sendable { case placed(number: Int) }
  struct Holder: Sendable { var step = Step.placed(number: 1) }

  @Test func moduleNamesAreDropped() {
    #expect(ValuePreview.describe([Item(id: 1)]) == "[ValuePreviewTests.Item(id: 1)]")
    #expect(ValuePreview.describe(Holder()) == "Holder(step: ValuePreviewTests.Step.placed(number: 1))")
    #expect(ValuePreview.describe(["a": 1]) == "[\"a\": 1]")
  }
}
