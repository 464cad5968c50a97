import Testing

@testable import RecoilReflection

/// A value as tree rows: paths as the diff writes them, so a change names its row; bounded;
/// masked.
@Suite struct ValueOutlineTests {
  /// Rows as the tests read them (the package's own row is the snapshot's, which this module
  /// does not see).
  struct Row: ValueOutlineRow, Equatable {
    var path: String
    var type: String?
    var value: String?
    var more: Int?
  }
  struct Line: Sendable { var product = "boots"; var quantity = 1 }
  enum Step: Sendable { case browsing, address(String), placed(number: Int) }
  struct Cart: Sendable {
    var lines = [Line(), Line(product: "hat", quantity: 2)]
    var step = Step.address("1 Harbor Street")
    var tags: Set<String> = ["b", "a"]
    var prices = ["hat": 5]
    var coupon: String? = "SPRING5"
  }

  func outline(
    of value: Any, at path: String, limits: ValueOutline.Limits = .init(), masking: (any ValueMasking)? = nil
  ) -> [Row] {
    ValueOutline.rows(of: value, at: path, limits: limits, masking: masking)
  }

  @Test func everyPartIsARowAtThePathTheDiffGivesIt() {
    let rows = outline(of: Cart(), at: "cart")
    #expect(
      rows.map(\.path) == [
        "cart", "cart.lines", "cart.lines[0]", "cart.lines[0].product", "cart.lines[0].quantity", "cart.lines[1]",
        "cart.lines[1].product", "cart.lines[1].quantity", "cart.step", "cart.step.address", "cart.tags",
        "cart.tags{\"a\"}",
        "cart.tags{\"b\"}", "cart.prices", "cart.prices[\"hat\"]", "cart.coupon",
      ])
    #expect(rows.first { $0.path == "cart.lines[1].quantity" }?.value == "2")
    #expect(rows.first { $0.path == "cart.lines" }?.type == "Array<Line>")
    #expect(rows.first { $0.path == "cart.coupon" }?.value == "\"SPRING5\"")
    // An enum with a payload: the case's payload under the case's label, as a diff names it.
    let step = outline(of: Step.placed(number: 1042), at: "step").map(\.path)
    #expect(step == ["step", "step.placed", "step.placed.number"])
    let diff = StateDiff.changes(from: Step.placed(number: 1), to: Step.placed(number: 1042), path: "step")
    #expect(diff.map(\.path) == ["step.placed.number"])
    let changed = StateDiff.changes(
      from: Cart(),
      to: {
        var cart = Cart(); cart.lines[1].quantity = 3; return cart
      }(), path: "cart")
    #expect(
      changed.map(\.path).allSatisfy { path in outline(of: Cart(), at: "cart").contains { $0.path == path } })
  }

  @Test func boundsLeaveAMarkOfWhatTheyLeftOut() {
    var limits = ValueOutline.Limits()
    limits.children = 3
    let rows = outline(of: Array(0..<10), at: "list", limits: limits)
    #expect(rows.map(\.path) == ["list", "list[0]", "list[1]", "list[2]"])
    #expect(rows[0].more == 7)
    limits = ValueOutline.Limits()
    limits.depth = 1
    let shallow = outline(of: Cart(), at: "cart", limits: limits)
    #expect(shallow.first { $0.path == "cart.lines" }?.more == 2)
    #expect(shallow.first { $0.path == "cart.lines" }?.value?.hasPrefix("[") == true)
    limits = ValueOutline.Limits()
    limits.rows = 5
    #expect(outline(of: Cart(), at: "cart", limits: limits).count <= 6)
  }

  @Test func maskedPartsAreOneRowWithTheMarker() {
    struct Hide: ValueMasking {
      var isEmpty: Bool { false }
      var marker: String { "‹redacted›" }
      func redacts(_ value: Any, at path: String?) -> Bool { path == "cart.coupon" }
      func preview(_ value: Any, at path: String?, limit: Int?, cache: ReflectionCache?) -> String {
        ValuePreview.describe(value, limit: limit ?? 120, cache: cache)
      }
    }
    let rows = outline(of: Cart(), at: "cart", masking: Hide())
    #expect(rows.first { $0.path == "cart.coupon" }?.value == "‹redacted›")
    #expect(!rows.contains { $0.value?.contains("SPRING5") == true })
  }
}
