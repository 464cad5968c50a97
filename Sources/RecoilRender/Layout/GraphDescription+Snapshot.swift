import Foundation
import RecoilSnapshot

extension GraphDescription {
  /// Describes how `snapshot` is drawn: shapes and colours per kind and state, labels,
  /// tooltips, store and family clusters, the legend and the layout settings.
  /// With an overview, `snapshot` is its shown part, and its groups and merged edges are
  /// drawn too.
  /// Without `familyClusters`, family members are not framed as their family (inside a drawn
  /// group, which is the family or part of it, the frame says nothing and would keep the
  /// members in one row).
  init(
    snapshot: Snapshot, options: RenderOptions, marks: DifferenceMarks? = nil, overview: GraphOverview? = nil,
    familyClusters: Bool = true
  ) {
    let drawnCount = snapshot.nodes.count + (overview?.groups.count ?? 0)
    let isLarge = drawnCount >= options.largeGraphThreshold
    graphAttributes = LayoutSettings.graphAttributes(
      nodeCount: drawnCount, isLarge: isLarge, rankDirection: options.rankDirection)
    nodeDefaults = [
      ("fontname", "Helvetica"), ("fontsize", "12"), ("style", "filled"), ("penwidth", "1.2"),
      ("margin", "0.12,0.05"),
    ]
    edgeDefaults = [("color", Palette.edge), ("arrowsize", "0.7"), ("penwidth", "1.0")]

    var nameOfID: [String: String] = [:]
    nameOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { nameOfID[node.id] = "n\(index)" }

    let hottest = Palette.hottestNanos(in: snapshot)
    for (index, node) in snapshot.nodes.enumerated() {
      var described = Self.describe(node, name: "n\(index)", heat: options.heat ? hottest : nil, compact: isLarge)
      if let mark = marks?.nodes[node.id] {
        Self.apply(mark, DifferenceMarks.nodeAttributes(mark), to: &described.attributes)
      }
      nodes.append(described)
    }

    for (index, edge) in snapshot.edges.enumerated() {
      guard let tail = nameOfID[edge.from], let head = nameOfID[edge.to] else { continue }
      // The SVG group's id (`e3`) is the edge's index in the snapshot, for the HTML report.
      var attributes = [("id", "e\(index)")]
      var classes: [String] = []
      if edge.kind == .drives {
        // A store's action wrote the atom (through a subscriber): not a dependency.
        classes.append("drives")
        attributes += [
          ("tooltip", LabelText.attribute("\(edge.from) drives \(edge.to)")), ("style", "dashed"),
          ("color", Palette.driveEdge),
        ]
      } else {
        attributes.append(("tooltip", LabelText.attribute("\(edge.from) → \(edge.to)")))
      }
      if let mark = marks?.edges[edge] {
        classes.append(mark.rawValue)
        attributes += DifferenceMarks.edgeAttributes(mark)
      }
      if !classes.isEmpty { attributes.append(("class", classes.joined(separator: " "))) }
      edges.append(Edge(tail: tail, head: head, attributes: attributes))
    }
    if let overview {
      addGroups(of: overview, nameOfID: nameOfID, heat: options.heat)
      // Within the 3:1 the issue asks of an overview, with room for the margins.
      maximumAspect = 2.8
    }
    LayoutSettings.staggerSources(of: &self, isLarge: isLarge)
    let drawsSubscribers = options.showsSubscribers && !snapshot.subscriptions.isEmpty
    if drawsSubscribers { addSubscriberLeaves(of: snapshot, nameOfID: nameOfID) }

    clusters = Self.clusters(for: snapshot, nameOfID: nameOfID, families: familyClusters)
    if options.showsLegend {
      let drives = snapshot.edges.contains { $0.kind == .drives }
      let legend = Self.legend(
        heat: options.heat, difference: marks != nil, drives: drives, subscribers: drawsSubscribers,
        pageMarks: options.forReportPage, groups: overview.map { Set($0.groups.map(\.kind)) } ?? [])
      clusters.append(legend.cluster)
      edges += legend.rows
      if drives {
        edges.append(
          Edge(
            tail: "legend_drives_store", head: "legend_drives_atom",
            attributes: [
              ("style", "dashed"), ("color", Palette.driveEdge), ("class", "legend drives"),
              ("tooltip", "a store drives an atom: its action's subscriber wrote it"),
            ]))
      }
    }
    ComponentTiling.tile(
      &self, widthPerRank: overview == nil ? ComponentTiling.nodeWidthPerRank : ComponentTiling.groupWidthPerRank)
  }

