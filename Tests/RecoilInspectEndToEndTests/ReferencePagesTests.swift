import Foundation
import Testing

/// The reference pages in `Docs/`, which the README links to.
enum ReferencePages {
  /// Every Markdown page of `Docs/`, as paths from the repository's root, sorted.
  static let docs: [String] = {
    let folder = ExecutableRunner.repositoryRoot.appending(path: "Docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
  }()

  /// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
  static func anchor(of heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
      })
  }

  /// The anchors of a page's headings (outside code blocks).
  static func anchors(of text: String) -> Set<String> {
    var anchors: Set<String> = []
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, line.hasPrefix("#") else { continue }
      anchors.insert(anchor(of: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
    }
    return anchors
  }
}

/// The README is short and points at the reference; the reference's links hold.
@Suite struct ReferencePagesTests {
  let root = ExecutableRunner.repositoryRoot

  @Test func theReadmeIsShortAndLinksEveryReferencePage() throws {
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 520, "README.md has \(lines) lines; the reference belongs in Docs/")
    for page in ReferencePages.docs {
      #expect(readme.contains("](\(page))"), "README.md does not link \(page)")
    }
    #expect(ReferencePages.docs.count >= 10)
  }

  @Test(arguments: ["README.md", "Benchmarks/README.md"] + ReferencePages.docs)
  func everyLinkReachesAFileAndHeading(page: String) throws {
    let file = root.appending(path: page)
    let text = try String(contentsOf: file, encoding: .utf8)
    let folder = file.deletingLastPathComponent()
    let link = try Regex(#"\]\(([^)\s]+)\)"#)
    for match in text.matches(of: link) {
      let target = String(text[match.range]).dropFirst(2).dropLast()
      guard !target.hasPrefix("http://"), !target.hasPrefix("https://") else { continue }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      let destination = path.isEmpty ? file : folder.appending(path: path).standardized
      #expect(FileManager.default.fileExists(atPath: destination.path), "\(page): \(target) does not exist")
      if parts.count == 2, destination.pathExtension == "md" {
        let anchors = ReferencePages.anchors(of: try String(contentsOf: destination, encoding: .utf8))
        #expect(anchors.contains(String(parts[1])), "\(page): no heading for \(target)")
      }
    }
  }
}
