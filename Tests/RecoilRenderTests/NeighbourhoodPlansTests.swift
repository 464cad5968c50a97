import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The neighbourhoods a static report's focus shows laid out on their own: the sets the page's
/// selection marks, laid out by Graphviz with each node at its drawn size, for every node at
/// depth 1 and deeper depths for all nodes or none; the live report lays out any on demand.
struct NeighbourhoodPlansTests {
  /// Every node drawn `width` by `height` points, as if a drawing had put them in a row.
  static func homes(for snapshot: Snapshot, width: Double = 54, height: Double = 36) -> NodeHomes {
    var places = GraphPlaces(boundingBox: "0,0,100,100".utf8)
    for index in snapshot.nodes.indices {
      places.addNode(
        "n\(index)", position: "\(index * 100),50".utf8, width: "\(width / 72)".utf8, height: "\(height / 72)".utf8)
    }
    var homes = NodeHomes(nodeCount: snapshot.nodes.count)
    homes.record(places)
    return homes
  }

  /// What the selection marks around `node` at `depth`, by id.
  static func marked(_ node: String, depth: Int?, in snapshot: Snapshot) -> Set<String> {
    Set(
      [node] + snapshot.dependencies(of: node, maximumDepth: depth).map(\.id)
        + snapshot.dependents(of: node, maximumDepth: depth).map(\.id))
  }

