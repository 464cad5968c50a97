/// A shell-style pattern over node ids and names: `*` any run, `?` one character, `[abc]`,
/// `[a-z]`, `[!abc]` a set, `\` escapes the next character. Shared by the renderer's
/// `--exclude`, the inspector's redaction rules and `check`'s budgets.
package struct Glob: Sendable {
  /// Why a pattern could not be read.
  package struct PatternError: Error, Equatable {
    package var pattern: String
    package var reason: String
  }

  enum Token: Sendable {
    case literal(Character)
    case any
    case anyRun
    case set([ClosedRange<Character>], negated: Bool)
  }

  let tokens: [Token]

  /// Whether the pattern has no wildcard or set, so that it names one exact text.
  package var isLiteral: Bool {
    tokens.allSatisfy { if case .literal = $0 { true } else { false } }
  }

  /// The exact text a literal pattern names (escapes resolved); `nil` for a wildcard pattern.
  package var literalText: String? {
    guard isLiteral else { return nil }
    return String(tokens.map { if case .literal(let character) = $0 { character } else { "?" } })
  }

  /// A pattern that matches exactly `text`, whatever characters it holds.
  package init(literal text: String) {
    tokens = text.map { .literal($0) }
  }

  /// The longest pattern accepted: matching costs up to pattern × text, and no id needs more.
  package static let maximumLength = 1_000

  package init(_ pattern: String) throws(PatternError) {
    guard pattern.utf8.count <= Self.maximumLength else {
      throw PatternError(
        pattern: String(pattern.prefix(40)) + "…",
        reason: "is longer than \(Self.maximumLength) bytes (\(pattern.utf8.count))")
    }
    var tokens: [Token] = []
    var characters = pattern.makeIterator()
    while let character = characters.next() {
      switch character {
      case "*": tokens.append(.anyRun)
      case "?": tokens.append(.any)
      case "\\":
        guard let escaped = characters.next() else {
          throw PatternError(pattern: pattern, reason: "ends with a lone backslash")
        }
        tokens.append(.literal(escaped))
      case "[":
        var ranges: [ClosedRange<Character>] = []
        var negated = false
        var first = true
        var closed = false
        var previous: Character?
        var pendingRange = false
        while let member = characters.next() {
          if member == "]" && !first {
            closed = true
            break
          }
          if first && (member == "!" || member == "^") {
            negated = true
            continue
          }
          first = false
          if member == "-", previous != nil, !pendingRange {
            pendingRange = true
            continue
          }
          if pendingRange, let low = previous {
            guard low <= member else {
              throw PatternError(pattern: pattern, reason: "range \(low)-\(member) is reversed")
            }
            ranges[ranges.count - 1] = low...member
            pendingRange = false
            previous = nil
            continue
          }
          ranges.append(member...member)
          previous = member
        }
        if pendingRange { ranges.append("-"..."-") }
        guard closed else { throw PatternError(pattern: pattern, reason: "unclosed '['") }
        tokens.append(.set(ranges, negated: negated))
      default:
        tokens.append(.literal(character))
      }
    }
    self.tokens = tokens
  }

  package func matches(_ text: String) -> Bool {
    let characters = Array(text)
    // Backtracking to the last `*` costs up to pattern × text; past a bound (a huge id, a long
    // pattern) the state-set matcher takes over, linear in the text.
    if characters.count.multipliedReportingOverflow(by: tokens.count).partialValue > 1 << 16
      || characters.count > 1 << 16
    {
      return matchesByStateSet(characters)
    }
    // Iterative matching with one backtrack point for the last `*`: linear for most patterns.
    var textIndex = 0
    var tokenIndex = 0
    var starToken = -1
    var starText = 0
    while textIndex < characters.count {
      if tokenIndex < tokens.count {
        switch tokens[tokenIndex] {
        case .anyRun:
          starToken = tokenIndex
          starText = textIndex
          tokenIndex += 1
          continue
        case .any:
          textIndex += 1
          tokenIndex += 1
          continue
        case .literal(let literal) where literal == characters[textIndex]:
          textIndex += 1
          tokenIndex += 1
          continue
        case .set(let ranges, let negated)
        where ranges.contains(where: { $0.contains(characters[textIndex]) }) != negated:
          textIndex += 1
          tokenIndex += 1
          continue
        default:
          break
        }
      }
      guard starToken >= 0 else { return false }
      tokenIndex = starToken + 1
      starText += 1
      textIndex = starText
    }
    while tokenIndex < tokens.count, case .anyRun = tokens[tokenIndex] { tokenIndex += 1 }
    return tokenIndex == tokens.count
  }
}
