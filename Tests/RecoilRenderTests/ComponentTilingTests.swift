import Testing

@testable import RecoilRender

@Suite struct ComponentTilingTests {
  private func node(_ name: String) -> GraphDescription.Node {
    GraphDescription.Node(name: name, attributes: [], htmlLabel: name)
  }

  private func edge(_ tail: String, _ head: String) -> GraphDescription.Edge {
    GraphDescription.Edge(tail: tail, head: head, attributes: [])
  }

  @Test func partsFollowEdgesAndClustersAndRankByLongestPath() {
    var description = GraphDescription()
    description.nodes = ["a", "b", "c", "d", "e", "f"].map(node)
    description.edges = [edge("a", "b"), edge("b", "c"), edge("a", "c")]
    // d and e share a cluster, so they are one part though no edge joins them.
    description.clusters = [
      GraphDescription.Cluster(name: "cluster_0", attributes: [], htmlLabel: "", nodeNames: ["d", "e"], clusters: [])
    ]
    let parts = ComponentTiling.parts(of: description)
    #expect(parts.map { Set($0.nodes) } == [["a", "b", "c"], ["d", "e"], ["f"]])
    #expect(parts[0].rankOfNode == ["a": 0, "b": 1, "c": 2])
    #expect(parts[0].height == 3)
    #expect(parts[1].width == 2)
  }

  @Test func manyFlatPartsAreStackedIntoSeveralColumns() {
    var description = GraphDescription()
    for index in 0..<12 {
      description.nodes += [node("a\(index)"), node("s\(index)")]
      description.edges.append(edge("a\(index)", "s\(index)"))
    }
    let columns = ComponentTiling.bestColumns(for: ComponentTiling.parts(of: description))
    #expect(columns.count > 1 && columns.count < 12)
    #expect(columns.flatMap { $0 }.sorted() == Array(0..<12))
    ComponentTiling.tile(&description)
    let invisible = description.edges.filter { $0.attributes.contains { $0 == ("style", "invis") } }
    #expect(invisible.count == 12 - columns.count)
  }

  @Test func oneConnectedGraphIsLeftAlone() {
    var description = GraphDescription()
    description.nodes = ["a", "b"].map(node)
    description.edges = [edge("a", "b")]
    ComponentTiling.tile(&description)
    #expect(description.edges.count == 1)
  }
}
