extension GraphPlaces {
  /// Appends the places as lines to `text`, as a layout worker sends them back (see
  /// ``LayoutWorkers``): `extent <x> <y> <x> <y>`, then `node <name> <x> <y> <width> <height>`
  /// and `edge <id> <tip x> <tip y> <x> <y>…` (`- -` for no tip), then `end`. Numbers are
  /// written in full (Swift's shortest form that reads back the same), so nothing is lost.
  ///
  /// ```swift
  /// var sent: [UInt8] = []
  /// places.write(to: &sent)
  /// GraphPlaces.all(in: sent[...]) == [places]  // true
  /// ```
  func write(to text: inout [UInt8]) {
    func append(_ numbers: Double...) {
      for number in numbers {
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: number.description.utf8)
      }
    }
    text.append(contentsOf: "extent".utf8)
    append(minimum.x, minimum.y, maximum.x, maximum.y)
    text.append(UInt8(ascii: "\n"))
    for (name, node) in nodes.sorted(by: { $0.key < $1.key }) {
      text.append(contentsOf: "node \(name)".utf8)
      append(node.centre.x, node.centre.y, node.width, node.height)
      text.append(UInt8(ascii: "\n"))
    }
    for edge in edges {
      text.append(contentsOf: "edge \(edge.id)".utf8)
      if let tip = edge.arrowTip { append(tip.x, tip.y) } else { text.append(contentsOf: " - -".utf8) }
      for point in edge.points { append(point.x, point.y) }
      text.append(UInt8(ascii: "\n"))
    }
    text.append(contentsOf: "end\n".utf8)
  }

  /// Every set of places in `text` (written by ``write(to:)``, one after another), or `nil`
  /// when a line is not one it writes.
  static func all(in text: ArraySlice<UInt8>) -> [GraphPlaces]? {
    WorkerLines.blocks(in: text, header: "extent") { fields in
      let extent = numbers(fields.dropFirst())
      guard extent.count == 4, let minX = extent[0], let minY = extent[1], let maxX = extent[2], let maxY = extent[3]
      else { return nil }
      var places = GraphPlaces(boundingBox: [UInt8]())
      places.minimum = Point(x: minX, y: minY)
      places.maximum = Point(x: maxX, y: maxY)
      return places
    } line: { places, keyword, fields in
      guard fields.count >= 2 else { return false }
      let name = String(decoding: fields[1], as: UTF8.self)
      // Every field after the keyword and the name is a number, but for a missing tip.
      let numbers = numbers(fields.dropFirst(2))
      switch keyword {
      case "node":
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
          let height = numbers[3]
        else { return false }
        places.nodes[name] = Node(centre: Point(x: x, y: y), width: width, height: height)
      case "edge":
        guard numbers.count >= 2, numbers.count % 2 == 0, numbers.dropFirst(2).allSatisfy({ $0 != nil }) else {
          return false
        }
        let tip = numbers[0].flatMap { x in numbers[1].map { Point(x: x, y: $0) } }
        guard tip != nil || (numbers[0] == nil && numbers[1] == nil) else { return false }
        let points = stride(from: 2, to: numbers.count, by: 2).map { Point(x: numbers[$0]!, y: numbers[$0 + 1]!) }
        places.edges.append(Edge(id: name, points: points, arrowTip: tip))
      default:
        return false
      }
      return true
    }
  }

  /// The fields as numbers: `nil` for `-` (a missing tip) and for what is not a number.
  private static func numbers(_ fields: ArraySlice<ArraySlice<UInt8>>) -> [Double?] {
    fields.map { $0 == [UInt8(ascii: "-")] ? nil : decimal($0) }
  }
}
