import Foundation
import Testing

/// Unsafe code stays in few places: each module may hold unsafe constructs (`Unsafe…` types,
/// `withUnsafe…` and the runtime's `_withUnsafe…`, `unsafeBitCast`, `unsafeDowncast`,
/// unchecked addressors, `Unmanaged`, `nonisolated(unsafe)`, `unowned(unsafe)`,
/// `@exclusivity(unchecked)`, memory binding, and the runtime's `_isPOD` and
/// `_openExistential`) in at most the files listed here, counted in code and not in comments
/// or strings. The limits only go down: a module at its goal (two files, four for
/// RecoilConcurrency's locks and buffers) stays there, and one above it may not grow while it
/// is brought down. Docs/architecture.md names the files; what it says is checked against what is here.
@Suite struct UnsafeCodeTests {
  /// The most files with unsafe code per module. Where a module is above the goal, the
  /// number is what it holds today.
  private static let limits: [String: Int] = [
    "RecoilAtoms": 1, "RecoilConcurrency": 4, "RecoilInspector": 2, "RecoilRender": 1, "RecoilSnapshot": 2,
    "RecoilStores": 2, "RecoilReflection": 2, "recoil-inspect": 2, "RecoilTransport": 1,
  ]
  /// The goals; any module not named here has two.
  private static let goals: [String: Int] = ["RecoilConcurrency": 4]
  private static let otherModules = 2

  private static let construct =
    #"\bUnsafe\w*|\b_?withUnsafe\w*|unsafeUninitializedCapacity|unsafeBitCast|unsafeDowncast|\bunsafe(Mutable)?Address\b|\bUnmanaged\b|nonisolated\(unsafe\)|unowned\(unsafe\)|@exclusivity\(unchecked\)|bindMemory|assumingMemoryBound|withMemoryRebound|\b_isPOD\b|\b_openExistential\b"#

