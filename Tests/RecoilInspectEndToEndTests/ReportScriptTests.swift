import Foundation
import Testing

/// The report page's pure script (`Report/Web/report-core.js`) passes its unit tests under
/// Node's own test runner, and the embedded copy of the page's files is current.
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
