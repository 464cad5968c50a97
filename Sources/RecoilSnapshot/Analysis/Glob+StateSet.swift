extension Glob {
  /// Matches by following every way the pattern could stand at once (a bit per pattern
  /// position, as in the Shift-And algorithm), so the time is the text's length times the
  /// pattern's length in 64-bit words, whatever the pattern: no backtracking.
  ///
  /// Position `k` active means the first `k` tokens have matched the text read so far. A
  /// character moves each active position past a token that accepts it; a `*` keeps its
  /// position active and lets the next one start without reading anything.
  ///
  /// ```swift
  /// try Glob("*a*b").matchesByStateSet(Array(String(repeating: "a", count: 1_000_000)))  // false
  /// ```
  func matchesByStateSet(_ characters: [Character]) -> Bool {
    // Runs of `*` are one `*`.
    var pattern: [Token] = []
    for token in tokens {
      if case .anyRun = token, let last = pattern.last, case .anyRun = last { continue }
      pattern.append(token)
    }
    let positions = pattern.count + 1
    let words = (positions + 63) / 64
    var stars = [UInt64](repeating: 0, count: words)
    for (index, token) in pattern.enumerated() {
      if case .anyRun = token { stars[index / 64] |= 1 << UInt64(index % 64) }
    }
    // Which positions each character can move past, made once per distinct character.
    var accepting: [Character: [UInt64]] = [:]
    func acceptingMask(_ character: Character) -> [UInt64] {
      if let known = accepting[character] { return known }
      var mask = [UInt64](repeating: 0, count: words)
      for (index, token) in pattern.enumerated() where Self.accepts(token, character) {
        mask[(index + 1) / 64] |= 1 << UInt64((index + 1) % 64)
      }
      if accepting.count < 4_096 { accepting[character] = mask }
      return mask
    }
    var active = [UInt64](repeating: 0, count: words)
    active[0] = 1
    Self.closeOverStars(&active, stars: stars)
    var next = active
    for character in characters {
      let mask = acceptingMask(character)
      var carry: UInt64 = 0
      var any: UInt64 = 0
      for word in 0..<words {
        let shifted = (active[word] << 1) | carry
        carry = active[word] >> 63
        next[word] = (shifted & mask[word]) | (active[word] & stars[word])
        any |= next[word]
      }
      swap(&active, &next)
      if any == 0 { return false }
      Self.closeOverStars(&active, stars: stars)
    }
    let last = positions - 1
    return active[last / 64] & (1 << UInt64(last % 64)) != 0
  }

  /// A `*` at an active position also activates the position after it (it may match nothing).
  private static func closeOverStars(_ active: inout [UInt64], stars: [UInt64]) {
    var carry: UInt64 = 0
    for word in active.indices {
      let starting = active[word] & stars[word]
      active[word] |= (starting << 1) | carry
      carry = starting >> 63
    }
  }

  /// Whether a single-character token accepts `character` (`*` is handled by the caller).
  private static func accepts(_ token: Token, _ character: Character) -> Bool {
    switch token {
    case .anyRun: false
    case .any: true
    case .literal(let literal): literal == character
    case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
    }
  }
}
