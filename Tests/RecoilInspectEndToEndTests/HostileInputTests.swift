import Foundation
import Testing

/// Inputs no writer should produce, fed to the command line: each ends with a documented exit
/// code and at most a one-line message, without a crash or hang, and a failed render writes
/// nothing.
@Suite struct HostileInputTests {
  private let header = #"{"format":"recoil-inspect/snapshot","version":1,"#

  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "hostile-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Renders `bytes` to an SVG in a fresh folder; returns the outcome and whether the SVG exists.
  private func render(_ bytes: Data) throws -> (ExecutableRunner.Outcome, Bool) {
    let folder = try directory()
    let input = folder.appending(path: "input.json")
    let output = folder.appending(path: "out.svg")
    try bytes.write(to: input)
    let outcome = try ExecutableRunner.run([input.path, "-o", output.path])
    return (outcome, FileManager.default.fileExists(atPath: output.path))
  }

  private func expectRejected(_ bytes: Data, saying fragment: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let (outcome, wrote) = try render(bytes)
    #expect(outcome.status == 65, "\(outcome.stderr)", sourceLocation: sourceLocation)
    #expect(!wrote, "a failed render wrote its output", sourceLocation: sourceLocation)
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome.stderr)", sourceLocation: sourceLocation)
    #expect(outcome.stderr.contains(fragment), "\(outcome.stderr)", sourceLocation: sourceLocation)
  }

  @Test func deepNestingIsRefused() throws {
    try expectRejected(
      Data((header + #""nodes":"# + String(repeating: "[", count: 100_000)).utf8),
      saying: "nested more than 512 levels deep")
  }

  @Test func oneHundredMegabytesOfRandomBytesAreRejectedAtOnce() throws {
    var generator = SystemRandomNumberGenerator()
    var bytes = Data(count: 100 << 20)
    bytes.withUnsafeMutableBytes { buffer in
      for index in buffer.bindMemory(to: UInt64.self).indices {
        buffer.storeBytes(of: generator.next(), toByteOffset: index * 8, as: UInt64.self)
      }
    }
    bytes[0] = 0xFF  // not a valid start of JSON, whatever the generator gave
    try expectRejected(bytes, saying: "1:1: malformed JSON")
  }

  @Test func numbersOutOfRangeAreRejectedWithTheirField() throws {
    try expectRejected(
      Data((header + #""nodes":[{"id":"a","kind":"atom","subscribers":1e400}],"edges":[]}"#).utf8),
      saying: "out of range")
    try expectRejected(
      Data((header + #""nodes":[{"id":"a","kind":"atom","subscribers":99999999999999999999}],"edges":[]}"#).utf8),
      saying: "nodes[0].subscribers: expected an integer")
  }

  @Test func loneSurrogatesAndNULInIdsAndKeysStillRender() throws {
    let json =
      header
      + #""nodes":[{"id":"a\ud800\u0000b","kind":"atom","ke\u0000y":1},{"id":"\udc00","kind":"selector"}],"edges":[{"from":"a\ud800\u0000b","to":"\udc00"}]}"#
    let (outcome, wrote) = try render(Data(json.utf8))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(wrote)
  }

  @Test func everyTruncationOfAValidSnapshotIsAOneLineError() throws {
    let valid = try Data(contentsOf: URL(filePath: ExecutableRunner.fixture("format/cart.snapshot.json")))
    let folder = try directory()
    // Cut at many points, each file checked by one validate run.
    var paths: [String] = []
    for cut in stride(from: 0, to: valid.count - 2, by: max(valid.count / 40, 1)) {
      let url = folder.appending(path: "cut-\(cut).json")
      try valid.prefix(cut).write(to: url)
      paths.append(url.path)
    }
    let outcome = try ExecutableRunner.run(["validate", "--quiet"] + paths)
    #expect(outcome.status == 65)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == paths.count, "\(outcome.stderr)")
    #expect(lines.allSatisfy { $0.hasPrefix("recoil-inspect: error: ") && $0.contains("malformed JSON") })
  }

  @Test func aFileThatChangesWhileItIsReadGivesAnAnswerNotACrash() async throws {
    let folder = try directory()
    let url = folder.appending(path: "changing.json")
    let valid = try Data(contentsOf: URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json")))
    try valid.write(to: url)
    let writer = Task.detached {
      // Rewrites the file in place, half-written, then whole, until cancelled.
      var round = 0
      while !Task.isCancelled {
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: round % 2 == 0 ? valid.prefix(valid.count / 2) : valid)
        try handle.close()
        round += 1
      }
    }
    defer { writer.cancel() }
    for _ in 0..<15 {
      let outcome = try ExecutableRunner.run(["validate", url.path])
      #expect(outcome.status == 0 || outcome.status == 65, "\(outcome.status): \(outcome.stderr)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count <= 1)
    }
  }
}
