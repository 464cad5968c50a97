import Foundation
import Testing

@testable import RecoilSnapshot

@Suite struct GraphDifferenceTests {
  let before = Snapshot(
    nodes: [
      SnapshotNode(id: "a", kind: .atom, valueType: "Int", value: "1"),
      SnapshotNode(
        id: "s", kind: .selector, valueType: "Int", value: "2",
        evaluations: SnapshotEvaluations(count: 10, totalNanos: 100_000)),
      SnapshotNode(id: "gone", kind: .atom),
    ],
    edges: [SnapshotEdge(from: "a", to: "s"), SnapshotEdge(from: "gone", to: "s")])

  @Test func identicalSnapshotsHaveNoDifference() {
    let difference = GraphDifference(from: before, to: before)
    #expect(difference.isEmpty)
    #expect(difference.values.isEmpty)
    #expect(difference.timings.isEmpty)
  }

  @Test func structureValuesAndTimingsAreComparedApart() {
    var after = before
    after.nodes.removeAll { $0.id == "gone" }
    after.edges.removeAll { $0.from == "gone" }
    after.nodes.append(SnapshotNode(id: "new", kind: .selector, isAsync: true))
    after.edges.append(SnapshotEdge(from: "new", to: "s"))
    after.nodes[0].value = "5"
    after.nodes[0].valueType = "Int64"
    after.nodes[1].evaluations = SnapshotEvaluations(count: 10, totalNanos: 300_000)
    let difference = GraphDifference(from: before, to: after)
    #expect(!difference.isEmpty)
    #expect(difference.addedNodes.map(\.id) == ["new"])
    #expect(difference.removedNodes.map(\.id) == ["gone"])
    #expect(difference.changedNodes.map(\.description) == ["type Int -> Int64"])
    #expect(difference.addedEdges == [SnapshotEdge(from: "new", to: "s")])
    #expect(difference.removedEdges == [SnapshotEdge(from: "gone", to: "s")])
    #expect(difference.values.map(\.id) == ["a"])
    #expect(difference.values.first?.before == "1")
    #expect(difference.values.first?.after == "5")
    #expect(difference.timings.map(\.id) == ["s"])
    #expect(difference.timings.first?.ratio == 3)
  }

  @Test func slowerNeedsTheFactorAndTenMicrosecondsMore() {
    let old = SnapshotEvaluations(count: 1, totalNanos: 1_000)
    // Ten times slower but only 9 µs more: noise, not a slowdown.
    #expect(GraphDifference.slowdown(old, SnapshotEvaluations(count: 1, totalNanos: 10_000), 1.5) == nil)
    #expect(GraphDifference.slowdown(old, SnapshotEvaluations(count: 1, totalNanos: 11_000), 1.5) == 11)
    // 10 µs more but below the factor.
    let slow = SnapshotEvaluations(count: 1, totalNanos: 100_000)
    #expect(GraphDifference.slowdown(slow, SnapshotEvaluations(count: 1, totalNanos: 110_000), 1.5) == nil)
    #expect(GraphDifference.slowdown(slow, SnapshotEvaluations(count: 1, totalNanos: 110_000), 1.1) == 1.1)
  }

  @Test func theJSONShapeHasStableKeys() throws {
    var after = before
    after.nodes[0].value = "9"
    let json = try JSONSerialization.jsonObject(with: Data(GraphDifference(from: before, to: after).json().utf8))
    let object = try #require(json as? [String: Any])
    #expect(Set(object.keys) == ["nodes", "edges", "values", "timings"])
    #expect(Set((object["nodes"] as? [String: Any])?.keys ?? [:].keys) == ["added", "removed", "changed"])
    let values = try #require(object["values"] as? [[String: Any]])
    #expect(values.first?["id"] as? String == "a")
    #expect(values.first?["after"] as? String == "9")
  }
}
