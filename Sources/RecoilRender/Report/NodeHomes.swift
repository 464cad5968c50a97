/// Where the report draws each node: its centre in the drawing that holds it (the page's own
/// SVG, or the inside of the group it is in), in that SVG's coordinates within its graph group,
/// and its size in points, as Graphviz laid it out. A static report's focus draws a
/// neighbourhood from copies of these drawings (see ``NeighbourhoodPlans``).
///
/// ```swift
/// var homes = NodeHomes(nodeCount: snapshot.nodes.count)
/// homes.record(laidOut.places)  // its nodes are named n<index>
/// homes[12]?.width              // in points
/// ```
struct NodeHomes: Sendable {
  struct Home: Sendable, Equatable {
    /// The centre, as the SVG draws it (y downwards).
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  private var homes: [Home?]

  init(nodeCount: Int) {
    homes = Array(repeating: nil, count: nodeCount)
  }

  subscript(node: Int) -> Home? { homes.indices.contains(node) ? homes[node] : nil }

  /// How many nodes the snapshot has, each with a home or none.
  var nodeCount: Int { homes.count }

  /// Records the nodes of one laid-out drawing, named by their places in the snapshot
  /// (`n<index>`); other names (groups, the legend's samples) are not nodes of the snapshot.
  mutating func record(_ places: GraphPlaces?) {
    guard let places else { return }
    for (name, node) in places.nodes {
      guard name.first == "n", let index = Int(name.dropFirst()), homes.indices.contains(index) else { continue }
      homes[index] = Home(x: node.centre.x, y: -node.centre.y, width: node.width, height: node.height)
    }
  }
}
