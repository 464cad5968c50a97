import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A graph past the overview threshold is drawn as an overview: families, stores and
/// namespaces collapse into one node each with their counts, edges between them merge, and
/// what is inside shows on the group.
@Suite struct GraphOverviewTests {
  static func options(_ rules: Set<CollapseRule> = Set(CollapseRule.allCases), expand: [String] = []) -> RenderOptions {
    var options = RenderOptions(format: .svg)
    options.collapse = rules
    options.expands = expand
    return options
  }

  static func overview(_ snapshot: Snapshot, _ options: RenderOptions) throws -> GraphOverview {
    try #require(try GraphOverview.make(from: snapshot, options: options))
  }

  /// A family of `members` atoms `Catalog.item(i)`, each read by its own selector outside any
  /// family (`price3`), and all of those read by `total`.
  static func family(members: Int) -> Snapshot {
    var snapshot = Snapshot()
    for member in 0..<members {
      snapshot.nodes.append(
        SnapshotNode(id: "Catalog.item(\(member))", kind: .atom, family: "Catalog.item", parameter: "\(member)"))
    }
    snapshot.nodes.append(SnapshotNode(id: "total", kind: .selector))
    for member in 0..<members { snapshot.edges.append(SnapshotEdge(from: "Catalog.item(\(member))", to: "total")) }
    return snapshot
  }

  @Test func aFamilyIsOneNodeWithItsMemberCountAndItsEdgesMergeWithTheirCount() throws {
    let snapshot = Self.family(members: 600)
    let overview = try Self.overview(snapshot, Self.options([.families]))
    #expect(overview.groups.count == 1)
    let group = try #require(overview.groups.first)
    #expect(group.kind == .family)
    #expect(group.title == "family Catalog.item")
    #expect(group.memberIDs.count == 600)
    #expect(overview.shown.nodes.map(\.id) == ["total"])
    #expect(overview.mergedEdges == [GraphOverview.MergedEdge(from: .group(0), to: .node("total"), count: 600)])

    let svg = try TestFixtures.SVG(Renderer.draw(snapshot, options: Self.options([.families])).bytes)
    let groupNode = try #require(try svg.nodes(ofClass: "group").first)
    #expect(TestFixtures.SVG.attribute("class", of: groupNode) == "node group family")
    #expect(groupNode.stringValue?.contains("family Catalog.item") == true)
    #expect(groupNode.stringValue?.contains("600 nodes") == true)
    let merged = try svg.nodes(ofClass: "merged")
    #expect(merged.count == 1)
    #expect(merged.first?.stringValue?.contains("600") == true)
  }

  @Test func aStoreIsOneNodeWithItsSlicesAndSelectors() throws {
    var snapshot = Snapshot(nodes: [SnapshotNode(id: "app", kind: .store), SnapshotNode(id: "view", kind: .selector)])
    for slice in 0..<550 {
      snapshot.nodes.append(SnapshotNode(id: "app.slice\(slice)", kind: .slice, owner: "app"))
      snapshot.edges.append(SnapshotEdge(from: "app.slice\(slice)", to: "view"))
    }
    snapshot.nodes.append(SnapshotNode(id: "app.summary", kind: .selector, owner: "app"))
    let overview = try Self.overview(snapshot, Self.options([.stores]))
    let group = try #require(overview.groups.first)
    #expect(overview.groups.count == 1)
    #expect(group.kind == .store)
    #expect(group.title == "store app")
    #expect(group.memberIDs.count == 552)  // the store, its 550 slices and its selector
    #expect(group.memberIDs.contains("app") && group.memberIDs.contains("app.summary"))
    #expect(overview.mergedEdges.map(\.count) == [550])
  }

