import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// What ``ReportData`` writes holds the page's data layout, `Docs/report-data-v1.schema.json`,
/// as `Tests/ReportScriptTests/check-report-data.js` (the node tests' own checker) reads it:
/// every fixture's page, a difference, a large graph's overview with its insides and
/// neighbourhoods, numbers past 2^53, and a live page's delta.
@Suite struct ReportDataSchemaTests {
  static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

  /// Node, from `$NODE` or the path (Scripts/install-dependencies installs Debian's nodejs).
  static func node() -> String? {
    if let given = ProcessInfo.processInfo.environment["NODE"], !given.isEmpty { return given }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      if FileManager.default.isExecutableFile(atPath: "\(folder)/node") { return "\(folder)/node" }
    }
    return nil
  }

  /// The JSON of the page's script element `id`, as the page holds it (inert: `\u003c` for `<`).
  static func embedded(_ id: String, in page: [UInt8]) -> String? {
    let text = String(decoding: page, as: UTF8.self)
    guard let start = text.range(of: #"<script type="application/json" id="\#(id)">"#)?.upperBound,
      let end = text[start...].range(of: "</script>")?.lowerBound
    else { return nil }
    return String(text[start..<end])
  }

  /// Runs the checker on `files` (each `(definition, json)`), and returns what it printed.
  static func check(_ files: [(definition: String, json: String)]) throws -> (status: Int32, output: String) {
    let node = try #require(Self.node(), "node is not installed: run Scripts/install-dependencies")
    let folder = FileManager.default.temporaryDirectory.appending(path: "report-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var output = ""
    var status: Int32 = 0
    for (index, file) in files.enumerated() {
      let path = folder.appending(path: "\(index)-\(file.definition).json")
      try Data(file.json.utf8).write(to: path)
      let process = Process()
      process.executableURL = URL(filePath: node)
      process.arguments = [
        root.appending(path: "Tests/ReportScriptTests/check-report-data.js").path, file.definition, path.path,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let printed = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      output += String(decoding: printed, as: UTF8.self)
      if process.terminationStatus != 0 { status = process.terminationStatus }
    }
    return (status, output)
  }

  static func fixture(_ path: String) throws -> Snapshot {
    try SnapshotCodec.decode(Data(contentsOf: root.appending(path: path)))
  }

  @Test func everyPageTheRendererWritesHoldsTheLayout() throws {
    var files: [(definition: String, json: String)] = []
    let fixtures = [
      "Fixtures/cart-demo/cart.snapshot.json", "Fixtures/format/async.snapshot.json",
      "Fixtures/format/cart.snapshot.json", "Fixtures/format/family.snapshot.json",
      "Fixtures/format/hostile.snapshot.json",
    ]
    for path in fixtures {
      let page = try Renderer.render(try Self.fixture(path), options: RenderOptions(format: .html))
      files.append(("page", try #require(Self.embedded("report-data", in: page))))
      if let plans = Self.embedded("report-neighbourhoods", in: page) { files.append(("neighbourhoods", plans)) }
    }
    // A difference: each node's mark and how it changed.
    let demo = try Self.fixture("Fixtures/cart-demo/cart.snapshot.json")
    var changed = demo
    changed.nodes[0].value = "changed"
    changed.nodes.removeLast()
    let difference = try Renderer.drawDifference(from: demo, to: changed, options: RenderOptions(format: .html)).bytes
    files.append(("page", try #require(Self.embedded("report-data", in: difference))))
    // A large graph: its overview's groups, the insides and the neighbourhoods' plans.
    let large = try Renderer.render(GeneratedAppGraph.make(nodeCount: 1_200), options: RenderOptions(format: .html))
    files.append(("page", try #require(Self.embedded("report-data", in: large))))
    files.append(("insides", try #require(Self.embedded("report-insides", in: large))))
    files.append(("neighbourhoods", try #require(Self.embedded("report-neighbourhoods", in: large))))
    // Numbers past what a script holds exactly: the entries say their own as text.
    var far = demo
    let shift = Int.max - (demo.timeline.map(\.seq).max() ?? 0)
    far.timeline = far.timeline.map { entry in
      var entry = entry
      entry.seq += shift
      entry.cause = entry.cause.map { $0 + shift }
      return entry
    }
    let farPage = try Renderer.render(far, options: RenderOptions(format: .html))
    let farData = try #require(Self.embedded("report-data", in: farPage))
    #expect(farData.contains(#""seqText":""#))
    files.append(("page", farData))
    // A live page and its delta.
    let live = LiveReport(title: "live")
    files.append(("page", try #require(Self.embedded("report-data", in: try live.page(for: demo, shape: 1)))))
    let delta = try #require(live.delta(for: demo, shape: 1, after: demo.timeline[demo.timeline.count / 2].seq))
    files.append(("delta", String(decoding: delta, as: UTF8.self)))
    #expect(files.count >= 12)

    let checked = try Self.check(files)
    #expect(checked.status == 0, "\(checked.output)")
  }

  /// The checker is not one that cannot fail: a field the layout does not name is found.
  @Test func aFieldTheLayoutDoesNotNameIsFound() throws {
    let checked = try Self.check([
      ("page", #"{"nodes":[{"id":"a","kind":"atom","colour":"red"}],"edges":[],"timeline":[]}"#)
    ])
    #expect(checked.status == 1)
    #expect(checked.output.contains(#"/nodes/0/colour: has "colour", which the schema does not name"#))
  }
}