  // MARK: - Nodes

  private static func describe(_ node: SnapshotNode, name: String, heat hottest: Int?, compact: Bool) -> Node {
    // The SVG group's id is the synthetic name (`n12`, the node's index), for the HTML report.
    let heatFill = hottest.flatMap { Palette.heatFill(for: node, hottestNanos: $0) }
    let look = NodeLook(kind: node.kind, isAsync: node.isAsync, status: node.status, heatFill: heatFill)
    let text = look.needsLightText ? LabelColors.onDark : .onLight
    var attributes: [(String, String)] = [("id", name), ("class", look.classes)]
    attributes += look.attributes
    attributes += [("fontcolor", text.main), ("tooltip", LabelText.attribute(tooltip(for: node)))]
    return Node(name: name, attributes: attributes, htmlLabel: label(for: node, compact: compact, colors: text))
  }

  /// Adds a difference mark: its class joins the node's, its look goes after the node's own.
  private static func apply(
    _ mark: DifferenceMarks.Mark, _ look: [(String, String)], to attributes: inout [(String, String)]
  ) {
    if let index = attributes.firstIndex(where: { $0.0 == "class" }) {
      attributes[index].1 += " " + mark.rawValue
    } else {
      attributes.append(("class", mark.rawValue))
    }
    if mark == .removed, let index = attributes.firstIndex(where: { $0.0 == "style" }) {
      attributes[index].1 += ",dashed"
    }
    attributes += look
  }

  /// The colours of a label's lines: every line must stay readable on the node's fill.
  struct LabelColors {
    var main: String
    var muted: String
    var error: String

    static let onLight = LabelColors(main: "#000000", muted: Palette.mutedText, error: Palette.errorText)
    static let onDark = LabelColors(main: "#ffffff", muted: "#f1f3f5", error: "#ffe3e3")

  }

  /// Name in bold; then the value type, a short preview, the status and evaluation statistics.
  private static func label(for node: SnapshotNode, compact: Bool, colors: LabelColors) -> String {
    let limit = compact ? 24 : 32
    var lines = ["<B>\(LabelText.html(LabelText.preview(displayName(of: node), limit: compact ? 32 : 48)))</B>"]
    var detail: [String] = []
    if node.isAsync { detail.append("async") }
    if let valueType = node.valueType { detail.append(LabelText.preview(valueType, limit: limit)) }
    if !detail.isEmpty {
      lines.append(
        "<FONT POINT-SIZE=\"10\" COLOR=\"\(colors.muted)\">\(LabelText.html(detail.joined(separator: " · ")))</FONT>"
      )
    }
    switch node.status {
    case .loading:
      lines.append("<FONT POINT-SIZE=\"10\"><I>loading…</I></FONT>")
    case .error:
      let message = node.error.map { "error: " + LabelText.preview($0, limit: limit) } ?? "error"
      lines.append("<FONT POINT-SIZE=\"10\" COLOR=\"\(colors.error)\">\(LabelText.html(message))</FONT>")
    case .ready, nil:
      if let value = node.value, !compact {
        lines.append("<FONT POINT-SIZE=\"10\">\(LabelText.html("= " + LabelText.preview(value, limit: limit)))</FONT>")
      }
    }
    if let stats = node.evaluations {
      // A sampled total is an estimate: "≈".
      let total = (stats.isSampled ? "≈" : "") + DurationText.format(nanos: stats.estimatedTotalNanos)
      let text = "\(stats.count) eval\(stats.count == 1 ? "" : "s") · \(total)"
      lines.append("<FONT POINT-SIZE=\"9\" COLOR=\"\(colors.muted)\">\(LabelText.html(text))</FONT>")
    }
    return lines.joined(separator: "<BR/>")
  }

  private static func displayName(of node: SnapshotNode) -> String {
    if let label = node.label { return label }
    if let family = node.family, let parameter = node.parameter, node.id.hasPrefix(family) {
      return "(\(parameter))"
    }
    if let owner = node.owner, node.id.hasPrefix(owner + ".") {
      return String(node.id.dropFirst(owner.count + 1))
    }
    return node.id
  }

  /// The most characters of a value or error a tooltip shows: a snapshot's previews are far
  /// shorter (200 by default), but one written by hand or another tool may hold megabytes, which
  /// would otherwise be copied into every drawing of the node.
  static let tooltipTextLimit = 4_000

