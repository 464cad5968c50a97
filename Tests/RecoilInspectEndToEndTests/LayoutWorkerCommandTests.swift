import Foundation
import Testing

/// `recoil-inspect __layout-worker`, the helper `report` shares a large graph's layouts with:
/// it answers stand-in graphs with their places, says plainly what it cannot read, is in no
/// help, and a report made with its help is the report made without.
@Suite struct LayoutWorkerCommandTests {
  @Test func theHelperAnswersStandInGraphsWithTheirPlaces() throws {
    let graph = "graph rankdir=TB nodesep=0.25\nnode 0 box 0.75 0.5\nnode 1 ellipse 1 0.5\nedge 0 1 4\nend\n"
    let outcome = try ExecutableRunner.run(["__layout-worker"], stdin: Data((graph + graph).utf8))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdoutText.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("extent 0.0 0.0 ") }.count == 2)
    #expect(lines.filter { $0.hasPrefix("node n0 ") || $0.hasPrefix("node n1 ") }.count == 4)
    #expect(lines.filter { $0.hasPrefix("edge e4 ") }.count == 2)
    #expect(lines.filter { $0 == "end" }.count == 2)
    // Node 0 above node 1 (y grows upwards in Graphviz's places), 54 by 36 points.
    let node0 = try #require(lines.first { $0.hasPrefix("node n0 ") }).split(separator: " ").compactMap { Double($0) }
    let node1 = try #require(lines.first { $0.hasPrefix("node n1 ") }).split(separator: " ").compactMap { Double($0) }
    #expect(node0[1] > node1[1])
    #expect(node0[2] == 54 && node0[3] == 36)

    let bad = try ExecutableRunner.run(["__layout-worker"], stdin: Data("graph\nnode zero box 1 1\nend\n".utf8))
    #expect(bad.status == 70)
    #expect(bad.stderr == "recoil-inspect: error: a layout worker was sent what it cannot read\n")
  }

  @Test func theHelperIsInNoHelp() throws {
    let help = try ExecutableRunner.run(["--help"])
    #expect(help.status == 0)
    #expect(!help.stdoutText.contains("layout-worker"))
  }

  /// 3,000 nodes in chains of three: 3,000 neighbourhoods at depth 1, enough to share out on
  /// a machine of more than one processor; a copy of the program under another name lays out
  /// everything itself.
  @Test func aReportMadeWithHelpersIsTheReportMadeWithout() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try RenderOverviewCommandTests.largeSnapshot(count: 3_000, in: directory)
    let alone = directory.appending(path: "recoil-inspect-alone")
    try FileManager.default.copyItem(
      at: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"), to: alone)
    func page(_ program: String, _ name: String) throws -> String {
      let output = directory.appending(path: name)
      let outcome = try ExecutableRunner.run(["report", input, "-o", output.path, "-q"], executable: program)
      #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.stderr)")
      // Each page has its own nonce.
      return try String(contentsOf: output, encoding: .utf8).replacing(/nonce(-|=")[A-Za-z0-9+\/=]+/, with: "nonce")
    }
    let shared = try page("recoil-inspect", "shared.html")
    #expect(shared.contains(#"id="report-neighbourhoods""#))
    #expect(shared == (try page(alone.path, "alone.html")))
  }
}