  /// The code of a line: without its comment and without the contents of string literals.
  static func code(of line: Substring) -> String {
    var code = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          code.append(character)
        }
      } else if character == "/" && previous == "/" {
        code.removeLast()
        break
      } else {
        if character == "\"" { inString = true }
        code.append(character)
      }
      previous = character
    }
    return code
  }

  /// The files of each module that hold unsafe code, by module.
  static func unsafeFiles() throws -> [String: [String]] {
    let pattern = try Regex(construct)
    var found: [String: [String]] = [:]
    for (module, root) in try moduleRoots() {
      guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in files where url.pathExtension == "swift" {
        var inBlockComment = false
        let text = try String(contentsOf: url, encoding: .utf8)
        let unsafe = text.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
          if inBlockComment {
            guard line.contains("*/") else { return false }
            inBlockComment = false
            return false
          }
          if line.trimmingCharacters(in: .whitespaces).hasPrefix("/*") {
            inBlockComment = !line.contains("*/")
            return false
          }
          return code(of: line).contains(pattern)
        }
        if unsafe { found[module, default: []].append(url.path.replacingOccurrences(of: root.path + "/", with: "")) }
      }
    }
    return found
  }

  @Test func theCodeRuleSkipsCommentsAndStrings() {
    #expect(Self.code(of: "let a = 1 // UnsafePointer") == "let a = 1 ")
    #expect(Self.code(of: #"print("withUnsafeBytes // not a comment") // but this is"#) == #"print("") "#)
    #expect(Self.code(of: "withUnsafeBytes(of: x) { $0 }").contains("withUnsafeBytes"))
  }

  @Test func eachModuleKeepsItsUnsafeCodeInFewFiles() throws {
    let found = try Self.unsafeFiles()
    // The count must see what is there: the atom engine's storage is where its unsafe code is.
    #expect(found["RecoilAtoms"]?.contains("Graph/NodeStorage.swift") == true)
    for (module, files) in found.sorted(by: { $0.key < $1.key }) {
      let limit = Self.limits[module] ?? Self.otherModules
      #expect(
        files.count <= limit,
        "\(module) has unsafe code in \(files.count) files, at most \(limit) allowed: \(files.sorted().joined(separator: ", "))"
      )
    }
  }

  /// The table of where each module's shortcuts are (`Docs/architecture.md`) says what the
  /// code holds.
  @Test func theArchitecturePageNamesEveryFileWithUnsafeCode() throws {
    let readme = try String(
      contentsOf: ExecutableRunner.repositoryRoot.appending(path: "Docs/architecture.md"), encoding: .utf8)
    let table = try #require(readme.components(separatedBy: "<!-- unsafe files -->\n").dropFirst().first)
      .components(separatedBy: "<!-- end of unsafe files -->")[0]
    var claimed: [String: [String]] = [:]
    for row in table.split(separator: "\n") where row.hasPrefix("| `") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let module = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      claimed[module] = cells[1].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }.sorted()
    }
    let found = try Self.unsafeFiles().filter {
      ["recoil-bench", "WebDriver", "release-probe"].contains($0.key) == false
    }
    #expect(
      Set(claimed.keys) == Set(found.keys),
      "Docs/architecture.md names \(claimed.keys.sorted()), the code \(found.keys.sorted())")
    for (module, files) in found { #expect(claimed[module] == files.sorted(), "\(module): \(files.sorted())") }
  }

  @Test func limitsNeverRiseAboveTheGoalWhereTheGoalIsMet() throws {
    let found = try Self.unsafeFiles()
    for (module, limit) in Self.limits {
      let goal = Self.goals[module] ?? Self.otherModules
      let count = found[module]?.count ?? 0
      // A module at its goal has its limit at the goal: lowering the count lowers the limit.
      if count <= goal { #expect(limit <= goal, "\(module) meets its goal of \(goal); set its limit to it") }
    }
  }

  /// Every Swift module of the package by name, with its folder: those under `Sources/`, and
  /// the benchmark, the WebDriver client and the release probe, which live elsewhere.
  static func moduleRoots() throws -> [(name: String, root: URL)] {
    let repository = ExecutableRunner.repositoryRoot
    let sources = repository.appending(path: "Sources")
    let elsewhere = [
      ("recoil-bench", "Benchmarks/recoil-bench"), ("WebDriver", "Tests/WebDriver"),
      ("release-probe", "Tests/ReleaseProbe"),
    ]
    return try FileManager.default.contentsOfDirectory(atPath: sources.path).map { ($0, sources.appending(path: $0)) }
      + elsewhere.map { ($0.0, repository.appending(path: $0.1)) }
  }

  /// The declarations other modules can see (public, open, package), from their attributes to
  /// their body: their signatures.
  static func visibleSignatures(in text: String) throws -> [String] {
    let declaration = try Regex(#"(?m)^[ \t]*(?:@[\w()]+[ \t]+)*(?:package|public|open)\b"#)
    let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.code(of: $0) }
      .joined(separator: "\n")
    // From each declaration's start to its body, or the end of its line outside brackets (a
    // default value's `=` or a closure type's arrow does not end it).
    return code.matches(of: declaration).map { match in
      var depth = 0
      var end = match.range.upperBound
      scan: while end < code.endIndex {
        switch code[end] {
        case "(", "[": depth += 1
        case ")", "]": depth -= 1
        case "{" where depth == 0, "\n" where depth == 0: break scan
        default: break
        }
        end = code.index(after: end)
      }
      return code[match.range.lowerBound..<end].split(separator: "\n").joined(separator: " ")
    }
  }

  @Test func theSignatureRuleReadsAcrossLines() throws {
    let text = """
      package static func read<Value>(
        _ body: (UnsafePointer<Value>) -> Void
      ) {}
      public var count: Int { 0 }
      """
    let signatures = try Self.visibleSignatures(in: text)
    #expect(signatures.count == 2)
    #expect(signatures[0].contains("UnsafePointer") && !signatures[1].contains("Unsafe"))
    // A default value does not end a signature.
    let defaulted = try Self.visibleSignatures(in: "package init(count: Int = 0, start: UnsafeRawPointer) {}")
    #expect(defaulted.count == 1 && defaulted[0].contains("UnsafeRawPointer"))
  }

  /// No type an app or another module of the package sees takes or gives an `Unsafe…` type:
  /// unsafe code stays inside the files that hold it.
  @Test func noVisibleSignatureHasAnUnsafeType() throws {
    var found: [String] = []
    for (_, root) in try Self.moduleRoots() {
      guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in files where url.pathExtension == "swift" {
        let text = try String(contentsOf: url, encoding: .utf8)
        for signature in try Self.visibleSignatures(in: text) where signature.contains("Unsafe") {
          found.append(
            "\(url.lastPathComponent): \(signature.split(separator: " ").joined(separator: " ").prefix(120))")
        }
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
