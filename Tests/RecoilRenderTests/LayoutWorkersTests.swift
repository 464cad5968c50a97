import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// A report's many small layouts shared among processes of the tool: what goes between them
/// reads back as it was written, the work is shared out whole and in order, the workers lay
/// out exactly what this process would, and a worker that fails is reported, its share then
/// laid out here.
struct LayoutWorkersTests {
  /// The built `recoil-inspect`, beside the test bundle.
  static var program: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appending(path: "recoil-inspect")
      }
    #endif
    return Bundle.main.bundleURL.appending(path: "recoil-inspect")
  }

  /// Every depth-1 neighbourhood of `snapshot` as stand-ins, each node 54 by 36 points.
  static func standIns(of snapshot: Snapshot) -> [StandInGraph] {
    let graph = NeighbourhoodGraph(snapshot)
    let homes = NeighbourhoodPlansTests.homes(for: snapshot)
    return snapshot.nodes.indices.compactMap { node in
      graph.neighbourhood(of: node, depth: 1).map {
        NeighbourhoodPlans.standIns($0, of: snapshot, graph: graph, homes: homes, options: RenderOptions())
      }
    }
  }

  /// Where this process's Graphviz puts each of `graphs`.
  static func laidOutHere(_ graphs: [StandInGraph]) throws -> [GraphPlaces] {
    try graphs.map {
      try #require(try Renderer.layOut($0.description, format: nil, places: .nodesAndEdges) { _ in }.places)
    }
  }

  @Test func standInsAndPlacesReadBackAsTheyWereWritten() throws {
    var graph = StandInGraph(attributes: [("rankdir", "LR"), ("nodesep", "0.25")])
    graph.nodes = [
      .init(name: 3, shape: "box", width: "1.2083", height: "0.5"),
      .init(name: 41, shape: "ellipse", width: "2", height: "0.5"),
    ]
    graph.edges = [.init(tail: 3, head: 41, id: 7)]
    var text: [UInt8] = []
    graph.write(to: &text)
    graph.write(to: &text)
    #expect(StandInGraph.graphs(in: text[...]) == [graph, graph])

    var places = GraphPlaces(boundingBox: "0,0,206.5,108".utf8)
    places.nodes["n3"] = .init(centre: .init(x: 27, y: -18.25), width: 87.0, height: 36)
    places.nodes["n41"] = .init(centre: .init(x: 1e-05, y: 123_456.789), width: 144, height: 36)
    places.edges = [
      .init(
        id: "e7", points: [.init(x: 1, y: 2), .init(x: 3, y: 4), .init(x: 5, y: 6), .init(x: 7.5, y: -8)],
        arrowTip: .init(x: 9, y: 10)),
      .init(
        id: "e8", points: [.init(x: 0, y: 0), .init(x: 1, y: 1), .init(x: 2, y: 2), .init(x: 3, y: 3)], arrowTip: nil),
    ]
    var sent: [UInt8] = []
    places.write(to: &sent)
    #expect(GraphPlaces.all(in: sent[...]) == [places])

    // What neither writes is not read: a stray line, a graph without its end, a bad number.
    for bad in ["node 1 box 1 1\n", "graph\nnode 1 box 1 1\n", "graph\nedge 1 x 2\nend\n"] {
      #expect(StandInGraph.graphs(in: Array(bad.utf8)[...]) == nil, "\(bad)")
    }
    for bad in [
      "extent 0 0 1\nend\n", "extent 0 0 1 1\nnode n1 1 2 3\nend\n",
      "extent 0 0 1 1\nedge e1 - 3 1 1 2 2 3 3 4 4\nend\n",
    ] {
      #expect(GraphPlaces.all(in: Array(bad.utf8)[...]) == nil, "\(bad)")
    }
  }

  @Test func workerLinesAreBlocksFromHeaderToEnd() {
    func sizes(_ text: String) -> [[Int]]? {
      WorkerLines.blocks(in: Array(text.utf8)[...], header: "list") { fields in
        fields.count == 1 ? [Int]() : nil
      } line: { sizes, keyword, fields in
        guard keyword == "item", fields.count == 2, let size = Int(String(decoding: fields[1], as: UTF8.self)) else {
          return false
        }
        sizes.append(size)
        return true
      }
    }
    #expect(sizes("list\nitem 3\nitem 4\nend\nlist\nend\n") == [[3, 4], []])
    #expect(sizes("") == [])
    // A header its opener refuses, a line outside a block, a header inside one, no end.
    for bad in ["list x\nend\n", "item 3\n", "end\n", "list\nlist\nend\n", "list\nitem 3\n", "list\nitem x\nend\n"] {
      #expect(sizes(bad) == nil, "\(bad)")
    }
  }

  @Test func theWorkIsSharedOutWholeAndInOrder() {
    let graphs = (0..<10).map { size in
      StandInGraph(
        attributes: [], nodes: (0..<(size % 4 + 1)).map { .init(name: $0, shape: "box", width: "1", height: "1") })
    }
    for count in [1, 2, 3, 8, 20] {
      let shares = LayoutWorkers.shares(of: graphs, count: count)
      #expect(shares.count <= count && !shares.isEmpty)
      #expect(shares.allSatisfy { !$0.isEmpty })
      #expect(shares.flatMap { Array($0) } == Array(graphs.indices), "\(count): \(shares)")
    }
    #expect(LayoutWorkers.shares(of: [], count: 4).isEmpty)
  }

  @Test func workersLayOutExactlyWhatThisProcessWould() throws {
    let graphs = Self.standIns(of: GeneratedAppGraph.make(nodeCount: 600))
    let workers = LayoutWorkers(executable: Self.program, arguments: ["__layout-worker"], count: 3)
    var warnings: [String] = []
    let places = try workers.layOut(graphs) { warnings.append($0) }
    #expect(places.count == graphs.count)
    #expect(places == (try Self.laidOutHere(graphs)))
    #expect(warnings.isEmpty)
  }

  @Test func aWorkerThatFailsIsReportedAndTheReportLaysOutItsShareHere() throws {
    // Enough nodes for more than `LayoutWorkers.fewestLayouts` distinct neighbourhoods.
    let snapshot = GeneratedAppGraph.make(nodeCount: 2_400)
    let graphs = Self.standIns(of: snapshot)
    func shell(_ script: String) -> LayoutWorkers {
      LayoutWorkers(executable: URL(filePath: "/bin/sh"), arguments: ["-c", "cat >/dev/null; " + script], count: 2)
    }
    let failing = shell("echo 'out of luck' >&2; exit 3")
    let cases = [
      (failing, "a layout worker failed (status 3): out of luck"),
      (shell("echo nonsense"), "a layout worker answered what cannot be read"),
      (shell("kill -9 $$"), "a layout worker failed (signal 9)"),
      (
        LayoutWorkers(executable: URL(filePath: "/nonexistent/recoil-inspect"), arguments: [], count: 2),
        "could not start a layout worker (/nonexistent/recoil-inspect)"
      ),
    ]
    for (workers, reason) in cases {
      #expect {
        try workers.layOut(graphs) { _ in }
      } throws: { error in
        "\(error)".contains(reason)
      }
    }

    // A report given failing workers says so and lays out here: the same plans as without
    // (with the same budget: two workers would have had twice the one given).
    let homes = NeighbourhoodPlansTests.homes(for: snapshot)
    var options = RenderOptions(format: .html)
    let here = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: 20_000)
    options.layoutWorkers = failing
    var warnings: [String] = []
    let afterFailing = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: 10_000) {
      warnings.append($0)
    }
    #expect(
      warnings.filter { $0.hasSuffix("out of luck; laying out in this process instead") }.count == 1, "\(warnings)")
    #expect(ReportData.neighbourhoods(afterFailing) == ReportData.neighbourhoods(here))
  }
}
