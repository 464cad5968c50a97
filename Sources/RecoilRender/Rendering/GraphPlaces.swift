/// Where Graphviz put a laid-out graph's nodes and edges, read from the attributes it writes
/// (`bb`, a node's `pos`, `width` and `height`, an edge's `pos`), in points with y upwards, as
/// Graphviz lays out. Its SVG draws a point (x, y) at (x, -y) inside the drawing's graph group.
///
/// ```swift
/// var places = GraphPlaces(boundingBox: "0,0,206,108".utf8)
/// places.addNode("n0", position: "99,86".utf8, width: "0.75".utf8, height: "0.5".utf8)
/// places.nodes["n0"]?.centre  // (99, 86); width 54 and height 36 points
/// ```
struct GraphPlaces: Sendable, Equatable {
  /// What to read: a drawing's nodes only, or its edges' curves too.
  enum Scope: Sendable {
    case nodes
    case nodesAndEdges
  }

  struct Point: Sendable, Equatable {
    var x: Double
    var y: Double
  }

  struct Node: Sendable, Equatable {
    var centre: Point
    /// In points.
    var width: Double
    var height: Double
  }

  /// An edge's curve: cubic Bézier pieces (`points` is 1 + 3k long) from its tail's side to
  /// where its arrowhead starts, and the arrowhead's tip (none without an arrowhead).
  struct Edge: Sendable, Equatable {
    var id: String
    var points: [Point]
    var arrowTip: Point?
  }

  /// The drawing's extent: lowest and highest corners.
  var minimum = Point(x: 0, y: 0)
  var maximum = Point(x: 0, y: 0)
  var nodes: [String: Node] = [:]
  var edges: [Edge] = []

  /// Places with the graph's `bb` attribute (`llx,lly,urx,ury`); a missing or malformed one
  /// leaves the extent empty.
  init(boundingBox: some Collection<UInt8>) {
    let numbers = Self.numbers(in: boundingBox)
    if numbers.count == 4 {
      minimum = Point(x: numbers[0], y: numbers[1])
      maximum = Point(x: numbers[2], y: numbers[3])
    }
  }

  /// Adds a node from its `pos` (`x,y`, a pinned one ends in `!`) and its `width` and
  /// `height` (inches); a node without a readable place is left out.
  mutating func addNode(
    _ name: String, position: some Collection<UInt8>, width: some Collection<UInt8>, height: some Collection<UInt8>
  ) {
    let centre = Self.numbers(in: position)
    let (width, height) = (Self.numbers(in: width), Self.numbers(in: height))
    guard centre.count == 2, width.count == 1, height.count == 1 else { return }
    nodes[name] = Node(centre: Point(x: centre[0], y: centre[1]), width: width[0] * 72, height: height[0] * 72)
  }

  /// Adds an edge from its `id` and `pos`: `e,x,y` (the arrowhead's tip) and `s,x,y` (a tail
  /// arrow's) before the curve's points, all separated by spaces; of an edge drawn as several
  /// curves (`;` between them) the first is kept, and one without a whole curve is left out.
  mutating func addEdge(_ id: String, position: some Collection<UInt8>) {
    let curve = position.prefix { $0 != UInt8(ascii: ";") }
    var points: [Point] = []
    var tip: Point?
    for item in curve.split(separator: UInt8(ascii: " ")) {
      let marker = item.first.flatMap { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "s") ? $0 : nil }
      let numbers = Self.numbers(in: marker == nil ? item : item.dropFirst(2))
      guard numbers.count == 2 else { return }
      let point = Point(x: numbers[0], y: numbers[1])
      if marker == nil {
        points.append(point)
      } else if marker == UInt8(ascii: "e") {
        tip = point
      }
    }
    guard points.count >= 4, (points.count - 1) % 3 == 0 else { return }
    edges.append(Edge(id: id, points: points, arrowTip: tip))
  }

  /// The decimal numbers in `text` (`-12.5`, `3e2`), split at anything else; a malformed one
  /// (`1.2.3`) makes the whole unreadable (empty). Read by hand: Graphviz writes thousands
  /// of them for a report, and a `String` for each would cost more than the layout.
  static func numbers(in text: some Collection<UInt8>) -> [Double] {
    var numbers: [Double] = []
    var token: [UInt8] = []
    func finish() -> Bool {
      defer { token.removeAll(keepingCapacity: true) }
      guard !token.isEmpty else { return true }
      guard let number = decimal(token) else { return false }
      numbers.append(number)
      return true
    }
    for byte in text {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        token.append(byte)
      default:
        guard finish() else { return [] }
      }
    }
    guard finish() else { return [] }
    return numbers
  }

  /// `[-]digits[.digits]`, or anything else `Double` reads (exponents).
  static func decimal(_ token: some Collection<UInt8>) -> Double? {
    var value = 0.0
    var scale = 1.0
    var digits = 0
    var seenPoint = false
    for (offset, byte) in token.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = value * 10 + Double(byte - UInt8(ascii: "0"))
        if seenPoint { scale *= 10 }
        digits += 1
      case UInt8(ascii: ".") where !seenPoint:
        seenPoint = true
      case UInt8(ascii: "-") where offset == 0:
        continue
      default:
        return Double(String(decoding: token, as: UTF8.self))
      }
    }
    guard digits > 0, digits <= 15 else { return digits > 0 ? Double(String(decoding: token, as: UTF8.self)) : nil }
    return (token.first == UInt8(ascii: "-") ? -value : value) / scale
  }
}
