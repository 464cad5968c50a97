import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The report's overview, whose groups open in place: each group's inside as a drawing of its
/// own, every node and group in exactly one drawing, every drawing a page's worth.
struct ExpandableOverviewTests {
  static func make(_ snapshot: Snapshot) throws -> ExpandableOverview {
    try #require(try ExpandableOverview.make(from: snapshot, options: RenderOptions(format: .html)))
  }

  @Test func everyNodeAndGroupIsDrawnOnceAndNoDrawingIsLargerThanAPage() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    let overview = try Self.make(snapshot)
    // The top drawing is the one `render` draws.
    let rendered = try #require(try GraphOverview.make(from: snapshot, options: RenderOptions(format: .svg)))
    #expect(overview.root.groups.map(\.title) == rendered.groups.map(\.title))
    #expect(overview.root.shown.nodes.map(\.id) == rendered.shown.nodes.map(\.id))

    var drawnIn: [String: Int?] = [:]
    var groupsDrawnIn: [Int: Int?] = [:]
    let drawings = [(Int?.none, overview.root)] + overview.insides.map { (Optional($0.key), $0.drawing) }
    for (container, drawing) in drawings {
      for node in drawing.shown.nodes {
        #expect(drawnIn[node.id] == nil, "\(node.id) is drawn twice")
        drawnIn[node.id] = container
      }
      for group in drawing.groups {
        #expect(groupsDrawnIn[group.key] == nil)
        groupsDrawnIn[group.key] = container
      }
      // A page's worth: at most a level's runs and the groups nested in it, nodes at most
      // the loosest a container holds directly.
      #expect(
        drawing.shown.nodes.count <= GraphOverview.loosest,
        "\(drawing.shown.nodes.count) nodes in \(String(describing: container))")
      #expect(drawing.groups.count <= GraphOverview.budget)
    }
    #expect(drawnIn.count == snapshot.nodes.count)
    // The page finds each node's drawing, and each group's, from the data.
    for (index, node) in snapshot.nodes.enumerated() {
      #expect(overview.containerOfNode[index] == drawnIn[node.id] ?? nil, "\(node.id)")
    }
    for inside in overview.insides { #expect(groupsDrawnIn[inside.key] == inside.container) }
    #expect(Set(groupsDrawnIn.keys) == Set(overview.insides.map(\.key)))
  }

  @Test func aLargeFamilyOpensAsRunsOfItsMembersAndEdgesStayInTheirDrawing() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    let overview = try Self.make(snapshot)
    let family = try #require(overview.insides.first { $0.title == "family Catalog.item" })
    // 1,000 members: runs of at most `loosest`, in order, named by their first and last.
    let runs = family.drawing.groups
    #expect(runs.allSatisfy { $0.kind == .run })
    #expect(runs.count == 17)
    #expect(runs.first?.title == "Catalog.item(0) … Catalog.item(58)")
    #expect(runs.reduce(0) { $0 + $1.memberIDs.count } == family.memberCount)
    #expect(runs.allSatisfy { $0.memberIDs.count <= GraphOverview.loosest })
    // An edge is drawn in the deepest drawing that holds both its ends: a snapshot edge between
    // two nodes of one run is in that run's drawing, never in the family's.
    for inside in overview.insides {
      let ids = Set(inside.drawing.shown.nodes.map(\.id))
      for edge in inside.drawing.shown.edges { #expect(ids.contains(edge.from) && ids.contains(edge.to)) }
      for index in inside.drawing.shownEdgeIndices {
        let edge = snapshot.edges[index]
        #expect(ids.contains(edge.from) && ids.contains(edge.to))
      }
    }
    // Every snapshot edge is drawn exactly once, in the deepest drawing holding both its ends:
    // as itself, or counted in one merged edge there.
    let drawings = [overview.root] + overview.insides.map(\.drawing)
    let asThemselves = drawings.reduce(0) { $0 + $1.shownEdgeIndices.count }
    let merged = drawings.reduce(0) { $0 + $1.mergedEdges.reduce(0) { $0 + $1.count } }
    #expect(asThemselves > 0 && merged > 0)
    #expect(asThemselves + merged == snapshot.edges.count)
  }

  @Test func theReportCarriesEveryInsideAndTheLivePageAsksForThem() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 1_200)
    let page = String(decoding: try Renderer.render(snapshot, options: RenderOptions(format: .html)), as: UTF8.self)
    let overview = try Self.make(snapshot)
    #expect(page.contains(#"<script type="application/json" id="report-insides">"#))
    // Each inside's nodes carry their ids, and are named by their place in the snapshot.
    let insides = try #require(page.range(of: #"id="report-insides">"#)).upperBound
    let tail = String(page[insides...])
    let json = String(tail[..<(try #require(tail.range(of: "</script>")).lowerBound)])
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let parts = try #require(decoded?["insides"] as? [[String: Any]])
    #expect(parts.count == overview.insides.count)
    let item = try #require(snapshot.nodes.firstIndex { $0.id == "Catalog.item(7)" })
    #expect(
      parts.contains { ($0["svg"] as? String)?.contains(#"<g id="n\#(item)" data-node-id="Catalog.item(7)""#) == true })

    // The live page: the same overview, no insides; the server lays out each when asked.
    let live = LiveReport(title: "live")
    let livePage = String(decoding: try live.page(for: snapshot, shape: 1), as: UTF8.self)
    #expect(!livePage.contains(#"id="report-insides""#))
    #expect(livePage.contains(#""overview":{"groups":"#))
    #expect(live.layouts == 1)
    let family = try #require(overview.insides.first { $0.title == "family Catalog.item" })
    let svg = String(decoding: try #require(try live.inside(family.key, shape: 1)), as: UTF8.self)
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.contains(#"class="node group run""#))
    #expect(live.layouts == 2)
    _ = try live.inside(family.key, shape: 1)
    #expect(live.layouts == 2, "an inside is laid out once per layout of the page")
    // A page older than the layout, or a group there is not, gets nothing.
    #expect(try live.inside(family.key, shape: 2) == nil)
    #expect(try live.inside(999_999, shape: 1) == nil)
  }
}
