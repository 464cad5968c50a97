import Testing

@testable import RecoilReflection

/// Scalars' text is made without `String(reflecting:)`'s casts, and must be exactly its text.
@Suite struct ScalarTextTests {
  @Test func aStringIsQuotedExactlyAsTheStandardLibraryQuotesIt() {
    var samples = (0...127).map { String(decoding: [UInt8($0)], as: UTF8.self) }
    samples += [
      "", "ann", "step 12", "it's", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{1B}[31mred",
      "é", "\u{301}", "a\u{301}", "\u{200B}", "\u{85}", "\u{202E}evil", "日本語", "👩‍👩‍👧", "\u{0}nul",
      String(repeating: "long plain text ", count: 200),
    ]
    for sample in samples {
      #expect(ScalarText.quoted(sample) == sample.debugDescription, "\(Array(sample.utf8))")
      #expect(ScalarText.of(sample) == String(reflecting: sample))
    }
  }

  @Test func integersAndBooleansAreTheirDebugText() {
    for value in [0, -1, 42, Int.max, Int.min] { #expect(ScalarText.of(value) == String(reflecting: value)) }
    #expect(ScalarText.of(true) == "true" && ScalarText.of(false) == "false")
  }

  @Test func otherValuesAreLeftToTheStandardLibrary() {
    #expect(ScalarText.of(1.5) == nil)
    #expect(ScalarText.of(["a"]) == nil)
    #expect(ScalarText.of(Optional("a") as Any) == nil)
    #expect(ScalarText.of(Optional(1) as Any) == nil && ScalarText.of(Optional(true) as Any) == nil)
    #expect(ScalarText.reflecting(Optional("a") as Any) == "Optional(\"a\")")
    #expect(ScalarText.reflecting(1.5) == "1.5")
    #expect(ScalarText.reflecting(["a"]) == String(reflecting: ["a"]))
  }
}
