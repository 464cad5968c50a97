import Foundation
import Testing

/// The README's Swift blocks are compiled: `ReadmeExamples.swift` holds each one, wrapped in a
/// function, and this test fails when it no longer matches the README. After editing the
/// README, regenerate it with
///
///     RECOIL_UPDATE_README_EXAMPLES=1 swift test --filter ReadmeExamples
@Suite struct ReadmeExamplesTests {
  static let folder = URL(filePath: #filePath).deletingLastPathComponent()
  static let readme = folder.deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md")
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
  static func source(for blocks: [[String]]) -> String {
    var imports: Set<String> = ["import Foundation"]
    var functions: [String] = []
    for (index, block) in blocks.enumerated() {
      var body: [String] = []
      var names: [String] = []
      for line in block {
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
        "/// README block \(index + 1).\nfunc readmeExample\(index + 1)() async throws {\n"
          + body.joined(separator: "\n") + "\n}\n")
    }
    return "// Generated from README.md by ReadmeExamplesTests: do not edit.\n"
      + "// swift-format-ignore-file\n\n" + imports.sorted().joined(separator: "\n") + "\n\n"
      + functions.joined(separator: "\n")
  }

  @Test func everySwiftBlockOfTheReadmeIsCompiled() throws {
    let markdown = try String(contentsOf: Self.readme, encoding: .utf8)
    let blocks = Self.blocks(of: markdown)
    #expect(blocks.count >= 4)
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
