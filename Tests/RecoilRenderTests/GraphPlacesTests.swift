import Testing

@testable import RecoilRender

/// Reading where Graphviz put things from the attributes it writes.
struct GraphPlacesTests {
  @Test func nodesAndTheExtentAreReadInPoints() {
    var places = GraphPlaces(boundingBox: "0,0,206,108".utf8)
    #expect(places.minimum == .init(x: 0, y: 0) && places.maximum == .init(x: 206, y: 108))
    places.addNode("n0", position: "99,86".utf8, width: "0.75".utf8, height: "0.5".utf8)
    places.addNode("pinned", position: "-12.5,3e2!".utf8, width: "1".utf8, height: "1".utf8)
    #expect(places.nodes["n0"] == .init(centre: .init(x: 99, y: 86), width: 54, height: 36))
    #expect(places.nodes["pinned"]?.centre == .init(x: -12.5, y: 300))
    // Unreadable ones are left out rather than put at the origin.
    places.addNode("none", position: "".utf8, width: "0.75".utf8, height: "0.5".utf8)
    places.addNode("bad", position: "1.2.3,4".utf8, width: "0.75".utf8, height: "0.5".utf8)
    places.addNode("wide", position: "1,2".utf8, width: "wide".utf8, height: "0.5".utf8)
    #expect(places.nodes.count == 2)
    #expect(GraphPlaces(boundingBox: "".utf8).maximum == .init(x: 0, y: 0))
  }

  @Test func anEdgeIsItsCurveAndItsArrowheadsTip() {
    var places = GraphPlaces(boundingBox: "0,0,10,10".utf8)
    places.addEdge("e3", position: "e,99,36.45 99,67.66 99,60.29 99,51.57 99,43.55".utf8)
    places.addEdge("e4", position: "s,1,2 e,9,9 1,1 2,2 3,3 4,4 5,5 6,6 7,7".utf8)
    places.addEdge("e5", position: "1,1 2,2 3,3 4,4;9,9 8,8 7,7 6,6".utf8)
    // Not a curve of whole cubic pieces, or not numbers: left out.
    places.addEdge("e6", position: "1,1 2,2 3,3".utf8)
    places.addEdge("e7", position: "e,1,1 x,2 3,3 4,4 5,5".utf8)
    #expect(places.edges.map(\.id) == ["e3", "e4", "e5"])
    #expect(places.edges[0].arrowTip == .init(x: 99, y: 36.45))
    #expect(
      places.edges[0].points == [
        .init(x: 99, y: 67.66), .init(x: 99, y: 60.29), .init(x: 99, y: 51.57), .init(x: 99, y: 43.55),
      ])
    #expect(places.edges[1].points.count == 7 && places.edges[1].arrowTip == .init(x: 9, y: 9))
    #expect(places.edges[2].arrowTip == nil && places.edges[2].points.last == .init(x: 4, y: 4))
  }

  @Test func numbersAreReadAsDoubleReadsThem() {
    for text in ["0", "-0.5", "12.25", "99.99999", "3e2", "-1.5E-3", "123456789012.5", "0.1"] {
      #expect(GraphPlaces.numbers(in: text.utf8) == [Double(text)!], "\(text)")
    }
    #expect(GraphPlaces.numbers(in: "1,2 3!".utf8) == [1, 2, 3])
    #expect(GraphPlaces.numbers(in: "--1".utf8) == [])
    #expect(GraphPlaces.numbers(in: "-".utf8) == [])
  }
}
