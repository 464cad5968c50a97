import Foundation
import Testing

/// `render` on a graph past the overview threshold, and the flags that choose what it draws.
@Suite struct RenderOverviewCommandTests {
  /// A snapshot of `count` nodes in three namespaces with one family, on one line.
  static func largeSnapshot(count: Int, in directory: URL) throws -> String {
    var nodes: [String] = []
    var edges: [String] = []
    for index in 0..<count {
      switch index % 3 {
      case 0:
        nodes.append(#"{"id":"Catalog.item(\#(index))","kind":"atom","family":"Catalog.item","parameter":"\#(index)"}"#)
      case 1:
        nodes.append(#"{"id":"Cart.n\#(index)","kind":"selector"}"#)
        edges.append(#"{"from":"Catalog.item(\#(index - 1))","to":"Cart.n\#(index)"}"#)
      default:
        nodes.append(#"{"id":"Pricing.n\#(index)","kind":"selector"}"#)
        edges.append(#"{"from":"Cart.n\#(index - 1)","to":"Pricing.n\#(index)"}"#)
      }
    }
    let json =
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[\#(nodes.joined(separator: ","))],"edges":[\#(edges.joined(separator: ","))]}"#
    let url = directory.appending(path: "large.snapshot.json")
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test func aLargeGraphIsDrawnAsAnOverviewAndTheMessageSaysHowToSeeMore() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.largeSnapshot(count: 1_500, in: directory)
    let output = directory.appending(path: "graph.svg").path
    let outcome = try ExecutableRunner.run([input, "-o", output])
    #expect(outcome.status == 0)
    #expect(
      outcome.stderr
        == "recoil-inspect: wrote \(output) (an overview of 1500 nodes: 0 drawn whole, 3 groups standing for 1500; --expand GLOB opens a group, --full draws every node)\n"
    )
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(svg.contains("family Catalog.item"))
    #expect(svg.contains("500 nodes"))
    #expect(svg.contains("Cart.*"))

    let full = try ExecutableRunner.run([input, "-o", "-", "--format", "dot", "--full"])
    #expect(full.status == 0)
    #expect(full.stdoutText.contains("Pricing.n1499"))

    let expanded = try ExecutableRunner.run([input, "-o", "-", "--format", "dot", "--expand", "Pricing", "--no-legend"])
    #expect(expanded.status == 0)
    #expect(expanded.stdoutText.contains("Cart.*"))
    #expect(!expanded.stdoutText.contains("Pricing.*"))
    #expect(expanded.stdoutText.contains("Pricing.n1499"))  // each of its 500 nodes, drawn whole

    let raised = try ExecutableRunner.run([input, "-o", "-", "--format", "dot", "--overview-threshold", "2000"])
    #expect(raised.stdoutText.contains("Pricing.n1499"))
    let none = try ExecutableRunner.run([input, "-o", "-", "--format", "dot", "--collapse", "none"])
    #expect(none.stdoutText.contains("Pricing.n1499"))
    let familiesOnly = try ExecutableRunner.run([input, "-o", "-", "--format", "dot", "--collapse", "families"])
    #expect(familiesOnly.stdoutText.contains("family Catalog.item"))
    #expect(familiesOnly.stdoutText.contains("Pricing.n1499"))
  }

  @Test(arguments: [
    (
      ["--collapse", "families,everything"],
      "recoil-inspect: error: invalid value 'everything' for '--collapse'; expected none, or any of families, stores, modules, levels"
    ),
    (
      ["--expand", "Nowhere.*"],
      "recoil-inspect: error: --expand: \"Nowhere.*\" matches no node and no group (a group is named by its family, store or namespace: Catalog, Catalog.item, app)"
    ),
    (
      ["--expand", "Cart[", "--expand", "Cart"],
      "recoil-inspect: error: --expand: invalid pattern \"Cart[\": unclosed '['"
    ),
    (
      ["--full", "--expand", "Cart"],
      "recoil-inspect: error: '--expand' cannot be used with '--full': --full draws every node, so there is nothing to expand"
    ),
    (
      ["--overview-threshold", "-3"],
      "recoil-inspect: error: invalid value '-3' for '--overview-threshold'; expected a whole number of nodes, 0 or more"
    ),
  ])
  func badOverviewFlagsAreUsageErrorsThatSayWhatIsWrong(arguments: [String], message: String) throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.largeSnapshot(count: 600, in: directory)
    let output = directory.appending(path: "graph.svg")
    let outcome = try ExecutableRunner.run([input, "-o", output.path] + arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// `report --focus-layouts all` on a chain of 1,100 selectors, where at depth all every
  /// node's neighbourhood is the whole chain, more than a report lays out whole: every node's
  /// is laid out as an overview of itself; with `--collapse none`, nothing groups them, and
  /// the report says how many it shows in the whole graph's places.
  @Test func focusLayoutsAllLaysOutEveryHubAsAnOverviewOrSaysHowManyItShowsInPlace() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let nodes = (0..<1_100).map { #"{"id":"Chain.n\#($0)","kind":"selector"}"# }
    let edges = (1..<1_100).map { #"{"from":"Chain.n\#($0 - 1)","to":"Chain.n\#($0)"}"# }
    let input = directory.appending(path: "chain.json")
    try Data(
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[\#(nodes.joined(separator: ","))],"edges":[\#(edges.joined(separator: ","))]}"#
        .utf8
    ).write(to: input)
    let output = directory.appending(path: "report.html")
    func depthAll() throws -> [Int] {
      let page = try String(contentsOf: output, encoding: .utf8)
      let start = try #require(page.range(of: #"id="report-neighbourhoods">"#)).upperBound
      let plans = try #require(
        try JSONSerialization.jsonObject(with: Data(page[start...].prefix { $0 != "<" }.utf8)) as? [String: Any])
      return try #require((plans["depths"] as? [Any])?.last as? [Int])
    }
    let outcome = try ExecutableRunner.run(["report", input.path, "-o", output.path, "--focus-layouts", "all"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Every depth laid out for every node: nothing to say about focus.
    #expect(outcome.stderr.hasSuffix("--full draws every node)\n"), "\(outcome.stderr)")
    let overviews = try depthAll()
    #expect(overviews.count == 1_100 && Set(overviews).count == 1_100 && overviews.allSatisfy { $0 <= -2 })
    let whole = try ExecutableRunner.run([
      "report", input.path, "-o", output.path, "--focus-layouts", "all", "--collapse", "none",
    ])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(
      whole.stderr.hasSuffix(
        "; focus laid out at depths 1, 2, 3, all (but 1100 hubs at all, shown in place), any with --serve)\n"),
      "\(whole.stderr)")
    let inPlace = try depthAll()
    #expect(inPlace.count == 1_100 && inPlace.allSatisfy { $0 == -1 })
  }
}
