import Foundation
import Testing

@testable import recoil_inspect

/// The snapshot files commands name: one positional or several, each read within the
/// command's `--max-input-bytes`.
@Suite struct SnapshotInputTests {
  func parse<C: Command>(_: C.Type, _ words: [String]) throws -> ParsedArguments {
    try ArgumentParser(specs: C.allOptions).parse(words)
  }

  @Test func aCommandOfOneSnapshotTakesItsPathAndLimit() throws {
    let query = try QueryCommand(parse(QueryCommand.self, ["cart.json", "--slowest", "--max-input-bytes", "4096"]))
    #expect(query.input == SnapshotInput(path: "cart.json", limit: InputLimit(bytes: 4096)))
    let trace = try TraceCommand(parse(TraceCommand.self, ["-"]))
    #expect(trace.input.limit == InputLimit())
    #expect(trace.input.name == "<stdin>")
    #expect(SnapshotInput(path: "a/cart.json").name == "a/cart.json")
    #expect(throws: UsageError.missingArgument("<snapshot>")) {
      try ExportCommand(parse(ExportCommand.self, ["--perfetto"]))
    }
    #expect(throws: UsageError.unexpectedArgument("b.json")) {
      try RenderCommand(parse(RenderCommand.self, ["a.json", "b.json"]))
    }
    // A bad limit is said before a missing snapshot, in every command alike.
    #expect(
      throws: UsageError.invalidValue(option: "--max-input-bytes", value: "0", expected: "a positive number of bytes")
    ) {
      try ReportCommand(parse(ReportCommand.self, ["--max-input-bytes", "0"]))
    }
  }

  @Test func everyFileOfACommandSharesItsLimit() throws {
    let check = try CheckCommand(
      parse(CheckCommand.self, ["a.json", "b.json", "--budget", "budget.json", "--max-input-bytes", "99"]))
    let limit = InputLimit(bytes: 99)
    #expect(check.inputs == [SnapshotInput(path: "a.json", limit: limit), SnapshotInput(path: "b.json", limit: limit)])
    #expect(check.budget == SnapshotInput(path: "budget.json", limit: limit))
    #expect(throws: UsageError.missingArgument("<snapshot>")) { try ValidateCommand(parse(ValidateCommand.self, [])) }
    let diff = try DiffCommand(parse(DiffCommand.self, ["old.json", "new.json", "--max-input-bytes", "99"]))
    #expect(diff.old == SnapshotInput(path: "old.json", limit: limit))
    #expect(diff.new == SnapshotInput(path: "new.json", limit: limit))
    let why = try WhyCommand(parse(WhyCommand.self, ["s.json", "Cart.total", "--max-input-bytes", "99"]))
    #expect(why.input == SnapshotInput(path: "s.json", limit: limit))
  }

  @Test func anOutputGoesBesideItsInputUnlessItIsStandardInput() {
    #expect(SnapshotInput(path: "dir/cart.json").output(withExtension: "svg") == "dir/cart.svg")
    #expect(SnapshotInput(path: "cart.snapshot.json").output(withExtension: "html") == "cart.snapshot.html")
    #expect(SnapshotInput(path: "v1.2/cart").output(withExtension: "trace.json") == "v1.2/cart.trace.json")
    #expect(SnapshotInput(path: "dir/.hidden").output(withExtension: "svg") == "dir/.hidden.svg")
    #expect(SnapshotInput(path: "-").output(withExtension: "svg") == "-")
  }

  /// Streams whose standard input holds `stdin`.
  let streams = StandardStreams(
    output: { _ in }, outputBytes: { _ in }, outputLine: { _ in }, flush: {}, error: { _ in },
    readInput: { _ in .success(Data("stdin".utf8)) },
    errorStyle: TerminalStyle(isEnabled: false), outputStyle: TerminalStyle(isEnabled: false))

  @Test func aFilePastItsLimitIsRefusedByName() throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "snapshot-input-\(UUID().uuidString).json")
    try Data(repeating: UInt8(ascii: " "), count: 100).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let input = SnapshotInput(path: url.path, limit: InputLimit(bytes: 10))
    #expect(
      throws: CommandFailure.inputMissing(
        path: url.path, reason: "larger than --max-input-bytes 10; give a larger limit to read it")
    ) { try input.bytes(streams: streams) }
    #expect(try SnapshotInput(path: url.path, limit: InputLimit(bytes: 100)).bytes(streams: streams).count == 100)
    #expect(try SnapshotInput(path: "-").bytes(streams: streams) == Data("stdin".utf8))
  }
}
