import Foundation
import RecoilSnapshot
import Testing

@Suite struct DiffCommandTests {
  func write(_ snapshot: Snapshot, named name: String, in directory: URL) throws -> String {
    let url = directory.appending(path: name)
    try SnapshotCodec.encode(snapshot).write(to: url)
    return url.path
  }

  @Test func listsAddedRemovedAndChangedNodesAndEdges() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = Snapshot(
      nodes: [
        SnapshotNode(id: "a", kind: .atom, valueType: "Int"), SnapshotNode(id: "b", kind: .selector),
        SnapshotNode(id: "gone", kind: .selector),
      ],
      edges: [SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "a", to: "gone")])
    var after = before
    after.nodes = [
      SnapshotNode(id: "a", kind: .atom, valueType: "Double", value: "2.5"),
      SnapshotNode(id: "b", kind: .selector, isAsync: true), SnapshotNode(id: "new", kind: .selector),
    ]
    after.edges = [SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "new")]
    let old = try write(before, named: "old.json", in: directory)
    let new = try write(after, named: "new.json", in: directory)
    let outcome = try ExecutableRunner.run(["diff", old, new])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        ~ value a: ∅ -> 2.5
        + node new (selector)
        - node gone (selector)
        ~ node a: type Int -> Double
        ~ node b: became async
        + edge b -> new
        - edge a -> gone
        1 node(s) added, 1 removed, 2 changed; 1 edge(s) added, 1 removed; 1 value changed, 0 selectors slower

        """)
    let strict = try ExecutableRunner.run(["diff", old, new, "--exit-code"])
    #expect(strict.status == 1)
    #expect(strict.stderr.isEmpty)
  }

  @Test func identicalGraphsAreReportedAsUnchanged() throws {
    let fixture = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    let outcome = try ExecutableRunner.run(["diff", fixture, fixture, "--exit-code"])
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText == "no structural changes (27 nodes, 18 edges); 0 values changed, 0 selectors slower\n")
    // One of each is said so.
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let single = directory.appending(path: "single.json")
    try Data(
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"},{"id":"b","kind":"selector"}],"edges":[{"from":"a","to":"b"}]}"#
        .utf8
    ).write(to: single)
    let one = try ExecutableRunner.run(["diff", single.path, single.path])
    #expect(one.stdoutText == "no structural changes (2 nodes, 1 edge); 0 values changed, 0 selectors slower\n")
  }

  @Test func valuesAndSlowerSelectorsAreComparedAndPrintedAsJSON() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func stats(_ count: Int, _ total: Int) -> SnapshotEvaluations {
      SnapshotEvaluations(count: count, totalNanos: total)
    }
    let before = Snapshot(nodes: [
      SnapshotNode(id: "slow", kind: .selector, evaluations: stats(10, 100_000)),
      SnapshotNode(id: "tiny", kind: .selector, evaluations: stats(10, 1_000)),
      SnapshotNode(id: "steady", kind: .selector, value: "1", evaluations: stats(10, 100_000)),
    ])
    var after = before
    after.nodes[0].evaluations = stats(10, 200_000)  // 2x and 100 µs more: slower
    after.nodes[1].evaluations = stats(10, 9_000)  // 9x but only 8 µs more: noise
    after.nodes[2].evaluations = stats(10, 140_000)  // 1.4x: under the factor
    after.nodes[2].value = "2"
    let old = try write(before, named: "old.json", in: directory)
    let new = try write(after, named: "new.json", in: directory)
    let outcome = try ExecutableRunner.run(["diff", old, new, "--format", "json", "--exit-code"])
    #expect(outcome.status == 0)  // the structure is the same
    let json = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    let timings = try #require(json["timings"] as? [[String: Any]])
    #expect(timings.compactMap { $0["id"] as? String } == ["slow"])
    #expect(timings.first?["ratio"] as? Double == 2)
    let values = try #require(json["values"] as? [[String: Any]])
    #expect(values.first?["id"] as? String == "steady")
    #expect(values.first?["after"] as? String == "2")
    let nodes = try #require(json["nodes"] as? [String: Any])
    #expect((nodes["added"] as? [Any])?.isEmpty == true)
    // A stricter factor catches the 1.4x one too.
    let strict = try ExecutableRunner.run(["diff", old, new, "--slower", "1.3"])
    #expect(strict.stdoutText.contains("slower steady: "))
    #expect(try ExecutableRunner.run(["diff", old, new, "--slower", "0.5"]).status == 64)
  }

  @Test func badInputsKeepTheirExitCodes() throws {
    let good = ExecutableRunner.fixture("format/cart.snapshot.json")
    #expect(try ExecutableRunner.run(["diff", good]).status == 64)
    #expect(try ExecutableRunner.run(["diff", good, ExecutableRunner.fixture("bad/duplicate-id.json")]).status == 65)
    #expect(try ExecutableRunner.run(["diff", good, "/nonexistent.json"]).status == 66)
  }

  @Test func theDifferenceIsDrawnWithAClassOnEveryMarkedNodeAndEdge() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = Snapshot(
      nodes: [
        SnapshotNode(id: "kept", kind: .atom, value: "1"), SnapshotNode(id: "gone", kind: .selector),
        SnapshotNode(id: "hot", kind: .selector, evaluations: SnapshotEvaluations(count: 1, totalNanos: 10_000)),
      ],
      edges: [SnapshotEdge(from: "kept", to: "gone"), SnapshotEdge(from: "kept", to: "hot")])
    var after = before
    after.nodes[0].value = "2"
    after.nodes[2].evaluations = SnapshotEvaluations(count: 1, totalNanos: 90_000)
    after.nodes.remove(at: 1)
    after.nodes.append(SnapshotNode(id: "new", kind: .selector))
    after.edges = [SnapshotEdge(from: "kept", to: "hot"), SnapshotEdge(from: "hot", to: "new")]
    let old = try write(before, named: "old.json", in: directory)
    let new = try write(after, named: "new.json", in: directory)
    let picture = directory.appending(path: "diff.svg")
    let outcome = try ExecutableRunner.run(["diff", old, new, "-o", picture.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let svg = try String(contentsOf: picture, encoding: .utf8)
    for expected in [
      "class=\"node atom changed\"", "class=\"node selector removed\"", "class=\"node selector slower\"",
      "class=\"node selector added\"", "class=\"edge added\"", "class=\"edge removed\"",
      "class=\"node legend added\"",
    ] {
      #expect(svg.contains(expected), "missing \(expected)")
    }
    #expect(try ExecutableRunner.run(["diff", old, new, "-o", directory.appending(path: "d.txt").path]).status == 64)
  }
}
