import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The neighbourhoods the report's focus shows laid out on their own: the sets the page's
/// selection marks, each laid out once, within a budget; the live report lays out any on demand.
struct NeighbourhoodLayoutsTests {
  @Test func eachNeighbourhoodIsWhatTheSelectionMarksLaidOutOnItsOwn() throws {
    let snapshot = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    let layouts = try NeighbourhoodLayouts.make(for: snapshot, options: RenderOptions(format: .html))
    // A small graph: every node at every depth.
    #expect(layouts.drawingOfNode.count == snapshot.nodes.count)
    let index = try #require(snapshot.nodes.firstIndex { $0.id == "Catalog.visibleProducts" })
    let drawings = try #require(layouts.drawingOfNode[index])
    #expect(drawings.allSatisfy { $0 >= 0 })
    for (position, depth) in NeighbourhoodLayouts.depths.enumerated() {
      let expected = Set(
        ["Catalog.visibleProducts"]
          + snapshot.dependencies(of: "Catalog.visibleProducts", maximumDepth: depth).map(\.id)
          + snapshot.dependents(of: "Catalog.visibleProducts", maximumDepth: depth).map(\.id))
      let drawing = layouts.drawings[drawings[position]]
      #expect(Set(drawing.nodes.map { snapshot.nodes[$0].id }) == expected, "depth \(String(describing: depth))")
      // Its SVG draws those nodes, named by their places in the snapshot, and nothing else.
      let svg = String(decoding: drawing.svg, as: UTF8.self)
      let drawn = svg.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) }
      #expect(Set(drawn) == expected)
      for node in drawing.nodes { #expect(svg.contains(#"<g id="n\#(node)" data-node-id="#)) }
    }
    // The same set at two depths (nothing further away) is laid out once.
    let sets = layouts.drawings.map(\.nodes)
    #expect(Set(sets).count == sets.count)
  }

  @Test func aLargeGraphStaysWithinTheBudgetAndTheLiveReportLaysOutOnDemand() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    let layouts = try NeighbourhoodLayouts.make(for: snapshot, options: RenderOptions(format: .html))
    let spent = layouts.drawings.reduce(0) { $0 + $1.nodes.count }
    #expect(spent <= NeighbourhoodLayouts.budget)
    #expect(spent > NeighbourhoodLayouts.budget - NeighbourhoodLayouts.largest)
    #expect(layouts.drawings.allSatisfy { $0.nodes.count <= NeighbourhoodLayouts.largest })

    let live = LiveReport(title: "live")
    _ = try live.page(for: snapshot, shape: 4)
    let last = snapshot.nodes.count - 1
    let svg = String(decoding: try #require(try live.neighbourhood(of: last, depth: 1, shape: 4)), as: UTF8.self)
    let expected = Set(
      [snapshot.nodes[last].id] + snapshot.dependencies(of: snapshot.nodes[last].id, maximumDepth: 1).map(\.id)
        + snapshot.dependents(of: snapshot.nodes[last].id, maximumDepth: 1).map(\.id))
    #expect(Set(svg.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) }) == expected)
    let laidOut = live.layouts
    _ = try live.neighbourhood(of: last, depth: 1, shape: 4)
    #expect(live.layouts == laidOut)
    #expect(try live.neighbourhood(of: last, depth: 1, shape: 5) == nil)
    #expect(try live.neighbourhood(of: snapshot.nodes.count, depth: 1, shape: 4) == nil)
  }
}
