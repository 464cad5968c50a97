import Testing

@testable import RecoilRender

/// The checks made before Graphviz's dot is called, on descriptions past its measured limits.
@Suite struct LayoutLimitsTests {
  private func chain(_ count: Int, closed: Bool = false) -> GraphDescription {
    var description = GraphDescription()
    description.nodes = (0..<count).map { .init(name: "n\($0)", attributes: [], htmlLabel: "") }
    description.edges = (0..<(count - 1)).map { .init(tail: "n\($0)", head: "n\($0 + 1)", attributes: []) }
    if closed { description.edges.append(.init(tail: "n\(count - 1)", head: "n0", attributes: [])) }
    return description
  }

  @Test func chainsPastDotsRankLimitGoElsewhere() {
    #expect(
      LayoutLimits.reasonDotCannotLayOut(chain(LayoutLimits.longestChain))
        == "the graph has 30000 nodes to draw, more than dot lays out in reasonable time (10000)")
    #expect(
      LayoutLimits.reasonDotCannotLayOut(chain(LayoutLimits.longestChain + 1))
        == "the graph's longest chain has 30001 nodes, more than dot lays out (30000)")
  }

  @Test func graphsPastDotsPracticalSizeGoElsewhere() {
    #expect(LayoutLimits.reasonDotCannotLayOut(chain(LayoutLimits.mostNodes)) == nil)
    #expect(
      LayoutLimits.reasonDotCannotLayOut(chain(LayoutLimits.mostNodes + 1))
        == "the graph has 10001 nodes to draw, more than dot lays out in reasonable time (10000)")
  }

  @Test func largeCyclesGoElsewhereAndSmallOnesStay() {
    #expect(LayoutLimits.reasonDotCannotLayOut(chain(LayoutLimits.largestCycle, closed: true)) == nil)
    #expect(
      LayoutLimits.reasonDotCannotLayOut(chain(1_000, closed: true))?.hasPrefix("the graph has 1000 nodes in cycles")
        == true)
    // A long chain of small cycles counts each cycle as one step of the chain.
    var pairs = chain(40_000)
    for index in stride(from: 0, to: 40_000, by: 2) {
      pairs.edges.append(.init(tail: "n\(index + 1)", head: "n\(index)", attributes: []))
    }
    #expect(
      LayoutLimits.reasonDotCannotLayOut(pairs)
        == "the graph's longest chain has 40000 nodes, more than dot lays out (30000)")
  }
}