  @Test func eachPlanIsWhatTheSelectionMarksLaidOutWithoutOverlapsAlongItsEdges() throws {
    let snapshot = try TestFixtures.snapshot("cart-demo/cart.snapshot.json")
    let homes = Self.homes(for: snapshot)
    let plans = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: RenderOptions(format: .html))
    // A small graph: every node at every depth.
    #expect(plans.planOfNode.count == NeighbourhoodGraph.depths.count)
    for column in plans.planOfNode { #expect(column?.allSatisfy { $0 >= 0 } == true) }
    let edgeIndex = SnapshotEdgeIndex(snapshot)
    for (position, depth) in NeighbourhoodGraph.depths.enumerated() {
      for (node, planNumber) in (plans.planOfNode[position] ?? []).enumerated() {
        let plan = plans.plans[planNumber]
        let members = plan.nodes.map(\.node)
        #expect(
          Set(members.map { snapshot.nodes[$0].id }) == Self.marked(snapshot.nodes[node].id, depth: depth, in: snapshot)
        )
        // Each node's box (its drawn size around its centre) is inside the drawing, and apart.
        let boxes = plan.nodes.map { CGRect(x: $0.x - 27, y: $0.y - 18, width: 54, height: 36) }
        for (index, box) in boxes.enumerated() {
          #expect(box.minX >= -0.5 && box.minY >= -0.5 && box.maxX <= plan.width + 0.5 && box.maxY <= plan.height + 0.5)
          for other in boxes[(index + 1)...] { #expect(!box.insetBy(dx: 0.5, dy: 0.5).intersects(other)) }
        }
        // Every edge among them, once, from its tail's side down to an arrowhead at its head.
        let kept = Set(members)
        let expected = edgeIndex.edges(from: members).filter { kept.contains(edgeIndex.ends[$0].to) }
        #expect(plan.edges.map(\.edge).sorted() == expected)
        let boxOfNode = Dictionary(uniqueKeysWithValues: zip(members, boxes))
        for edge in plan.edges {
          let (tail, head) = edgeIndex.ends[edge.edge]
          let (from, to) = (try #require(boxOfNode[tail]), try #require(boxOfNode[head]))
          let tip = try #require(edge.tip)
          #expect(from.insetBy(dx: -1, dy: -1).contains(CGPoint(x: edge.points[0].x, y: edge.points[0].y)))
          #expect(to.insetBy(dx: -1, dy: -1).contains(CGPoint(x: tip.x, y: tip.y)))
          #expect(from.midY < to.midY, "a dependency sits above what depends on it")
          #expect((edge.points.count - 1) % 3 == 0)
        }
      }
    }
    // The same set at two depths (nothing further away) is laid out once.
    let sets = plans.plans.map { $0.nodes.map(\.node) }
    #expect(Set(sets).count == sets.count)
  }

  /// Plans are held as flat numbers, one piece for each batch laid out together: however the
  /// batches fall, each plan reads back the same, and the page's data is the same.
  @Test func plansLaidOutInSmallBatchesReadBackTheSame() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 300)
    let homes = Self.homes(for: snapshot)
    var options = RenderOptions(format: .html)
    options.focusLayouts = .throughDepth(2)
    let whole = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options)
    let small = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, batchNodes: 7)
    #expect(whole.planCount > 300)
    #expect(small.planCount == whole.planCount)
    for index in 0..<whole.planCount {
      let (one, other) = (whole.plan(index), small.plan(index))
      #expect(Array(one.numbers) == Array(other.numbers))
      #expect(one.nodes.count == Int(one.numbers[one.numbers.startIndex + 2]) && !one.nodes.isEmpty)
      #expect(one.edges.map(\.edge) == other.edges.map(\.edge))
    }
    #expect(ReportData.neighbourhoods(whole) == ReportData.neighbourhoods(small))
    // Written a piece at a time into a page, made inert on the way, as the page holds it.
    var page: [UInt8] = []
    ReportData.writeNeighbourhoods(small) { ScriptEmbedding.append(json: $0, to: &page) }
    #expect(page == ScriptEmbedding.inert(json: ReportData.neighbourhoods(whole)))
    #expect(whole.estimatedPageBytes >= page.count)
  }

  @Test func depthOneIsPlannedForEveryNodeAndDeeperDepthsForAllOrNone() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 900)
    let homes = Self.homes(for: snapshot)
    let graph = NeighbourhoodGraph(snapshot)
    let options = RenderOptions(format: .html)
    // What depth 2 adds: the nodes of its neighbourhoods unlike any of depth 1's (a hub's
    // counts as `largest`).
    let largest = NeighbourhoodPlans.largest
    let depthOneSets = Set(
      snapshot.nodes.indices.compactMap { graph.neighbourhood(of: $0, depth: 1, largest: largest) })
    var depthTwoSets = Set<[Int]>()
    var depthTwoHubs = 0
    for node in snapshot.nodes.indices {
      if let members = graph.neighbourhood(of: node, depth: 2, largest: largest) {
        if !depthOneSets.contains(members) { depthTwoSets.insert(members) }
      } else {
        depthTwoHubs += 1
      }
    }
    let added = depthTwoSets.reduce(largest * depthTwoHubs) { $0 + $1.count }
    #expect(added > 900)
    let tight = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: added - 1)
    let depthOne = try #require(tight.planOfNode[0])
    for node in snapshot.nodes.indices {
      let members = graph.neighbourhood(of: node, depth: 1, largest: NeighbourhoodPlans.largest)
      #expect((depthOne[node] >= 0) == (members != nil))
      if let members, depthOne[node] >= 0 { #expect(tight.plans[depthOne[node]].nodes.map(\.node) == members) }
    }
    // Depth 2 adds a node more than the budget: left out as a whole, and so is every depth past it.
    #expect(tight.planOfNode.dropFirst().allSatisfy { $0 == nil })

    let roomy = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: added)
    let depthTwo = try #require(roomy.planOfNode[1])
    for node in snapshot.nodes.indices {
      #expect(
        (depthTwo[node] >= 0) == (graph.neighbourhood(of: node, depth: 2, largest: NeighbourhoodPlans.largest) != nil))
    }
  }

  /// What a deeper depth costs is what it adds: where neighbourhoods stop growing after depth 1
  /// (an app's short chains: each item read by its own price), every depth is laid out
  /// without a node of budget, and each neighbourhood once.
  @Test func deeperDepthsCostOnlyTheNeighbourhoodsTheyAdd() throws {
    let pairs = 300
    let snapshot = Snapshot(
      nodes: (0..<pairs).flatMap {
        [
          SnapshotNode(id: "Catalog.item(\($0))", kind: .atom, family: "Catalog.item", parameter: "\($0)"),
          SnapshotNode(id: "Catalog.price(\($0))", kind: .selector, family: "Catalog.price", parameter: "\($0)"),
        ]
      },
      edges: (0..<pairs).map { SnapshotEdge(from: "Catalog.item(\($0))", to: "Catalog.price(\($0))") })
    let homes = Self.homes(for: snapshot)
    let plans = try NeighbourhoodPlans.make(
      for: snapshot, homes: homes, options: RenderOptions(format: .html), budget: 0)
    #expect(plans.laidOutDepths == ["1", "2", "3", "all"])
    #expect(plans.planCount == pairs)
    #expect(plans.planOfNode.allSatisfy { $0 == plans.planOfNode[0] })
    // A chain grows at every depth: depth 2 adds neighbourhoods, which a budget of 0 has no room for.
    let chain = Snapshot(
      nodes: (0..<20).map { SnapshotNode(id: "s\($0)", kind: .selector) },
      edges: (1..<20).map { SnapshotEdge(from: "s\($0 - 1)", to: "s\($0)") })
    let chainPlans = try NeighbourhoodPlans.make(
      for: chain, homes: Self.homes(for: chain), options: RenderOptions(format: .html), budget: 0)
    #expect(chainPlans.laidOutDepths == ["1"])
  }

  /// Asked for, a depth is laid out for every node whatever it costs; a depth not asked for,
  /// for none.
  @Test func focusLayoutsChoosesTheDepthsLaidOutWhateverTheyCost() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 600)
    let homes = Self.homes(for: snapshot)
    var options = RenderOptions(format: .html)
    let depthsOf = { (plans: NeighbourhoodPlans) in plans.planOfNode.map { $0 != nil } }
    #expect(
      depthsOf(try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: 0)) == [
        true, false, false, false,
      ])
    options.focusLayouts = .throughDepth(2)
    #expect(
      depthsOf(try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: 0)) == [
        true, true, false, false,
      ])
    options.focusLayouts = .everyDepth
    #expect(
      depthsOf(try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options, budget: 0)) == [
        true, true, true, true,
      ])
    #expect(FocusLayouts(argument: "auto") == .automatic)
    #expect(FocusLayouts(argument: "3") == .throughDepth(3))
    #expect(FocusLayouts(argument: "All") == .everyDepth)
    #expect(
      FocusLayouts(argument: "0") == nil && FocusLayouts(argument: "4") == nil && FocusLayouts(argument: "") == nil)
  }

  @Test func aNodeWithoutAHomeLeavesItsNeighbourhoodsUnplanned() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "a", kind: .atom), SnapshotNode(id: "b", kind: .selector), SnapshotNode(id: "c", kind: .atom),
      ],
      edges: [SnapshotEdge(from: "a", to: "b")])
    var places = GraphPlaces(boundingBox: "0,0,10,10".utf8)
    places.addNode("n0", position: "5,5".utf8, width: "0.75".utf8, height: "0.5".utf8)
    places.addNode("n2", position: "5,5".utf8, width: "0.75".utf8, height: "0.5".utf8)
    places.addNode("g4", position: "5,5".utf8, width: "0.75".utf8, height: "0.5".utf8)
    var homes = NodeHomes(nodeCount: 3)
    homes.record(places)
    #expect(homes[1] == nil && homes[4] == nil)
    #expect(homes[0] == NodeHomes.Home(x: 5, y: -5, width: 54, height: 36))
    let plans = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: RenderOptions(format: .html))
    #expect(plans.planOfNode[0] == [-1, -1, 0])
  }

  /// The report as a page holds the plans and each node's home: its centre where its drawing
  /// is, the page's own SVG or the inside of its group, which the page's copies start from.
  @Test func theReportHoldsEveryNodesPlanAndWhereItsDrawingIs() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 1_200)
    let page = String(decoding: try Renderer.render(snapshot, options: RenderOptions(format: .html)), as: UTF8.self)
    let plans = try #require(try Self.script("report-neighbourhoods", in: page) as? [String: Any])
    let homes = try #require(plans["homes"] as? [Any])
    #expect(homes.count == 2 * snapshot.nodes.count)
    let depths = try #require(plans["depths"] as? [Any])
    #expect(depths.count == 4)
    let depthOne = try #require(depths[0] as? [Int])
    let graph = NeighbourhoodGraph(snapshot)
    #expect(
      depthOne.indices.allSatisfy {
        (depthOne[$0] >= 0) == (graph.neighbourhood(of: $0, depth: 1, largest: NeighbourhoodPlans.largest) != nil)
      })
    let looks = try #require(plans["looks"] as? [String: Any])
    #expect(
      looks.compactMapValues { $0 as? String } == [
        "edge": Palette.edge, "drives": Palette.driveEdge, "dash": "5,2", "error": Palette.errorBorder,
        "text": "#000000", "muted": Palette.mutedText,
      ])
    // Each kind of group's look, in the order an overview plan numbers them.
    let groupLooks = try #require(looks["groups"] as? [[String]])
    #expect(groupLooks.map(\.first) == OverviewPlan.kinds.map(\.rawValue))
    #expect(groupLooks[0] == ["family", "box3d", Palette.familyFill, Palette.familyBorder, "filled"])
    // A node inside a group: its home is the centre of its shape in that group's inside.
    let item = try #require(snapshot.nodes.firstIndex { $0.id == "Catalog.item(7)" })
    let insides = try #require(
      (try Self.script("report-insides", in: page) as? [String: Any])?["insides"] as? [[String: Any]])
    let inside = try #require(insides.compactMap { $0["svg"] as? String }.first { $0.contains(#"<g id="n\#(item)" "#) })
    let drawing = String(inside[try #require(inside.range(of: #"<g id="n\#(item)" "#)).lowerBound...])
    let shape = try #require(drawing.firstMatch(of: /\sd="([^"]*)"/)?.output.1)
    let numbers = shape.matches(of: /-?[0-9]+(\.[0-9]+)?/).compactMap { Double($0.output.0) }
    let (xs, ys) = (
      stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] },
      stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
    )
    let (homeX, homeY) = (try #require(homes[2 * item] as? Int), try #require(homes[2 * item + 1] as? Int))
    #expect(abs(Double(homeX) / 10 - (xs.min()! + xs.max()!) / 2) < 1)
    #expect(abs(Double(homeY) / 10 - (ys.min()! + ys.max()!) / 2) < 1)
  }

  @Test func theLiveReportLaysOutAnyNeighbourhoodOnDemandAsADrawing() throws {
    let snapshot = GeneratedAppGraph.make(nodeCount: 3_000)
    let live = LiveReport(title: "live")
    _ = try live.page(for: snapshot, shape: 4)
    let last = snapshot.nodes.count - 1
    let svg = String(decoding: try #require(try live.neighbourhood(of: last, depth: 1, shape: 4)), as: UTF8.self)
    #expect(
      Set(svg.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) })
        == Self.marked(snapshot.nodes[last].id, depth: 1, in: snapshot))
    let laidOut = live.layouts
    _ = try live.neighbourhood(of: last, depth: 1, shape: 4)
    #expect(live.layouts == laidOut)
    #expect(try live.neighbourhood(of: last, depth: 1, shape: 5) == nil)
    #expect(try live.neighbourhood(of: snapshot.nodes.count, depth: 1, shape: 4) == nil)
  }

  /// Two hubs, each read by 1,100 rows: their neighbourhoods at depth 1, past a plan's
  /// largest, are laid out as overviews of themselves, every hub's, kept as numbers the page
  /// draws from (the hub whole, its rows' family one group with its count, one merged edge);
  /// with no collapse rule, none is, and the report says how many it shows in place.
  @Test func everyHubsNeighbourhoodIsLaidOutAsAnOverviewPlan() throws {
    var nodes: [SnapshotNode] = []
    var edges: [SnapshotEdge] = []
    for hub in ["Theme.light", "Theme.dark"] {
      nodes.append(SnapshotNode(id: hub, kind: .atom))
      for index in 0..<1_100 {
        let row = "View.\(hub.dropFirst(6))Row(\(index))"
        nodes.append(
          SnapshotNode(
            id: row, kind: .selector, family: "View.\(hub.dropFirst(6))Row", parameter: "\(index)",
            status: index == 3 ? .error : nil))
        edges.append(SnapshotEdge(from: hub, to: row))
      }
    }
    let snapshot = Snapshot(nodes: nodes, edges: edges)
    let homes = Self.homes(for: snapshot)
    let hubs = [0, 1_101]
    var options = RenderOptions(format: .html)
    options.focusLayouts = .throughDepth(1)
    let drawn = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: options)
    let depthOne = try #require(drawn.planOfNode[0])
    #expect(hubs.map { depthOne[$0] }.sorted() == [-3, -2])
    #expect(drawn.overviews.count == 2)
    #expect(drawn.depthsWithHubsInPlace.isEmpty)
    for hub in hubs {
      let overview = drawn.overviews[-2 - depthOne[hub]]
      let plan = NeighbourhoodPlans.Plan(numbers: overview.plan[...])
      #expect(plan.nodes.map(\.node) == [hub])
      #expect(plan.edges.isEmpty)
      // One group: the rows' family, its label, kind, failed member and side (downstream).
      #expect(overview.groups.count == OverviewPlan.groupFields)
      let family = "View.\(snapshot.nodes[hub].id.dropFirst(6))Row"
      #expect(drawn.labels[Int(overview.groups[0])] == ["family \(family)", "1,100 nodes", "1 failed", ""])
      #expect(OverviewPlan.kinds[Int(overview.groups[1])] == .family)
      #expect(overview.groups[2] == 1)
      #expect(overview.groups[3] == Int32(NeighbourhoodOverview.Sides.downstream.rawValue))
      // The group is inside the drawing, beside (not over) the hub, below it (top to bottom).
      let (x, y, width, height) = (
        Double(overview.groups[4]) / 10, Double(overview.groups[5]) / 10, Double(overview.groups[6]) / 10,
        Double(overview.groups[7]) / 10
      )
      let expected = OverviewPlan.size(of: drawn.labels[Int(overview.groups[0])])
      #expect(abs(width - expected.width) < 0.2 && abs(height - expected.height) < 0.2)
      #expect(x - width / 2 >= -0.1 && x + width / 2 <= plan.width + 0.1)
      #expect(y + height / 2 <= plan.height + 0.1)
      let hubPlace = try #require(plan.nodes.first)
      #expect(y - height / 2 > hubPlace.y)
      // One merged edge, hub to group, standing for 1,100 edges, with a curve and an arrowhead.
      var merged: [[Int32]] = []
      overview.forEachMerged { merged.append(Array($0)) }
      #expect(merged.count == 1)
      #expect(
        Array(merged[0].prefix(4)) == [Int32(hub), -1, 1_100, Int32(NeighbourhoodOverview.Sides.downstream.rawValue)])
      #expect(merged[0][4] != NeighbourhoodPlans.Plan.noTip)
      #expect(merged[0].count == 7 + 2 * Int(merged[0][6]) && merged[0][6] >= 4)
    }
    // Every row's own neighbourhood is small: planned as ever.
    #expect(depthOne.indices.filter { !hubs.contains($0) }.allSatisfy { depthOne[$0] >= 0 })
    var uncollapsed = options
    uncollapsed.collapse = []
    let none = try NeighbourhoodPlans.make(for: snapshot, homes: homes, options: uncollapsed)
    #expect(hubs.map { none.planOfNode[0]?[$0] } == [-1, -1])
    #expect(none.overviews.isEmpty)
    #expect(none.depthsWithHubsInPlace.map(\.depth) == ["1"] && none.depthsWithHubsInPlace.map(\.hubs) == [2])
    // The page's JSON holds them: each label once, each overview's numbers.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ReportData.neighbourhoods(drawn))) as? [String: Any])
    #expect((json["labels"] as? [[String]])?.count == 2)
    let written = try #require(json["overviews"] as? [[String: Any]])
    #expect(written.count == 2)
    #expect((written[0]["groups"] as? [Int])?.map(Int32.init) == drawn.overviews[0].groups)
    #expect(((written[0]["merged"] as? [[Int]])?.first?.prefix(4)).map(Array.init) == [0, -1, 1_100, 2])
    #expect((written[0]["plan"] as? [Any])?.count == 4)
  }

  /// A theme read by 1,200 rows and fed by 1,200 keys: its neighbourhood at depth 1 holds
  /// 2,401 nodes, past what is drawn whole, so the live report draws an overview of it.
  @Test func theLiveReportDrawsANeighbourhoodPastAThousandNodesAsAnOverviewOfItself() throws {
    var nodes = [SnapshotNode(id: "Theme.current", kind: .selector)]
    var edges: [SnapshotEdge] = []
    for index in 0..<1_200 {
      nodes.append(SnapshotNode(id: "Config.key(\(index))", kind: .atom, family: "Config.key", parameter: "\(index)"))
      edges.append(SnapshotEdge(from: "Config.key(\(index))", to: "Theme.current"))
      nodes.append(SnapshotNode(id: "View.row(\(index))", kind: .selector, family: "View.row", parameter: "\(index)"))
      edges.append(SnapshotEdge(from: "Theme.current", to: "View.row(\(index))"))
    }
    nodes.append(SnapshotNode(id: "Theme.override", kind: .atom))
    edges.append(SnapshotEdge(from: "Theme.override", to: "Theme.current"))
    let snapshot = Snapshot(nodes: nodes, edges: edges)
    let live = LiveReport(title: "live")
    _ = try live.page(for: snapshot, shape: 1)
    let svg = String(decoding: try #require(try live.neighbourhood(of: 0, depth: 1, shape: 1)), as: UTF8.self)
    // The theme and its few direct neighbours outside the families drawn whole; each family
    // one node with its count; no group named as the page names its own.
    let drawnNodes = Set(svg.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) })
    #expect(drawnNodes == ["Theme.current", "Theme.override"], "\(drawnNodes)")
    // Each group and merged edge marked as the selection marks its members.
    let groups = svg.matches(of: /<g id="focus_g\d+" class="node group ([\w ]+)"/).map { String($0.output.1) }
    #expect(groups.sorted() == ["family downstream", "family upstream"], "\(groups)")
    #expect(svg.contains("1,200"))
    #expect(svg.firstMatch(of: /id="g\d+"/) == nil)
    // Its edges: the theme's to its override drawn as itself, each family's merged with its count.
    #expect(svg.contains(#"id="e\#(edges.count - 1)""#))
    let merged = svg.matches(of: /id="mfocus&#45;\d+" class="edge merged ([\w ]+)"/).map { String($0.output.1) }
    #expect(merged.sorted() == ["downstream", "upstream"], "\(merged)")
    // Anything too large is drawn this way, at every depth; a small one whole.
    let small = String(decoding: try #require(try live.neighbourhood(of: 2, depth: 1, shape: 1)), as: UTF8.self)
    #expect(
      Set(small.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) }) == ["Theme.current", "View.row(0)"])
    #expect(!small.contains("focus_g"))
    let all = String(decoding: try #require(try live.neighbourhood(of: 2, depth: nil, shape: 1)), as: UTF8.self)
    #expect(
      Set(all.matches(of: /data-node-id="([^"]*)"/).map { String($0.output.1) }) == [
        "Theme.current", "View.row(0)", "Theme.override",
      ])
    #expect(all.contains("focus_g"))
  }

  /// The JSON in the page's `<script type="application/json" id="…">`.
  static func script(_ id: String, in page: String) throws -> Any {
    let start = try #require(page.range(of: #"id="\#(id)">"#)).upperBound
    let tail = page[start...]
    let json = tail[..<(try #require(tail.range(of: "</script>")).lowerBound)]
    return try JSONSerialization.jsonObject(with: Data(json.utf8))
  }
}

extension ReportData {
  /// The neighbourhoods' JSON whole, as the page holds it but not yet made inert.
  static func neighbourhoods(_ plans: NeighbourhoodPlans) -> [UInt8] {
    var bytes: [UInt8] = []
    writeNeighbourhoods(plans) { bytes += $0 }
    return bytes
  }
}
