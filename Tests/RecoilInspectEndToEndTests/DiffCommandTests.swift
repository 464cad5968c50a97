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
      SnapshotNode(id: "a", kind: .atom, valueType: "Double", value: "values are ignored"),
      SnapshotNode(id: "b", kind: .selector, isAsync: true), SnapshotNode(id: "new", kind: .selector),
    ]
    after.edges = [SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "new")]
    let old = try write(before, named: "old.json", in: directory)
    let new = try write(after, named: "new.json", in: directory)
    let outcome = try ExecutableRunner.run(["diff", old, new])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdoutText == """
        + node new (selector)
        - node gone (selector)
        ~ node a: type Int -> Double
        ~ node b: became async
        + edge b -> new
        - edge a -> gone
        1 node(s) added, 1 removed, 2 changed; 1 edge(s) added, 1 removed

        """)
    let strict = try ExecutableRunner.run(["diff", old, new, "--exit-code"])
    #expect(strict.status == 1)
    #expect(strict.stderr.isEmpty)
  }

  @Test func identicalGraphsAreReportedAsUnchanged() throws {
    let fixture = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    let outcome = try ExecutableRunner.run(["diff", fixture, fixture, "--exit-code"])
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText == "no structural changes (25 nodes, 14 edges)\n")
  }

  @Test func badInputsKeepTheirExitCodes() throws {
    let good = ExecutableRunner.fixture("format/cart.snapshot.json")
    #expect(try ExecutableRunner.run(["diff", good]).status == 64)
    #expect(try ExecutableRunner.run(["diff", good, ExecutableRunner.fixture("bad/duplicate-id.json")]).status == 65)
    #expect(try ExecutableRunner.run(["diff", good, "/nonexistent.json"]).status == 66)
  }
}
