import Foundation
import Testing

@Suite struct OtherCommandTests {
  @Test func helpListsCommandsAndExitCodes() throws {
    let outcome = try ExecutableRunner.run(["--help"])
    #expect(outcome.status == 0)
    for expected in [
      "USAGE: recoil-inspect <snapshot> -o <out>", "render", "validate", "trace", "EXIT CODES:", "64", "65", "66", "70",
      "73",
    ] {
      #expect(outcome.stdoutText.contains(expected), "missing \(expected)")
    }
  }

  @Test func eachCommandHasHelp() throws {
    for command in ["render", "validate", "trace"] {
      let outcome = try ExecutableRunner.run([command, "--help"])
      #expect(outcome.status == 0)
      #expect(outcome.stdoutText.contains("USAGE: recoil-inspect"))
      #expect(outcome.stdoutText.contains("--help"))
    }
    #expect(try ExecutableRunner.run(["render", "--help"]).stdoutText.contains("--focus <id>"))
    #expect(try ExecutableRunner.run(["help", "trace"]).stdoutText.contains("--store <id>"))
  }

  @Test func versionPrintsTheVersion() throws {
    let outcome = try ExecutableRunner.run(["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
  }

  @Test func validateSummarisesGoodSnapshotsAndFailsOnBadOnes() throws {
    let good = ExecutableRunner.fixture("format/cart.snapshot.json")
    let ok = try ExecutableRunner.run(["validate", good])
    #expect(ok.status == 0)
    #expect(ok.stdoutText == "\(good): ok, 3 atoms, 4 selectors, 1 store, 2 slices, 7 edges, 3 actions\n")
    let bad = ExecutableRunner.fixture("bad/duplicate-id.json")
    let failed = try ExecutableRunner.run(["validate", good, bad])
    #expect(failed.status == 65)
    #expect(failed.stderr.contains("duplicate node id \"a\""))
  }

  @Test func traceShowsActionsWithTheirChanges() throws {
    let outcome = try ExecutableRunner.run(["trace", ExecutableRunner.fixture("format/cart.snapshot.json")])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        #1 app user(.setName) "Ann"  (800 ns)
            user.name: "" -> "Ann"
        #2 app user(.signIn)  (650 ns)
            user.signedIn: false -> true
        #3 app settings(.setCurrency) "EUR"  (500 ns)
            settings.currency: "USD" -> "EUR"

        """)
  }

  @Test func traceFiltersByPath() throws {
    let outcome = try ExecutableRunner.run([
      "trace", ExecutableRunner.fixture("format/cart.snapshot.json"), "--path", "settings",
    ])
    #expect(outcome.stdoutText.hasPrefix("#3 app settings(.setCurrency)"))
    #expect(!outcome.stdoutText.contains("#1"))
  }
}