  @Test func namespacesNestAsModulesAndOpenInsideOut() throws {
    var snapshot = Snapshot()
    for index in 0..<300 { snapshot.nodes.append(SnapshotNode(id: "Catalog.Items.n\(index)", kind: .atom)) }
    for index in 0..<300 { snapshot.nodes.append(SnapshotNode(id: "Catalog.n\(index)", kind: .atom)) }
    for index in 0..<300 { snapshot.nodes.append(SnapshotNode(id: "Cart.n\(index)", kind: .selector)) }
    for index in 0..<300 { snapshot.edges.append(SnapshotEdge(from: "Catalog.Items.n\(index)", to: "Cart.n\(index)")) }
    // A dot inside a parameter is not a namespace.
    #expect(GraphOverview.namespaces(of: "Catalog.price(1.5).x") == ["Catalog", "Catalog.price(1.5)"])
    #expect(GraphOverview.namespaces(of: "plain") == [])

    let closed = try Self.overview(snapshot, Self.options([.modules]))
    #expect(closed.groups.map(\.title) == ["Catalog.*", "Cart.*"])
    #expect(closed.groups.map(\.memberIDs.count) == [600, 300])
    #expect(closed.mergedEdges == [GraphOverview.MergedEdge(from: .group(0), to: .group(1), count: 300)])

    let opened = try Self.overview(snapshot, Self.options([.modules], expand: ["Catalog"]))
    #expect(Set(opened.groups.map(\.title)) == ["Catalog.Items.*", "Cart.*"])
    #expect(opened.shown.nodes.count == 300)  // Catalog's own nodes, drawn whole
    #expect(opened.mergedEdges.map(\.count) == [300])
  }

  @Test func familiesSitInsideTheirModules() throws {
    // 200 families of 3 in Catalog: too many to open Catalog within the budget.
    var snapshot = Snapshot()
    for family in 0..<200 {
      for member in 0..<3 {
        snapshot.nodes.append(
          SnapshotNode(
            id: "Catalog.f\(family)(\(member))", kind: .atom, family: "Catalog.f\(family)", parameter: "\(member)"))
      }
    }
    let overview = try Self.overview(snapshot, Self.options([.families, .modules]))
    #expect(overview.groups.map(\.title) == ["Catalog.*"])
    #expect(overview.groups.first?.memberIDs.count == 600)
    let expanded = try Self.overview(snapshot, Self.options([.families, .modules], expand: ["Catalog"]))
    #expect(expanded.groups.count == 200)
    #expect(expanded.groups.allSatisfy { $0.kind == .family && $0.memberIDs.count == 3 })
    // A module holding one family shows the family: opening it costs nothing.
    let one = try Self.overview(Self.family(members: 600), Self.options([.families, .modules]))
    #expect(one.groups.map(\.title) == ["family Catalog.item"])
  }

  @Test func aGroupHoldingAFailedNodeIsMarkedFailedAndOneLoadingDashed() throws {
    var snapshot = Self.family(members: 600)
    snapshot.nodes[3].status = .error
    snapshot.nodes[3].error = "boom"
    snapshot.nodes[4].status = .loading
    snapshot.nodes[5].evaluations = SnapshotEvaluations(count: .max, totalNanos: .max)
    snapshot.nodes[6].evaluations = SnapshotEvaluations(count: 2, totalNanos: 5)
    let group = try #require(try Self.overview(snapshot, Self.options([.families])).groups.first)
    #expect(group.status == .error)
    #expect(group.failedCount == 1 && group.loadingCount == 1)
    #expect(group.evaluationCount == .max)  // sums saturate rather than trap
    #expect(group.estimatedNanos == .max)

    let svg = try TestFixtures.SVG(Renderer.draw(snapshot, options: Self.options([.families])).bytes)
    let drawn = try #require(try svg.nodes(ofClass: "group").first)
    #expect(drawn.stringValue?.contains("1 failed · 1 loading") == true)
    let border = try drawn.nodes(forXPath: ".//*[local-name()='polygon' or local-name()='path']").compactMap {
      ($0 as? XMLElement).flatMap { TestFixtures.SVG.attribute("stroke", of: $0) }
    }
    #expect(border.contains(Palette.errorBorder.lowercased()) || border.contains(Palette.errorBorder))

    var loadingOnly = Self.family(members: 600)
    loadingOnly.nodes[4].status = .loading
    #expect(try Self.overview(loadingOnly, Self.options([.families])).groups.first?.status == .loading)
    let dashed = try TestFixtures.SVG(Renderer.draw(loadingOnly, options: Self.options([.families])).bytes)
    #expect(try dashed.nodes(ofClass: "group").first?.nodes(forXPath: ".//@stroke-dasharray").isEmpty == false)
  }

