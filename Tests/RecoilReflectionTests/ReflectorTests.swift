import Testing

@testable import RecoilReflection

/// The module's entry point: actions described once per distinct value, states diffed through
/// a masking, previews, and comparisons of type-erased values.
@Suite struct ReflectorTests {
  enum Action: Sendable {
    case add(sku: String, quantity: Int)
    case clear
  }

  struct State: Sendable {
    var items: [String] = []
    var secret = "hunter2"
  }

  /// Hides every path named `secret`.
  struct HidingSecrets: ValueMasking {
    var isEmpty: Bool { false }
    var marker: String { "‹hidden›" }
    func redacts(_ value: Any, at path: String?) -> Bool { path == "secret" }
    func preview(_ value: Any, at path: String?, limit: Int?, cache: ReflectionCache?) -> String {
      redacts(value, at: path) ? marker : ValuePreview.describe(value, limit: limit ?? 200)
    }
  }

  @Test func theSameActionValueIsDescribedOnce() {
    let reflector = Reflector()
    var payloadsDescribed = 0
    func describe(_ action: Action) -> ActionDescription {
      reflector.describe(action: action) { payload in
        payloadsDescribed += 1
        return ValuePreview.describe(payload)
      }
    }
    let first = describe(.add(sku: "A1", quantity: 2))
    let again = describe(.add(sku: "A1", quantity: 2))
    let other = describe(.add(sku: "B2", quantity: 1))
    #expect(first.name == "add" && first == again)
    #expect(other.payload != first.payload)
    #expect(payloadsDescribed == 2)
    #expect(describe(.clear).payload == nil)
  }

  @Test func aDiffPreviewsThroughItsMasking() {
    let reflector = Reflector()
    let before = State()
    let after = State(items: ["boots"], secret: "swordfish")
    let changes = reflector.changes(from: before, to: after, masking: HidingSecrets())
    #expect(changes.map(\.path) == ["items[0]", "secret"])
    #expect(
      changes.last.map { "\($0)" } == #"(path: "secret", before: Optional("‹hidden›"), after: Optional("‹hidden›"))"#)
    #expect(!changes.contains { ($0.before ?? "").contains("hunter2") || ($0.after ?? "").contains("swordfish") })
    #expect(reflector.changes(from: before, to: before).isEmpty)
  }

  @Test func previewsAndComparisonsOfErasedValues() {
    let reflector = Reflector()
    #expect(reflector.preview("Ann") == "\"Ann\"")
    #expect(reflector.preview([1, 2, 3], limit: 5) == "[1, …")
    #expect(Reflector.areEqual(1, 1 as Any))
    #expect(!Reflector.areEqual(1, "1" as Any))
  }
}
