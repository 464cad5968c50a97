import Foundation
import RecoilRender
import RecoilSnapshot
import Testing

/// A large graph is ranked by Graphviz's faster whole-graph ranker, which in Graphviz 2.43
/// fails on some graphs with many store clusters; such a graph must still be drawn.
@Suite struct LargeClusteredGraphTests {
  /// The demo's graph seventy times over, each copy with its own stores and slices: 1,890
  /// nodes, which the whole-graph ranker cannot rank ("trouble in init_rank").
  static func demoCopies(_ count: Int) throws -> Snapshot {
    let demo = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    var copies = demo
    copies.nodes = []
    copies.edges = []
    copies.actions = []
    copies.timeline = []
    for copy in 0..<count {
      let renamed = { (id: String) in "\(id)#\(copy)" }
      for var node in demo.nodes {
        node.id = renamed(node.id)
        node.owner = node.owner.map(renamed)
        copies.nodes.append(node)
      }
      for var edge in demo.edges {
        edge.from = renamed(edge.from)
        edge.to = renamed(edge.to)
        copies.edges.append(edge)
      }
    }
    return copies
  }

  @Test func aGraphTheFastRankerCannotRankIsDrawnWithDotsOwnAndAWarningSaysSo() throws {
    let snapshot = try Self.demoCopies(70)
    var warnings: [String] = []
    let drawing = try Renderer.draw(
      snapshot,
      options: {
        var o = RenderOptions(); o.full = true; return o
      }()
    ) { warnings.append($0) }
    let svg = try TestFixtures.SVG(drawing.bytes)
    #expect(svg.document.rootElement()?.name == "svg")
    #expect(drawing.nodeCount == snapshot.nodes.count)
    #expect(warnings.contains { $0.contains("drawn with dot's own ranker") })
  }
}
