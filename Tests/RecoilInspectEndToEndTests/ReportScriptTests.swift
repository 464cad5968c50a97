import Foundation
import Testing

/// The page's modules (`Report/Web/report/`, `Report/Web/live/`) pass their unit tests under
/// Node's own test runner (`Tests/ReportScriptTests`), and every module with logic of its own
/// (one that offers its functions to Node) has them.
@Suite struct ReportScriptTests {
  /// Node, from `$NODE` or the path; `Scripts/install-dependencies` installs Debian's `nodejs`.
  static func node() -> String? {
    if let given = ProcessInfo.processInfo.environment["NODE"], !given.isEmpty { return given }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/node"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  @Test func everyModuleWithLogicIsTested() throws {
    let root = ExecutableRunner.repositoryRoot
    let web = root.appending(path: "Sources/RecoilRender/Report/Web")
    let testFolder = root.appending(path: "Tests/ReportScriptTests")
    let tests = try FileManager.default.contentsOfDirectory(atPath: testFolder.path(percentEncoded: false))
      .filter { $0.hasSuffix(".test.js") }
      .map { try String(contentsOf: testFolder.appending(path: $0), encoding: .utf8) }.joined()
    let loader = try String(contentsOf: testFolder.appending(path: "page-modules.js"), encoding: .utf8)
    var tested = 0
    for folder in ["report", "live"] {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: web.appending(path: folder).path(percentEncoded: false))
      for file in files where file.hasSuffix(".js") {
        let text = try String(contentsOf: web.appending(path: "\(folder)/\(file)"), encoding: .utf8)
        guard text.contains("module.exports"),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("class ") })
        else { continue }
        let name = line.split(separator: " ")[1]
        #expect(loader.contains("'\(folder)/\(file)'"), "page-modules.js loads \(folder)/\(file)")
        #expect(tests.contains("\(name)."), "a test in Tests/ReportScriptTests calls \(name)")
        tested += 1
      }
    }
    #expect(tested >= 15)
  }

  @Test func thePureScriptPassesItsNodeTests() throws {
    let node = try #require(Self.node(), "node is not installed: run Scripts/install-dependencies (Debian's nodejs)")
    let tests = ExecutableRunner.repositoryRoot.appending(path: "Tests/ReportScriptTests").path(percentEncoded: false)
    let outcome = try ExecutableRunner.run(["--test", tests], executable: node)
    let output = outcome.stdoutText
    #expect(outcome.status == 0, "node --test failed:\n\(output)\n\(outcome.stderr)")
    // It ran tests, and none failed.
    #expect(output.contains("# fail 0"))
    let passed = output.split(separator: "\n").first { $0.hasPrefix("# pass ") }.map { Int($0.dropFirst(7)) ?? 0 }
    #expect((passed ?? 0) >= 10, "\(output)")
  }
}
