import Testing

@testable import RecoilSnapshot

@Suite struct SnapshotAnalysisTests {
  private func graph(_ edges: [(String, String)], nodes: [String]) -> Snapshot {
    Snapshot(
      nodes: nodes.map { SnapshotNode(id: $0, kind: .selector) },
      edges: edges.map { SnapshotEdge(from: $0.0, to: $0.1) })
  }

  @Test func cyclesAreStronglyConnectedSetsAndSelfLoops() {
    let snapshot = graph(
      [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d"), ("f", "f"), ("g", "h")],
      nodes: ["a", "b", "c", "d", "e", "f", "g", "h"])
    #expect(snapshot.cycles() == [["a", "b", "c"], ["d", "e"], ["f"]])
    #expect(graph([("a", "b")], nodes: ["a", "b"]).cycles().isEmpty)
  }

  @Test func aLongChainIsCheckedWithoutDeepRecursion() {
    let count = 200_000
    let ids = (0..<count).map { "n\($0)" }
    var edges = zip(ids, ids.dropFirst()).map { ($0, $1) }
    edges.append((ids[count - 1], ids[0]))
    #expect(graph(edges, nodes: ids).cycles().first?.count == count)
  }

  @Test func aChangeConcernsItsPathItsAncestorsAndItsDescendants() {
    func change(_ path: String) -> SnapshotChange { SnapshotChange(path: path, before: nil, after: "x") }
    #expect(change("lines[1]").concerns(path: "lines[1].quantity"))
    #expect(change("lines[1].quantity").concerns(path: "lines[1]"))
    #expect(change("lines").concerns(path: "lines[1].quantity"))
    #expect(change("user.name").concerns(path: "user.name"))
    #expect(!change("linesTotal").concerns(path: "lines"))
    #expect(!change("lines[10]").concerns(path: "lines[1]"))
    #expect(!change("user.name").concerns(path: "user.nickname"))
  }
}

@Suite struct SnapshotReachTests {
  // a -> b -> c -> d, and a -> c: c is one hop from a's direct dependents by two routes.
  private let snapshot = Snapshot(
    nodes: ["a", "b", "c", "d", "x"].map { SnapshotNode(id: $0, kind: .selector) },
    edges: [("a", "b"), ("b", "c"), ("a", "c"), ("c", "d")].map { SnapshotEdge(from: $0.0, to: $0.1) })

  @Test func dependentsAreAtTheirShortestDistance() {
    #expect(
      snapshot.dependents(of: "a")
        == [.init(id: "b", depth: 1), .init(id: "c", depth: 1), .init(id: "d", depth: 2)])
    #expect(snapshot.dependents(of: "a", maximumDepth: 1).map(\.id) == ["b", "c"])
    #expect(snapshot.dependents(of: "x").isEmpty)
  }

  @Test func dependenciesFollowEdgesBackwards() {
    #expect(
      snapshot.dependencies(of: "d")
        == [.init(id: "c", depth: 1), .init(id: "a", depth: 2), .init(id: "b", depth: 2)])
  }
}