  @Test func expandDrawsAGroupWholeAndOpensTheGroupsOnTheWayToANode() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    let closed = try Self.overview(snapshot, Self.options())
    #expect(closed.groups.contains { $0.memberIDs.contains("Catalog.price(7)") })
    #expect(!closed.shown.nodes.contains { $0.id == "Catalog.price(7)" })

    let byNode = try Self.overview(snapshot, Self.options(expand: ["Catalog.price(7)"]))
    #expect(byNode.shown.nodes.contains { $0.id == "Catalog.price(7)" })
    #expect(!byNode.groups.contains { $0.memberIDs.contains("Catalog.price(7)") })

    let byGroup = try Self.overview(snapshot, Self.options(expand: ["app"]))
    #expect(!byGroup.groups.contains { $0.kind == .store && $0.name == "app" })
    #expect(byGroup.shown.nodes.contains { $0.id == "app.slice3" })
  }

  @Test func badExpandPatternsAreErrorsNamingThem() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    #expect(throws: RenderError.expandMatchesNothing("Nowhere.*")) {
      try GraphOverview.make(from: snapshot, options: Self.options(expand: ["Nowhere.*"]))
    }
    // Even when the graph is small enough to be drawn whole.
    #expect(throws: RenderError.expandMatchesNothing("Nowhere")) {
      try Renderer.draw(Self.family(members: 3), options: Self.options(expand: ["Nowhere"]))
    }
    #expect {
      try GraphOverview.make(from: snapshot, options: Self.options(expand: ["Catalog.["]))
    } throws: { error in
      if case .invalidExpandPattern("Catalog.[", _) = error as? RenderError { true } else { false }
    }
  }

  @Test func fullNoRulesAndSmallGraphsAreDrawnWhole() throws {
    let large = GeneratedAppGraph.make(nodeCount: 1_200)
    var full = Self.options()
    full.full = true
    #expect(try GraphOverview.make(from: large, options: full) == nil)
    #expect(try GraphOverview.make(from: large, options: Self.options([])) == nil)
    #expect(try Renderer.draw(large, options: full).nodeCount == 1_200)

    var raised = Self.options()
    raised.overviewThreshold = 1_200
    #expect(try GraphOverview.make(from: large, options: raised) == nil)
    raised.overviewThreshold = 1_199
    #expect(try GraphOverview.make(from: large, options: raised) != nil)

    // Past a threshold of 0, a graph with nothing to collapse is still drawn whole.
    var anySize = Self.options()
    anySize.overviewThreshold = 0
    let pair = Snapshot(nodes: [SnapshotNode(id: "a", kind: .atom), SnapshotNode(id: "b", kind: .selector)])
    #expect(try GraphOverview.make(from: pair, options: anySize) == nil)
    #expect(try Renderer.draw(pair, options: anySize).overview == nil)

    // The demo's graph looks as it always did.
    let demo = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    let drawing = try Renderer.draw(demo, options: RenderOptions())
    #expect(drawing.overview == nil)
    #expect(drawing.nodeCount == demo.nodes.count)
  }

  @Test func looseNodesBandByDependencyLevel() throws {
    // A chain of 2,000 nodes outside any namespace: nothing but levels can collapse it.
    var snapshot = Snapshot()
    for index in 0..<2_000 {
      snapshot.nodes.append(SnapshotNode(id: "n\(index)", kind: .selector))
      if index > 0 { snapshot.edges.append(SnapshotEdge(from: "n\(index - 1)", to: "n\(index)")) }
    }
    let overview = try Self.overview(snapshot, Self.options())
    #expect(overview.groups.count <= GraphOverview.mostBands)
    #expect(overview.groups.allSatisfy { $0.kind == .levels })
    #expect(overview.groups.first?.title == "levels 0–66")
    #expect(overview.collapsedNodeCount + overview.shown.nodes.count == 2_000)
    // Consecutive bands: each band's edges lead to the next one.
    #expect(overview.mergedEdges.count == overview.groups.count - 1)
    #expect(overview.mergedEdges.allSatisfy { $0.count == 1 })
    // Without levels nothing groups a chain of plain ids: it is drawn whole.
    #expect(try GraphOverview.make(from: snapshot, options: Self.options([.families, .modules, .stores])) == nil)
  }

  @Test func levelsFollowTheLongestChainAndCyclesComeLast() {
    let snapshot = Snapshot(
      nodes: ["a", "b", "c", "x", "y"].map { SnapshotNode(id: $0, kind: .atom) },
      edges: [
        SnapshotEdge(from: "a", to: "b"), SnapshotEdge(from: "b", to: "c"), SnapshotEdge(from: "a", to: "c"),
        SnapshotEdge(from: "x", to: "y"), SnapshotEdge(from: "y", to: "x"),
      ])
    #expect(DependencyLevels(snapshot).level == [0, 1, 2, 3, 3])
  }

  /// Section 4 of the issue: a 30,000-node app graph's overview is page-shaped, legible at its
  /// own size and a few hundred drawn nodes.
  @Test(arguments: [3_000, 30_000])
  func anOverviewIsPageShapedLegibleAndSmall(nodeCount: Int) throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: nodeCount)
    let drawing = try Renderer.draw(snapshot, options: RenderOptions(format: .svg))
    let overview = try #require(drawing.overview)
    #expect(overview.totalNodeCount == nodeCount)
    #expect(overview.collapsedNodeCount + drawing.nodeCount == nodeCount)
    let svg = try TestFixtures.SVG(drawing.bytes)
    let drawnNodes = try svg.nodes(ofClass: "node").count
    #expect(drawnNodes <= 300)
    #expect(drawnNodes >= 10)  // an overview, not one box
    let root = try #require(svg.document.rootElement())
    let width = try #require(Double(TestFixtures.SVG.attribute("width", of: root)?.replacing("pt", with: "") ?? ""))
    let height = try #require(Double(TestFixtures.SVG.attribute("height", of: root)?.replacing("pt", with: "") ?? ""))
    #expect(max(width, height) <= 3 * min(width, height), "\(width) × \(height) pt")
    // Every label at least 8 pt on the page: its font size times the drawing's scale.
    let viewBox = (TestFixtures.SVG.attribute("viewBox", of: root) ?? "").split(separator: " ").compactMap {
      Double($0)
    }
    let viewScale = viewBox.count == 4 && viewBox[2] > 0 ? width / viewBox[2] : 1
    let graph = try #require(try svg.nodes(ofClass: "graph").first)
    let transform = TestFixtures.SVG.attribute("transform", of: graph) ?? ""
    let graphScale = transform.firstMatch(of: /scale\(([0-9.]+)/).flatMap { Double($0.1) } ?? 1
    let sizes = try svg.document.nodes(forXPath: "//*[local-name()='text']/@font-size").compactMap {
      Double($0.stringValue ?? "")
    }
    #expect(!sizes.isEmpty)
    let smallest = (sizes.min() ?? 0) * viewScale * graphScale
    #expect(smallest >= 8, "smallest label \(smallest) pt")
  }

  @Test func theRuleNamesAreTheFlagsValues() {
    #expect(CollapseRule.allCases.map(\.rawValue) == ["families", "stores", "modules", "levels"])
    #expect(GraphDescription.counted(12_000, "node") == "12,000 nodes")
    #expect(GraphDescription.counted(1, "node") == "1 node")
    #expect(GraphDescription.counted(.min, "edge").hasPrefix("-9,223,372,036,854,775,808"))
  }
}
