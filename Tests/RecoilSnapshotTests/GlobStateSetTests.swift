import Testing

@testable import RecoilSnapshot

/// The state-set matcher, which takes over for long texts, agrees with the backtracking one on
/// every pattern, and stays linear where backtracking is not.
@Suite struct GlobStateSetTests {
  @Test func agreesWithBacktrackingOnGeneratedPatterns() throws {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "b", "*", "?", "[ab]", "[!a]", ".", "**"]
    for _ in 0..<3_000 {
      let pattern = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      let text = String(
        (0..<Int.random(in: 0...9, using: &generator)).map { _ in "ab.".randomElement(using: &generator)! })
      let glob = try Glob(pattern)
      #expect(glob.matches(text) == glob.matchesByStateSet(Array(text)), "\(pattern) on \(text)")
    }
  }

  @Test func aLongTextAndAPatternThatBacktracksMatchAtOnce() throws {
    // Backtracking would compare about 250 × 1,000,000 characters here.
    let text = String(repeating: "a", count: 1_000_000)
    #expect(!(try Glob("*" + String(repeating: "a", count: 250) + "b").matches(text)))
    #expect(try Glob("*" + String(repeating: "a", count: 250)).matches(text))
    #expect(try Glob("a*a?a").matches(text))
  }

  @Test func patternsPastTheLimitAreRefused() {
    #expect(throws: Glob.PatternError.self) { try Glob(String(repeating: "a", count: Glob.maximumLength + 1)) }
  }
}
