import Foundation
import Testing

/// Functions stay short enough to read at once: no Swift function under `Sources/` and no
/// function of the page's scripts runs past 80 lines, unless a comment at its head says why it
/// must be one ("by design": a decoder's single switch over field names, say). Issue 60.
@Suite struct FunctionLengthTests {
  static let longest = 80

  /// A function that runs past the limit, where it starts.
  struct LongFunction: CustomStringConvertible {
    var file: String
    var line: Int
    var lines: Int
    var description: String { "\(file):\(line) (\(lines) lines)" }
  }

  /// Each line's code, without comments and without the contents of string literals (multi-line
  /// ones too), so that braces in text do not count; and each line's comment, for the reason.
  static func split(_ text: String, language: Language) -> [(code: String, comment: String)] {
    var result: [(String, String)] = []
    var inMultiline = false
    var inBlockComment = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var code = ""
      var comment = ""
      var quote: Character?
      var escaped = false
      var index = line.startIndex
      while index < line.endIndex {
        let rest = line[index...]
        if inBlockComment {
          if rest.hasPrefix("*/") {
            inBlockComment = false
            index = line.index(index, offsetBy: 2)
          } else {
            comment.append(line[index])
            index = line.index(after: index)
          }
          continue
        }
        if inMultiline {
          if rest.hasPrefix(language.multilineQuote) {
            inMultiline = false
            index = line.index(index, offsetBy: language.multilineQuote.count)
          } else {
            index = line.index(after: index)
          }
          continue
        }
        let character = line[index]
        if let open = quote {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == open {
            quote = nil
          }
          index = line.index(after: index)
          continue
        }
        if rest.hasPrefix("//") {
          comment += rest.dropFirst(2)
          break
        }
        if rest.hasPrefix("/*") {
          inBlockComment = true
          index = line.index(index, offsetBy: 2)
          continue
        }
        if rest.hasPrefix(language.multilineQuote) {
          inMultiline = true
          index = line.index(index, offsetBy: language.multilineQuote.count)
          continue
        }
        if language.quotes.contains(character) {
          quote = character
        } else {
          code.append(character)
        }
        index = line.index(after: index)
      }
      result.append((code, comment))
    }
    return result
  }

  enum Language {
    case swift, javaScript

    var multilineQuote: String { self == .swift ? "\"\"\"" : "`" }
    var quotes: Set<Character> { self == .swift ? ["\""] : ["\"", "'"] }

    /// Whether a line's code starts a function.
    func startsFunction(_ code: String) -> Bool {
      let trimmed = code.trimmingCharacters(in: .whitespaces)
      switch self {
      case .swift:
        return trimmed.range(of: #"(^|\s)(func|init[?!]?|deinit)\b[^{]*(\(|\{|$)"#, options: .regularExpression) != nil
          && trimmed.range(of: #"^\s*(let|var|return)\b"#, options: .regularExpression) == nil
      case .javaScript:
        let control = #"^(if|for|while|switch|catch|else|do|try|return)\b"#
        guard trimmed.range(of: control, options: .regularExpression) == nil else { return false }
        return trimmed.range(
          of:
            #"^(async\s+)?(static\s+)?(function\s*\w*\s*\(|[A-Za-z_$][\w$]*\s*\([^;]*\)\s*\{$|(const|let)\s+\w+\s*=\s*(async\s*)?(\([^)]*\)|\w+)\s*=>\s*\{$)"#,
          options: .regularExpression) != nil
      }
    }
  }

  /// The functions of `text` past the limit whose head gives no reason.
  static func longFunctions(in text: String, file: String, language: Language) -> [LongFunction] {
    let lines = split(text, language: language)
    var found: [LongFunction] = []
    for (start, line) in lines.enumerated() where language.startsFunction(line.code) {
      // The body: from the first brace (on this line or the next few) to the one that closes it.
      var depth = 0
      var opened = false
      var end = start
      while end < lines.count {
        for character in lines[end].code {
          if character == "{" {
            depth += 1
            opened = true
          } else if character == "}" {
            depth -= 1
          }
        }
        if opened && depth <= 0 { break }
        if !opened && end > start + 6 { break }
        end += 1
      }
      guard opened, end - start + 1 > longest else { continue }
      let head = lines[max(0, start - 4)...start].map(\.comment).joined(separator: " ")
      if head.contains("by design") { continue }
      found.append(LongFunction(file: file, line: start + 1, lines: end - start + 1))
    }
    return found
  }

  static func files(under folder: String, extension wanted: String) throws -> [(path: String, text: String)] {
    let root = ExecutableRunner.repositoryRoot.appending(path: folder)
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [(String, String)] = []
    for case let url as URL in files where url.pathExtension == wanted {
      found.append(
        (url.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: url, encoding: .utf8)))
    }
    return found
  }

  @Test func noSwiftFunctionRunsPastEightyLinesWithoutSayingWhy() throws {
    let long = try Self.files(under: "Sources", extension: "swift").flatMap {
      Self.longFunctions(in: $0.text, file: $0.path, language: .swift)
    }
    #expect(long.isEmpty, "split these, or say at their head why each is one function (by design):\n\(long)")
  }

  @Test func noPageScriptFunctionRunsPastEightyLinesWithoutSayingWhy() throws {
    let long = try Self.files(under: "Sources/RecoilRender/Report/Web", extension: "js").flatMap {
      Self.longFunctions(in: $0.text, file: $0.path, language: .javaScript)
    }
    #expect(long.isEmpty, "split these, or say at their head why each is one function (by design):\n\(long)")
  }

  /// The rule sees a long function, skips braces in text, and takes a reason at the head.
  @Test func theRuleFindsWhatItShould() {
    let body = (0..<90).map { "  x += \($0)" }.joined(separator: "\n")
    let long = "func f() {\n\(body)\n}\n"
    #expect(Self.longFunctions(in: long, file: "a.swift", language: .swift).map(\.lines) == [92])
    #expect(
      Self.longFunctions(in: "// One function by design: a switch.\n" + long, file: "a", language: .swift).isEmpty)
    let braces = "func g() {\n  let a = \"{{{{\"\n  let b = \"\"\"\n  {\n  \"\"\"\n}\n" + long
    #expect(Self.longFunctions(in: braces, file: "b.swift", language: .swift).map(\.line) == [7])
    let script = "  render(state) {\n\(body.replacingOccurrences(of: "x +=", with: "this.x +="))\n  }\n"
    #expect(Self.longFunctions(in: script, file: "c.js", language: .javaScript).map(\.line) == [1])
    #expect(Self.longFunctions(in: "if (x) {\n\(body)\n}\n", file: "d.js", language: .javaScript).isEmpty)
  }
}
