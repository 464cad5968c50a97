import Testing

@testable import RecoilReflection

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
