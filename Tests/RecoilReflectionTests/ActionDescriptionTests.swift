import Testing

@testable import RecoilReflection

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

/// A nested action type, as an app's user actions would be.
enum UserAction: Equatable, Sendable {
  case setName(String)
  case signIn
}
