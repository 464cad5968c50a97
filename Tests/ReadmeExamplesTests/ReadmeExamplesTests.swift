import Foundation
import Testing

/// The Swift blocks of the README and of the reference pages in `Docs/` are compiled:
/// `ReadmeExamples.swift` holds each one, wrapped in a function, and this test fails when it no
/// longer matches the pages. After editing them, regenerate it with
///
///     RECOIL_UPDATE_README_EXAMPLES=1 swift test --filter ReadmeExamples
@Suite struct ReadmeExamplesTests {
  static let folder = URL(filePath: #filePath).deletingLastPathComponent()
  static let root = folder.deletingLastPathComponent().deletingLastPathComponent()
  /// The pages whose blocks are compiled, from the repository's root: the README, then `Docs/`.
  static let pages: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
  }()
  static let generated = folder.appending(path: "ReadmeExamples.swift")

  /// The Swift blocks of a Markdown text, except `Package.swift` fragments (a block whose first
  /// line is `// Package.swift`), which are manifest code, not app code.
  static func blocks(of markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line.hasPrefix("```") {
        if current?.first != "// Package.swift" { blocks.append(current ?? []) }
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The source compiled for the blocks: imports at file scope, each block the body of a
  /// function, and its top-level constants used so that they raise no warning.
  static func source(for blocks: [(page: String, lines: [String])]) -> String {
    var imports: Set<String> = ["import Foundation"]
    var functions: [String] = []
    for (index, block) in blocks.enumerated() {
      var body: [String] = []
      var names: [String] = []
      for line in block.lines {
        if line.hasPrefix("import ") {
          imports.insert(String(line.split(separator: "/").first ?? "").trimmingCharacters(in: .whitespaces))
          continue
        }
        for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
          let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
          if !name.isEmpty { names.append(String(name)) }
        }
        body.append(line.isEmpty ? "" : "  " + line)
      }
      if !names.isEmpty { body.append("  _ = (\(names.joined(separator: ", ")))") }
      functions.append(
        "/// A block of \(block.page).\nfunc readmeExample\(index + 1)() async throws {\n"
          + body.joined(separator: "\n") + "\n}\n")
    }
    return "// Generated from README.md and Docs/*.md by ReadmeExamplesTests: do not edit.\n"
      + "// swift-format-ignore-file\n\n" + imports.sorted().joined(separator: "\n") + "\n\n"
      + functions.joined(separator: "\n")
  }

  @Test func everySwiftBlockOfTheReadmeAndTheReferenceIsCompiled() throws {
    var blocks: [(page: String, lines: [String])] = []
    for page in Self.pages {
      let markdown = try String(contentsOf: Self.root.appending(path: page), encoding: .utf8)
      blocks += Self.blocks(of: markdown).map { (page, $0) }
    }
    #expect(blocks.count >= 4)
    #expect(Self.pages.count >= 10)
    let expected = Self.source(for: blocks)
    if ProcessInfo.processInfo.environment["RECOIL_UPDATE_README_EXAMPLES"] != nil {
      try Data(expected.utf8).write(to: Self.generated)
    }
    let current = try String(contentsOf: Self.generated, encoding: .utf8)
    #expect(
      current == expected,
      "ReadmeExamples.swift is out of date: run RECOIL_UPDATE_README_EXAMPLES=1 swift test --filter ReadmeExamples")
  }
}
