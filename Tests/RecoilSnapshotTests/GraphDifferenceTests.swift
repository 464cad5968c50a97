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

  /// A selector whose total grew because it ran more often, each run no slower, is said to be
  /// slower in total, and why; one whose every run got slower, in its mean.
  @Test func slowerSaysWhichTimeGrewAndWhy() throws {
    func difference(_ old: SnapshotEvaluations, _ new: SnapshotEvaluations) -> GraphDifference {
      var before = self.before
      var after = self.before
      before.nodes[1].evaluations = old
      after.nodes[1].evaluations = new
      return GraphDifference(from: before, to: after)
    }
    func timing(_ old: SnapshotEvaluations, _ new: SnapshotEvaluations) throws -> GraphDifference.TimingChange {
      try #require(difference(old, new).timings.first)
    }
    // Mean 20 µs -> 15 µs, total 20 µs -> 150 µs: it ran ten times instead of once.
    let oftener = try timing(
      SnapshotEvaluations(count: 1, totalNanos: 20_000), SnapshotEvaluations(count: 10, totalNanos: 150_000))
    #expect(oftener.grew == .total)
    #expect(oftener.description.hasSuffix("(total 7.5×: it ran more often, each run no slower)"))
    // Each run slower, as often: the mean and the total grew alike.
    let slower = try timing(
      SnapshotEvaluations(count: 2, totalNanos: 40_000), SnapshotEvaluations(count: 2, totalNanos: 120_000))
    #expect(slower.grew == .both)
    #expect(slower.description.hasSuffix("(mean and total 3.0×)"))
    // Slower runs, fewer of them: the mean grew, the total did not.
    let fewer = try timing(
      SnapshotEvaluations(count: 10, totalNanos: 200_000), SnapshotEvaluations(count: 2, totalNanos: 200_000))
    #expect(fewer.grew == .mean)
    #expect(fewer.description.hasSuffix("(mean 5.0×)"))
    let json = difference(
      SnapshotEvaluations(count: 1, totalNanos: 20_000), SnapshotEvaluations(count: 10, totalNanos: 150_000)
    ).json()
    #expect(json.contains("\"grew\": \"total\"") || json.contains("\"grew\":\"total\""), "\(json)")
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
