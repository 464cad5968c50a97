/// A graph whose nodes stand in for drawn ones: only a shape and a size each, no label, as a
/// neighbourhood's layout needs (see ``NeighbourhoodPlans``). It has a text form, one line a
/// node or edge (``write(to:)``), for the layout workers that lay out many in other processes
/// (see ``LayoutWorkers``).
///
/// ```swift
/// var graph = StandInGraph(attributes: [("rankdir", "TB")])
/// graph.nodes = [.init(name: 3, shape: "box", width: "0.75", height: "0.5"), .init(name: 9, shape: "ellipse", width: "1", height: "0.5")]
/// graph.edges = [.init(tail: 3, head: 9, id: 14)]
/// let places = try graph.places { print("Graphviz: \($0)") }
/// places.nodes["n3"]  // where Graphviz put node 3
/// ```
struct StandInGraph: Sendable, Equatable {
  /// A node `n<name>` of `shape`, `width` by `height` inches, as Graphviz reads them.
  struct Node: Sendable, Equatable {
    var name: Int
    var shape: String
    var width: String
    var height: String
  }

  /// An edge from `n<tail>` to `n<head>`, with SVG id `e<id>`.
  struct Edge: Sendable, Equatable {
    var tail: Int
    var head: Int
    var id: Int
  }

  /// Graph attributes (direction and spacing): names and values without spaces.
  var attributes: [(String, String)]
  var nodes: [Node] = []
  var edges: [Edge] = []

  static func == (left: StandInGraph, right: StandInGraph) -> Bool {
    left.attributes.elementsEqual(right.attributes, by: ==) && left.nodes == right.nodes && left.edges == right.edges
  }

  /// What Graphviz lays out: each node at its size (`fixedsize`) and without a label.
  var description: GraphDescription {
    var description = GraphDescription()
    description.graphAttributes = attributes
    description.nodeDefaults = [("fixedsize", "true"), ("label", "")]
    description.nodes = nodes.map {
      GraphDescription.Node(
        name: "n\($0.name)", attributes: [("shape", $0.shape), ("width", $0.width), ("height", $0.height)],
        htmlLabel: "")
    }
    description.edges = edges.map {
      GraphDescription.Edge(tail: "n\($0.tail)", head: "n\($0.head)", attributes: [("id", "e\($0.id)")])
    }
    return description
  }

  /// Where Graphviz puts the nodes and edges, laid out in this process; its warnings go to
  /// `warning`.
  ///
  /// - Throws: ``RenderError/graphviz(_:)`` when Graphviz fails.
  func places(warning: (String) -> Void) throws(RenderError) -> GraphPlaces {
    let laidOut = try Renderer.layOut(description, format: nil, places: .nodesAndEdges, warning: warning)
    laidOut.warnings.forEach(warning)
    guard let places = laidOut.places else { throw .graphviz("Graphviz gave no places for a graph") }
    return places
  }

  // MARK: - Text form

  /// Appends the graph as lines to `text`: `graph name=value…`, then
  /// `node <name> <shape> <width> <height>` and `edge <tail> <head> <id>` for each, then `end`.
  func write(to text: inout [UInt8]) {
    text.append(contentsOf: "graph".utf8)
    for (name, value) in attributes {
      text.append(UInt8(ascii: " "))
      text.append(contentsOf: name.utf8)
      text.append(UInt8(ascii: "="))
      text.append(contentsOf: value.utf8)
    }
    text.append(UInt8(ascii: "\n"))
    for node in nodes {
      text.append(contentsOf: "node ".utf8)
      for field in [String(node.name), node.shape, node.width, node.height] {
        text.append(contentsOf: field.utf8)
        text.append(UInt8(ascii: " "))
      }
      text[text.count - 1] = UInt8(ascii: "\n")
    }
    for edge in edges {
      text.append(contentsOf: "edge \(edge.tail) \(edge.head) \(edge.id)\n".utf8)
    }
    text.append(contentsOf: "end\n".utf8)
  }

  /// Every graph in `text` (written by ``write(to:)``, one after another), or `nil` when a
  /// line is not one it writes.
  static func graphs(in text: ArraySlice<UInt8>) -> [StandInGraph]? {
    func number(_ field: ArraySlice<UInt8>) -> Int? {
      guard !field.isEmpty, field.count <= 18, field.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      else { return nil }
      return field.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    func string(_ field: ArraySlice<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
    return WorkerLines.blocks(in: text, header: "graph") { fields in
      var attributes: [(String, String)] = []
      for field in fields.dropFirst() {
        let parts = field.split(separator: UInt8(ascii: "="), maxSplits: 1)
        guard parts.count == 2 else { return nil }
        attributes.append((string(parts[0]), string(parts[1])))
      }
      return StandInGraph(attributes: attributes)
    } line: { graph, keyword, fields in
      switch keyword {
      case "node":
        guard fields.count == 5, let name = number(fields[1]) else { return false }
        graph.nodes.append(
          Node(name: name, shape: string(fields[2]), width: string(fields[3]), height: string(fields[4])))
      case "edge":
        guard fields.count == 4, let tail = number(fields[1]), let head = number(fields[2]), let id = number(fields[3])
        else { return false }
        graph.edges.append(Edge(tail: tail, head: head, id: id))
      default:
        return false
      }
      return true
    }
  }
}
