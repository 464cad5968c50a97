import Foundation
import Testing

/// What must hold in an optimised build too: a misuse of the API stops the process with a
/// message that says what went wrong (where `preconditionFailure` would die with only
/// "Illegal instruction"), and a deep chain's first read fits a small stack.
@Suite(.serialized) struct ReleaseBuildTests {
  /// `release-probe`, built with `-c release` into a scratch folder of its own, so that this
  /// build never waits on the one running the tests.
  static let probe: Result<URL, BuildFailure> = {
    let root = ExecutableRunner.repositoryRoot
    let scratch = root.appending(path: ".build/release-probe")
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = [
      "swift", "build", "-c", "release", "--product", "release-probe", "--scratch-path", scratch.path,
    ]
    process.currentDirectoryURL = root
    let log = Pipe()
    process.standardOutput = log
    process.standardError = log
    do {
      try process.run()
    } catch {
      return .failure(BuildFailure(log: "\(error)"))
    }
    let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return .failure(BuildFailure(log: output)) }
    return .success(scratch.appending(path: "release/release-probe"))
  }()

  struct BuildFailure: Error, CustomStringConvertible {
    var log: String
    var description: String { "the release build of release-probe failed:\n\(log)" }
  }

  private func misuse(_ scenario: String, environment extra: [String: String] = [:]) throws -> (
    status: Int32, stderr: String, stdout: String
  ) {
    let probe = try Self.probe.get()
    let process = Process()
    process.executableURL = probe
    process.arguments = [scenario]
    var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let error = Pipe()
    let output = Pipe()
    process.standardError = error
    process.standardOutput = output
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text, printed)
  }

  @Test func dispatchingFromInsideAReducerSaysSoInARelease() throws {
    let outcome = try misuse("dispatch-in-reducer")
    #expect(outcome.status != 0)
    #expect(
      outcome.stderr.contains("dispatch(1) was called from inside a reducer; reducers must be pure"),
      "\(outcome.stderr)")
  }

  @Test func callingTheContainerFromAGetterSaysSoInARelease() throws {
    let outcome = try misuse("container-in-getter")
    #expect(outcome.status != 0)
    #expect(
      outcome.stderr.contains("AtomContainer was called from inside a selector's getter or setter"), "\(outcome.stderr)"
    )
  }

  /// The metadata reader's self-check in an optimised build: both ways agree on every
  /// sample, so it stays on; the environment turns it off.
  @Test func theReflectionSelfCheckPassesInARelease() throws {
    let outcome = try misuse("reflection-verdict")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.first == "metadata reading on", "\(outcome.stdout)")
    #expect(lines.last?.hasSuffix(" samples, 0 differ") == true, "\(outcome.stdout)")
    let forced = try misuse("reflection-verdict", environment: ["RECOIL_INSPECT_REFLECTION": "mirror"])
    #expect(forced.stdout.hasPrefix("metadata reading off: RECOIL_INSPECT_REFLECTION=mirror is set\n"))
  }

  @Test func aDeepChainIsReadFirstOnA512KiBStackInARelease() throws {
    let outcome = try misuse("deep-chain-on-small-stack")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == "10001\n")
  }
}
