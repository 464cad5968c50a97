import Testing

@testable import RecoilSnapshot

@Suite struct GlobTests {
  @Test(arguments: [
    ("Cart*", "CartState.total", true), ("Cart*", "Catalog", false), ("*.total", "CartState.total", true),
    ("?at", "cat", true), ("?at", "at", false), ("[abc]x", "bx", true), ("[!abc]x", "bx", false),
    ("[a-c]*", "cab", true), ("[a-c]*", "dab", false), ("a\\*b", "a*b", true), ("a\\*b", "aXb", false),
    ("*", "", true), ("*a*b*", "xxaxxbxx", true), ("*a*b*", "xxbxxaxx", false), ("debug.**", "debug.x.y", true),
  ])
  func matching(pattern: String, text: String, expected: Bool) throws {
    #expect(try Glob(pattern).matches(text) == expected)
  }

  @Test func invalidPatternsAreReported() {
    #expect(throws: Glob.PatternError(pattern: "[ab", reason: "unclosed '['")) { try Glob("[ab") }
    #expect(throws: Glob.PatternError(pattern: "a\\", reason: "ends with a lone backslash")) { try Glob("a\\") }
  }
}
