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

  /// `report --focus-layouts` chooses how deep the page's focus is laid out for every node.
  @Test func focusLayoutsChoosesTheDepthsTheReportLaysOut() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.largeSnapshot(count: 600, in: directory)
    let output = directory.appending(path: "report.html")
    func laidOutDepths(_ arguments: [String]) throws -> [Bool] {
      let outcome = try ExecutableRunner.run(["report", input, "-o", output.path, "-q"] + arguments)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let page = try String(contentsOf: output, encoding: .utf8)
      let start = try #require(page.range(of: #"id="report-neighbourhoods">"#)).upperBound
      let json = page[start...].prefix { $0 != "<" }
      let plans = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      return try #require(plans["depths"] as? [Any]).map { !($0 is NSNull) }
    }
    // 600 nodes in chains of three: every depth is small, so all are laid out by default.
    #expect(try laidOutDepths([]) == [true, true, true, true])
    #expect(try laidOutDepths(["--focus-layouts", "1"]) == [true, false, false, false])
    #expect(try laidOutDepths(["--focus-layouts", "2"]) == [true, true, false, false])
    #expect(try laidOutDepths(["--focus-layouts", "ALL"]) == [true, true, true, true])
    // Where some depths are left out, the message says which are there and how to have more.
    for (layouts, said) in [
      ("1", "; focus laid out at depth 1, deeper with --focus-layouts or --serve)\n"),
      ("2", "; focus laid out at depths 1, 2, deeper with --focus-layouts or --serve)\n"),
      ("all", "--full draws every node)\n"),
    ] {
      let outcome = try ExecutableRunner.run(["report", input, "-o", output.path, "--focus-layouts", layouts])
      #expect(outcome.stderr.hasSuffix(said), "\(outcome.stderr)")
    }
    let bad = try ExecutableRunner.run(["report", input, "-o", output.path, "--focus-layouts", "4"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "recoil-inspect: error: invalid value '4' for '--focus-layouts'; expected auto, 1, 2, 3 or all"),
      "\(bad.stderr)")
  }
  @Test func focusLayoutsAllSaysHowManyHubsItShowsInPlace() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A chain of 1,100 selectors: at depth all every node's neighbourhood is the whole chain,
    // more than a report lays out, and more hubs than it draws as overviews of themselves.
    let nodes = (0..<1_100).map { #"{"id":"Chain.n\#($0)","kind":"selector"}"# }
    let edges = (1..<1_100).map { #"{"from":"Chain.n\#($0 - 1)","to":"Chain.n\#($0)"}"# }
    let input = directory.appending(path: "chain.json")
    try Data(
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[\#(nodes.joined(separator: ","))],"edges":[\#(edges.joined(separator: ","))]}"#
        .utf8
    ).write(to: input)
    let output = directory.appending(path: "report.html")
    let outcome = try ExecutableRunner.run(["report", input.path, "-o", output.path, "--focus-layouts", "all"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stderr.hasSuffix(
        "; focus laid out at depths 1, 2, 3, all (but 1100 hubs at all, shown in place), any with --serve)\n"),
      "\(outcome.stderr)")
    // The page holds depth all for none of them, and says why when focus asks.
    let page = try String(contentsOf: output, encoding: .utf8)
    let start = try #require(page.range(of: #"id="report-neighbourhoods">"#)).upperBound
    let plans = try #require(
      try JSONSerialization.jsonObject(with: Data(page[start...].prefix { $0 != "<" }.utf8)) as? [String: Any])
    let all = try #require((plans["depths"] as? [Any])?.last as? [Int])
    #expect(all.count == 1_100 && all.allSatisfy { $0 == -1 })
  }
}
