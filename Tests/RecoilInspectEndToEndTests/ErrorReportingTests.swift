import Foundation
import Testing

@Suite struct ErrorReportingTests {
  @Test(arguments: [
    ("not-json.json", "6:3: malformed JSON: unexpected character ']'; expected a value"),
    (
      "wrong-format.json",
      #"1:12: format: expected "recoil-inspect/snapshot", found "graphviz/dot"; this is not a recoil-inspect snapshot"#
    ),
    ("unsupported-version.json", "1:50: version: unsupported snapshot version 2; this tool reads version 1"),
    ("missing-field.json", "2:12: nodes[0].id: required field is missing"),
    ("mistyped-field.json", "2:55: nodes[0].subscribers: expected an integer, found a string"),
    ("duplicate-id.json", #"4:10: nodes[1].id: duplicate node id "a" (first used by nodes[0])"#),
    ("unknown-edge-node.json", #"3:32: edges[0].to: names node "ghost", which is not in nodes"#),
    ("unknown-kind.json", #"6:23: nodes[3].kind: expected atom, selector, store or slice, found "atm""#),
  ])
  func invalidSnapshotsExitWith65AndSayWhatAndWhere(file: String, message: String) throws {
    let path = ExecutableRunner.fixture("bad/\(file)")
    let outcome = try ExecutableRunner.run([path, "-o", "-"])
    #expect(outcome.status == 65)
    #expect(outcome.stderr == "recoil-inspect: error: \(path):\(message)\n")
    #expect(outcome.stdout.isEmpty)
  }

  @Test func everyBadFixtureIsCovered() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: ExecutableRunner.fixture("bad"))
    #expect(
      files.sorted() == [
        "duplicate-id.json", "missing-field.json", "mistyped-field.json", "not-json.json", "unknown-edge-node.json",
        "unknown-kind.json", "unsupported-version.json", "wrong-format.json",
      ])
  }

  @Test func aMissingInputExitsWith66() throws {
    let outcome = try ExecutableRunner.run(["/nonexistent/snap.json", "-o", "-"])
    #expect(outcome.status == 66)
    #expect(outcome.stderr == "recoil-inspect: error: /nonexistent/snap.json: no such file\n")
  }

  @Test func aDirectoryAsInputExitsWith66() throws {
    let outcome = try ExecutableRunner.run([ExecutableRunner.fixture("bad"), "-o", "-"])
    #expect(outcome.status == 66)
    #expect(outcome.stderr.hasSuffix("bad: is a directory, not a snapshot file\n"))
  }

  @Test func anUncreatableOutputExitsWith73() throws {
    let outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", "/nonexistent/dir/graph.svg",
    ])
    #expect(outcome.status == 73)
    #expect(
      outcome.stderr
        == "recoil-inspect: error: /nonexistent/dir/graph.svg: cannot write output: directory /nonexistent/dir/ does not exist\n"
    )
  }

  @Test func aFailedRunLeavesAnExistingOutputUntouchedAndNoTemporaryFiles() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "graph.svg")
    try Data("previous picture".utf8).write(to: output)
    let outcome = try ExecutableRunner.run([ExecutableRunner.fixture("bad/unknown-kind.json"), "-o", output.path])
    #expect(outcome.status == 65)
    #expect(try String(contentsOf: output, encoding: .utf8) == "previous picture")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["graph.svg"])
  }

  @Test func aSuccessfulRunReplacesTheOutputWhole() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "graph.svg")
    try Data(repeating: 0x41, count: 10_000_000).write(to: output)
    let outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/family.snapshot.json"), "-o", output.path, "-q",
    ])
    #expect(outcome.status == 0)
    let svg = try String(contentsOf: output, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["graph.svg"])
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["snap.json", "--formt", "svg"], "unknown option '--formt'; did you mean '--format'?"),
    (["snap.json", "-o"], "option '-o' needs a value (out)"),
    (
      ["snap.json", "-o", "x.bmp"],
      "cannot tell the output format from 'x.bmp'; name a .svg, .png, .pdf, .dot or .html file or pass --format"
    ),
    (["snap.json", "--format", "gif"], "invalid value 'gif' for '--format'; expected svg, png, pdf, dot or html"),
    (["snap.json", "--rankdir", "XY"], "invalid value 'XY' for '--rankdir'; expected TB or LR"),
    (
      ["snap.json", "--focus", "a", "--depth", "-1"],
      "invalid value '-1' for '--depth'; expected a whole number of hops, 0 or more"
    ),
    (["render"], "missing argument <snapshot>"),
    (["a.json", "b.json"], "unexpected argument 'b.json'"),
    (["rendr", "x.json"], "unknown command 'rendr'; did you mean 'render'?"),
  ])
  func usageErrorsExitWith64(arguments: [String], message: String) throws {
    let outcome = try ExecutableRunner.run(arguments)
    #expect(outcome.status == 64)
    // One line, the hint in it.
    #expect(outcome.stderr == "recoil-inspect: error: \(message) (see 'recoil-inspect --help')\n")
  }

  @Test func anUnknownFocusNodeIsAUsageError() throws {
    let outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", "-", "--focus", "Nope",
    ])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("recoil-inspect: error: --focus: node \"Nope\" is not in the snapshot\n"))
  }

  @Test func messagesAreColouredOnlyOnATerminal() throws {
    // Standard error is a pipe here, so no escape codes even without NO_COLOR.
    let outcome = try ExecutableRunner.run(["/nonexistent.json"])
    #expect(!outcome.stderr.contains("\u{1B}["))
  }
}
