import RecoilSnapshot

/// Prepares Graphviz's SVG for inlining in the report: drops the XML prolog and doctype, which
/// HTML does not take, and gives each node's group a `data-node-id` attribute holding the node's
/// exact id, the stable hook for scripts and tests.
///
/// Graphviz writes a node's group as `<g id="n12" class="node …">`, where `n12` is the node's
/// index in the snapshot (ids never become Graphviz names: they may hold any text).
///
/// ```swift
/// let svg = SVGForHTML.inline(graphvizSVG, nodeIDs: snapshot.nodes.map(\.id))
/// ```
enum SVGForHTML {
  static func inline(_ svg: [UInt8], nodeIDs: [String]) -> [UInt8] {
    let start = firstIndex(of: Array("<svg".utf8), in: svg, from: 0) ?? 0
    let marker = Array(#"<g id="n"#.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(svg.count - start + nodeIDs.count * 32)
    var position = start
    while let found = firstIndex(of: marker, in: svg, from: position) {
      var cursor = found + marker.count
      var index = 0
      var digits = 0
      while cursor < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[cursor]), digits < 9 {
        index = index * 10 + Int(svg[cursor] - UInt8(ascii: "0"))
        cursor += 1
        digits += 1
      }
      result.append(contentsOf: svg[position..<cursor])
      position = cursor
      guard digits > 0, cursor < svg.count, svg[cursor] == UInt8(ascii: "\""), index < nodeIDs.count else { continue }
      result.append(contentsOf: svg[cursor...cursor])
      result.append(contentsOf: #" data-node-id=""#.utf8)
      result.append(contentsOf: attributeText(nodeIDs[index]).utf8)
      result.append(UInt8(ascii: "\""))
      position = cursor + 1
    }
    result.append(contentsOf: svg[position...])
    return result
  }

  /// Text for a double-quoted attribute that reads back exactly: markup characters as entities,
  /// C0 controls and DEL as numeric references (raw, a carriage return would be folded into a
  /// line feed). C1 controls stay raw: HTML maps their numeric references to other characters.
  /// Only NUL cannot survive HTML; it reads back as U+FFFD.
  static func attributeText(_ text: String) -> String {
    MarkupEscaping.escape(text) { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F ? "&#\(scalar.value);" : nil
    }
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
