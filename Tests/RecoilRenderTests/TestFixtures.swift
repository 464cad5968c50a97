import Foundation
import RecoilSnapshot

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Shared fixtures and helpers for the renderer tests.
enum TestFixtures {
  static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func snapshot(_ name: String) throws -> Snapshot {
    try SnapshotCodec.decode(Data(contentsOf: root.appending(path: "Fixtures/\(name)")))
  }

  /// A parsed SVG document; parsing fails unless the SVG is well-formed XML.
  struct SVG {
    let document: XMLDocument

    init(_ bytes: [UInt8]) throws {
      document = try XMLDocument(data: Data(bytes), options: [])
    }

    /// The `<g>` elements of nodes whose class list contains `kind` (Graphviz writes `node atom`),
    /// the legend's samples left out unless `includingLegend` (or `kind` is `legend` or `mark`).
    func nodes(ofClass kind: String, includingLegend: Bool = false) throws -> [XMLElement] {
      let legend =
        includingLegend || kind == "legend" || kind == "mark"
        ? "" : "[not(contains(concat(' ', @class, ' '), ' legend '))]"
      return try document.nodes(
        forXPath: "//*[local-name()='g'][contains(concat(' ', @class, ' '), ' \(kind) ')]\(legend)"
      ).compactMap { $0 as? XMLElement }
    }

    /// The fill colour of the first shape in a node group.
    func fill(of group: XMLElement) throws -> String? {
      let shapes = try group.nodes(
        forXPath: ".//*[local-name()='path' or local-name()='polygon' or local-name()='ellipse']")
      return (shapes.first as? XMLElement).flatMap { Self.attribute("fill", of: $0) }
    }

    /// An attribute by local name (FoundationXML's lookup by name misses attributes in
    /// documents with a default namespace).
    static func attribute(_ name: String, of element: XMLElement) -> String? {
      element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// All text shown in the picture.
    func texts() throws -> [String] {
      try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0.stringValue }
    }

    /// All tooltips (`xlink:title` attributes).
    func tooltips() throws -> [String] {
      try document.nodes(forXPath: "//*[local-name()='a']").compactMap {
        ($0 as? XMLElement)?.attributes?.first { $0.localName == "title" }?.stringValue
      }
    }

    /// The tooltips of nodes, which start with the node id.
    func nodeTooltips() throws -> [String] {
      try nodes(ofClass: "node").compactMap { group in
        try group.nodes(forXPath: ".//*[local-name()='a']").compactMap {
          ($0 as? XMLElement)?.attributes?.first { $0.localName == "title" }?.stringValue
        }.first
      }
    }
  }
}
