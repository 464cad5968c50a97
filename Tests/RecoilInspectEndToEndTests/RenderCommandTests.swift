import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct RenderCommandTests {
  @Test func rendersAFixtureToSVG() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "graph.svg").path
    let outcome = try ExecutableRunner.run([ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", output])
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "recoil-inspect: wrote \(output) (10 nodes, 7 edges)\n")
    #expect(outcome.stdout.isEmpty)
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(svg.contains("<svg"))
    #expect(svg.contains("CartState.total"))
  }

  @Test func theRenderSubcommandIsExplicitToo() throws {
    let outcome = try ExecutableRunner.run([
      "render", ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", "-", "--format", "dot",
    ])
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText.hasPrefix("digraph"))
    #expect(outcome.stderr.isEmpty)
  }

  @Test(arguments: [
    ("png", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("pdf", Array("%PDF".utf8)), ("svg", Array("<?xm".utf8)),
    ("dot", Array("digr".utf8)),
  ])
  func theFormatComesFromTheExtension(format: String, magic: [UInt8]) throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "graph.\(format)")
    let outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/family.snapshot.json"), "-o", output.path, "-q",
    ])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    #expect(Array(try Data(contentsOf: output).prefix(4)) == magic)
  }

  @Test func readsStandardInputAndWritesStandardOutput() throws {
    let snapshot = try Data(contentsOf: URL(filePath: ExecutableRunner.fixture("format/async.snapshot.json")))
    let outcome = try ExecutableRunner.run(["-", "-o", "-"], stdin: snapshot)
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText.contains("<svg"))
    #expect(outcome.stdoutText.contains("Search.results"))
    #expect(outcome.stderr.isEmpty)
  }

  @Test func withoutOutputTheSVGGoesBesideTheSnapshot() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "snap.json")
    try FileManager.default.copyItem(
      at: URL(filePath: ExecutableRunner.fixture("format/family.snapshot.json")), to: input)
    let outcome = try ExecutableRunner.run([input.path])
    #expect(outcome.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appending(path: "snap.svg").path))
  }

  @Test func focusAndExcludeChooseTheDrawnNodes() throws {
    let outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", "-", "--format", "dot", "--no-legend",
      "--focus", "CartState.discount", "--exclude", "CartState.coupon",
    ])
    #expect(outcome.status == 0)
    let dot = outcome.stdoutText
    #expect(dot.contains("CartState.discount"))
    #expect(dot.contains("CartState.subtotal"))
    #expect(dot.contains("CartState.total"))
    #expect(!dot.contains("CartState.coupon"))
    #expect(!dot.contains("CartState.items"))
  }

  @Test func hostileTextProducesWellFormedSVG() throws {
    let outcome = try ExecutableRunner.run([ExecutableRunner.fixture("format/hostile.snapshot.json"), "-o", "-"])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    let parser = XMLParser(data: outcome.stdout)
    #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
  }

  @Test func renderingKeepsMemoryBoundedOverManyGraphs() throws {
    let outcome = try ExecutableRunner.run(["M1"], executable: "recoil-bench")
    #expect(outcome.status == 0)
    let line = outcome.stdoutText
    let growth = line.split(separator: " ").first { $0.hasPrefix("rss_growth_kb=") }.flatMap {
      Int($0.dropFirst("rss_growth_kb=".count))
    }
    let kilobytes = try #require(growth, "unexpected output: \(line)")
    // Graphviz 2.43 itself leaks a few hundred bytes per HTML label (measured in plain C);
    // anything of ours left per render (graph, layout, output) would be far above this bound.
    #expect(kilobytes < 8 * 1024, "\(line)")
  }
}