  /// Everything known about the node, its value and error up to ``tooltipTextLimit`` characters.
  private static func tooltip(for node: SnapshotNode) -> String {
    var lines = ["\(node.id) (\(node.isAsync ? "async " : "")\(node.kind.rawValue))"]
    if let family = node.family { lines.append("family: \(family)" + (node.parameter.map { "(\($0))" } ?? "")) }
    if let owner = node.owner { lines.append("owner: \(owner)") }
    if let valueType = node.valueType { lines.append("type: \(valueType)") }
    if let status = node.status { lines.append("status: \(status.rawValue)") }
    if let error = node.error { lines.append("error: " + TextPreview.cut(error, limit: tooltipTextLimit)) }
    if let value = node.value { lines.append("value: " + TextPreview.cut(value, limit: tooltipTextLimit)) }
    if let subscribers = node.subscribers { lines.append("subscribers: \(subscribers)") }
    if let stats = node.evaluations {
      var text = "evaluations: \(stats.count)"
      if stats.isSampled {
        text += " (\(stats.timedCount ?? 0) timed), total ≈\(DurationText.format(nanos: stats.estimatedTotalNanos))"
      } else {
        text += ", total \(DurationText.format(nanos: stats.totalNanos))"
      }
      if let max = stats.maxNanos { text += ", max \(DurationText.format(nanos: max))" }
      if let last = stats.lastNanos { text += ", last \(DurationText.format(nanos: last))" }
      lines.append(text)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Clusters

  /// Stores become clusters holding themselves, their slices and selectors; family members are
  /// grouped in a family cluster, inside their store's cluster when they have an owner.
  private static func clusters(for snapshot: Snapshot, nameOfID: [String: String], families: Bool) -> [Cluster] {
    var storeOrder: [String] = []
    var storeMembers: [String: [String]] = [:]
    var familyOrder: [String] = []
    var familyMembers: [String: [String]] = [:]
    var familyOwner: [String: String] = [:]
    let storeIDs = Set(snapshot.nodes.lazy.filter { $0.kind == .store }.map(\.id))
    for node in snapshot.nodes {
      guard let name = nameOfID[node.id] else { continue }
      if node.kind == .store {
        if storeMembers[node.id] == nil { storeOrder.append(node.id) }
        storeMembers[node.id, default: []].insert(name, at: 0)
        continue
      }
      if families, let family = node.family {
        if familyMembers[family] == nil { familyOrder.append(family) }
        familyMembers[family, default: []].append(name)
        if let owner = node.owner, storeIDs.contains(owner) { familyOwner[family] = owner }
        continue
      }
      if let owner = node.owner, storeIDs.contains(owner) {
        if storeMembers[owner] == nil { storeOrder.append(owner) }
        storeMembers[owner, default: []].append(name)
      }
    }
    var familyClusters: [String: [Cluster]] = [:]
    var topLevel: [Cluster] = []
    let framed = framedFamilies(familyOrder, of: snapshot)
    for (index, family) in familyOrder.enumerated() where framed.contains(family) {
      let cluster = Cluster(
        name: "cluster_family_\(index)",
        attributes: [
          ("style", "dashed,rounded,filled"), ("fillcolor", Palette.familyFill), ("color", Palette.familyBorder),
          ("tooltip", LabelText.attribute("family \(family)")),
        ],
        htmlLabel:
          "<FONT POINT-SIZE=\"10\" COLOR=\"\(Palette.mutedText)\">family </FONT><B>\(LabelText.html(family))</B>",
        nodeNames: familyMembers[family, default: []], clusters: [])
      if let owner = familyOwner[family] {
        familyClusters[owner, default: []].append(cluster)
      } else {
        topLevel.append(cluster)
      }
    }
    var stores: [Cluster] = []
    for (index, store) in storeOrder.enumerated() {
      stores.append(
        Cluster(
          name: "cluster_store_\(index)",
          attributes: [
            ("style", "rounded,filled"), ("fillcolor", Palette.clusterFill), ("color", Palette.storeBorder),
            ("penwidth", "1.5"), ("tooltip", LabelText.attribute("store \(store)")),
          ],
          htmlLabel:
            "<FONT POINT-SIZE=\"10\" COLOR=\"\(Palette.mutedText)\">store </FONT><B>\(LabelText.html(store))</B>",
          nodeNames: storeMembers[store, default: []], clusters: familyClusters[store, default: []]))
    }
    return stores + topLevel
  }

  /// The most dependency levels a family's members may span and still be framed as one.
  static let framedFamilyLevels = 3

  /// The families whose members sit on at most ``framedFamilyLevels`` ranks: siblings such as
  /// `Catalog.stock("BT-42")`, `Catalog.stock("SC-07")`. A family whose members are spread down
  /// the graph (each reading the one before, or read at every depth) is not framed: its frame
  /// would span the picture across everything between, and Graphviz's whole-graph ranker fails
  /// on such frames ("trouble in init_rank"), so a large graph was laid out twice. A node's
  /// rank is its dependency level, and an atom's (which reads nothing) just above its nearest
  /// reader, where dot puts it.
  private static func framedFamilies(_ families: [String], of snapshot: Snapshot) -> Set<String> {
    guard !families.isEmpty else { return [] }
    let levels = DependencyLevels(snapshot).level
    var rank = levels
    var indexOfID: [String: Int] = [:]
    indexOfID.reserveCapacity(snapshot.nodes.count)
    for (index, node) in snapshot.nodes.enumerated() { indexOfID[node.id] = index }
    var nearestReader: [Int: Int] = [:]
    for edge in snapshot.edges {
      guard let from = indexOfID[edge.from], levels[from] == 0, snapshot.nodes[from].family != nil,
        let to = indexOfID[edge.to]
      else { continue }
      nearestReader[from] = min(nearestReader[from] ?? .max, levels[to])
    }
    for (node, reader) in nearestReader { rank[node] = max(reader - 1, 0) }
    var span: [String: (low: Int, high: Int)] = [:]
    for (index, node) in snapshot.nodes.enumerated() {
      guard let family = node.family else { continue }
      let known = span[family] ?? (rank[index], rank[index])
      span[family] = (min(known.low, rank[index]), max(known.high, rank[index]))
    }
    return Set(families.filter { family in span[family].map { $0.high - $0.low < framedFamilyLevels } ?? true })
  }

  /// A small cluster explaining the shapes and colours, in rows (kinds and states; boxes,
  /// groups and subscriptions; marks), held one under the other by invisible edges (`rows`), so
  /// that it is no wider than a few samples.
  private static func legend(
    heat: Bool, difference: Bool, drives: Bool, subscribers: Bool, pageMarks: Bool,
    groups: Set<GraphOverview.Group.Kind>
  ) -> (cluster: Cluster, rows: [Edge]) {
    let samples = legendKindSamples(heat: heat)
    let marks = difference ? legendDifferenceMarks() : []
    let pageMarkSamples = pageMarks ? legendPageMarks() : []
    // A dashed edge from a store to an atom: the store drives it.
    let driving: [Node] =
      drives
      ? [
        legendSample("legend_drives_store", "store or slice", NodeLook(kind: .store)),
        legendSample("legend_drives_atom", "atom it drives (dashed)", NodeLook(kind: .atom)),
      ] : []
    let subscriber: [Node] =
      subscribers ? [legendSample("legend_subscriber", "subscription (a view, a scope)", NodeLook.subscriber())] : []
    let groupSamples = legendGroupSamples(groups)
    let entries = samples + subscriber + groupSamples + marks + pageMarkSamples + driving
    let rows = [
      Array(samples.prefix(7)), Array(samples.dropFirst(7)) + subscriber + groupSamples, marks + pageMarkSamples,
    ]
    .filter { !$0.isEmpty }
    var below: [Edge] = []
    for (upper, lower) in zip(rows, rows.dropFirst()) {
      for (column, node) in lower.enumerated() {
        below.append(
          Edge(
            tail: upper[column % upper.count].name, head: node.name,
            attributes: [("style", "invis"), ("class", "legend")]))
      }
    }
    let cluster = Cluster(
      name: "cluster_legend",
      attributes: [("style", "rounded"), ("color", "#adb5bd"), ("fontsize", "10"), ("tooltip", "legend")],
      htmlLabel: "<B>legend</B>", nodeNames: entries.map(\.name), clusters: [],
      legendNodes: entries)
    return (cluster, below)
  }

  /// A legend's sample node, with its text as label and tooltip.
  private static func legendSample(_ name: String, _ text: String, _ attributes: [(String, String)]) -> Node {
    Node(
      name: name, attributes: attributes + [("fontsize", "10"), ("tooltip", LabelText.attribute(text))],
      htmlLabel: LabelText.html(text))
  }

  /// A legend's sample drawn as the graph draws a node of that look.
  private static func legendSample(_ name: String, _ text: String, _ look: NodeLook) -> Node {
    legendSample(name, text, look.attributes + [("class", "legend " + look.classes)])
  }

  /// The kinds, states and boxes every legend shows.
  private static func legendKindSamples(heat: Bool) -> [Node] {
    [
      legendSample("legend_atom", "atom", NodeLook(kind: .atom)),
      legendSample(
        "legend_selector", heat ? "selector (hotter = darker)" : "selector",
        NodeLook(kind: .selector, heatFill: heat ? Palette.heat[5] : nil)),
      legendSample("legend_async", "async", NodeLook(kind: .selector, isAsync: true)),
      legendSample("legend_loading", "loading", NodeLook(kind: .selector, status: .loading)),
      legendSample("legend_error", "error", NodeLook(kind: .selector, status: .error)),
      legendSample("legend_store", "store", NodeLook(kind: .store)),
      legendSample("legend_slice", "slice", NodeLook(kind: .slice)),
      // Clusters are drawn as boxes around their members; these samples look the same.
      legendSample(
        "legend_store_box", "store box: its slices and selectors",
        [
          ("shape", "box"), ("style", "rounded,filled"), ("fillcolor", Palette.clusterFill),
          ("color", Palette.storeBorder), ("penwidth", "1.5"), ("class", "legend"),
        ]),
      legendSample(
        "legend_family_box", "family box: its members",
        [
          ("shape", "box"), ("style", "dashed,rounded,filled"), ("fillcolor", Palette.familyFill),
          ("color", Palette.familyBorder), ("class", "legend"),
        ]),
    ]
  }

  /// A drawing of a difference explains its marks too.
  private static func legendDifferenceMarks() -> [Node] {
    [DifferenceMarks.Mark.added, .removed, .changed, .slower].map { mark in
      var attributes: [(String, String)] = [
        ("shape", "box"), ("style", "filled,rounded"), ("fillcolor", "#ffffff"), ("class", "legend"),
      ]
      apply(mark, DifferenceMarks.nodeAttributes(mark), to: &attributes)
      return legendSample("legend_\(mark.rawValue)", mark.rawValue, attributes)
    }
  }

  /// On a report page: the marks the page draws on nodes, as it draws them (report.css).
  private static func legendPageMarks() -> [Node] {
    [
      ("selected", "selected", Palette.selectedMark, "4", false),
      ("upstream", "what it reads (upstream)", Palette.upstreamMark, "2.5", false),
      ("downstream", "what reads it (downstream)", Palette.downstreamMark, "2.5", false),
      ("match", "search match", Palette.matchMark, "3", false),
      ("written", "written by the chosen entry", Palette.writtenMark, "3.5", true),
    ].map { name, text, color, width, dashed in
      legendSample(
        "legend_mark_\(name)", text,
        [
          ("shape", "box"), ("style", dashed ? "filled,rounded,dashed" : "filled,rounded"),
          ("fillcolor", "#ffffff"), ("color", color), ("penwidth", width), ("class", "legend mark"),
        ])
    }
  }

  /// An overview's groups, in a fixed order.
  private static func legendGroupSamples(_ groups: Set<GraphOverview.Group.Kind>) -> [Node] {
    [GraphOverview.Group.Kind.module, .store, .family, .levels].filter(groups.contains).map { kind in
      let look = groupLook(of: kind)
      let text =
        switch kind {
        case .module: "namespace (Catalog.*), collapsed"
        case .store: "store, collapsed"
        case .family: "family, collapsed"
        case .levels: "nodes of consecutive levels"
        case .run: "nodes in order, a page's worth"
        }
      return legendSample(
        "legend_group_\(kind.rawValue)", text,
        [
          ("shape", look.shape), ("style", look.style), ("fillcolor", look.fill), ("color", look.border),
          ("class", "legend"),
        ])
    }
  }
}

extension GraphDescription.Cluster {
  /// A cluster whose nodes exist only inside it (the legend's samples).
  init(
    name: String, attributes: [(String, String)], htmlLabel: String, nodeNames: [String],
    clusters: [GraphDescription.Cluster], legendNodes: [GraphDescription.Node]
  ) {
    self.init(name: name, attributes: attributes, htmlLabel: htmlLabel, nodeNames: nodeNames, clusters: clusters)
    self.ownNodes = legendNodes
  }
}
