import Foundation
import RecoilSnapshot

extension GraphDescription {
  /// Adds an overview's collapsed groups, one node each (`g0`, `g1`… in SVG), and its merged
  /// edges (`m0`, `m1`…), labelled with how many edges each stands for: all of them, or, where
  /// they outnumber what is drawn, the strongest, with the others counted on their groups
  /// (see ``StrongestLinks``).
  mutating func addGroups(of overview: GraphOverview, nameOfID: [String: String], heat: Bool) {
    let hottest = max(Palette.hottestNanos(in: overview.shown), overview.groups.map(\.estimatedNanos).max() ?? 0)
    let links = StrongestLinks(overview)
    for (index, group) in overview.groups.enumerated() {
      nodes.append(
        Self.describe(
          group, name: "g\(index)", hottestNanos: heat ? hottest : nil, lighterLinks: links.folded[index]))
    }
    func name(of end: GraphOverview.End) -> String? {
      switch end {
      case .node(let id): nameOfID[id]
      case .group(let index): "g\(index)"
      }
    }
    func title(of end: GraphOverview.End) -> String {
      switch end {
      case .node(let id): id
      case .group(let index): overview.groups[index].title
      }
    }
    for index in links.drawn {
      let merged = overview.mergedEdges[index]
      guard let tail = name(of: merged.from), let head = name(of: merged.to) else { continue }
      let count = merged.count
      var attributes: [(String, String)] = [
        ("id", "m\(index)"), ("class", "merged"),
        (
          "tooltip",
          LabelText.attribute("\(title(of: merged.from)) → \(title(of: merged.to)): \(Self.counted(count, "edge"))")
        ),
        ("penwidth", String(format: "%.1f", min(1 + log2(Double(count)), 5))),
      ]
      if count > 1 {
        attributes += [("label", String(count)), ("fontsize", "9"), ("fontcolor", Palette.mutedText)]
      }
      edges.append(Edge(tail: tail, head: head, attributes: attributes))
    }
  }

  private static func describe(
    _ group: GraphOverview.Group, name: String, hottestNanos: Int?, lighterLinks: (links: Int, edges: Int)?
  ) -> Node {
    var (shape, fill, border, style) = groupLook(of: group.kind)
    if let hottestNanos, hottestNanos > 0, group.estimatedNanos > 0 {
      fill = Palette.heatColor(fraction: Double(group.estimatedNanos) / Double(hottestNanos))
    }
    var penwidth = "1.5"
    if group.status == .error {
      border = Palette.errorBorder
      penwidth = "2.5"
    } else if group.status == .loading {
      style += ",dashed"
    }
    let colors = Palette.needsLightText(on: fill) ? LabelColors.onDark : .onLight
    let text = groupLabel(of: group)
    var lines = ["<B>\(LabelText.html(text.title))</B>"]
    lines.append("<FONT POINT-SIZE=\"10\" COLOR=\"\(colors.muted)\">\(LabelText.html(text.count))</FONT>")
    if !text.states.isEmpty {
      lines.append("<FONT POINT-SIZE=\"10\" COLOR=\"\(colors.error)\">\(LabelText.html(text.states))</FONT>")
    }
    if !text.evaluations.isEmpty {
      lines.append("<FONT POINT-SIZE=\"9\" COLOR=\"\(colors.muted)\">\(LabelText.html(text.evaluations))</FONT>")
    }
    let lighter = lighterLinks.map { "+ " + counted($0.links, "lighter link") }
    if let lighter {
      lines.append("<FONT POINT-SIZE=\"10\" COLOR=\"\(colors.muted)\">\(LabelText.html(lighter))</FONT>")
    }
    var tooltip = "\(group.title): \(text.count), drawn as one"
    if !text.states.isEmpty { tooltip += "\n" + text.states.replacingOccurrences(of: " · ", with: ", ") }
    if let lighterLinks, let lighter {
      tooltip += "\n\(lighter) not drawn (\(counted(lighterLinks.edges, "edge"))); the strongest are"
    }
    let sample = group.memberIDs.prefix(5).joined(separator: ", ")
    tooltip += "\n" + sample + (group.memberIDs.count > 5 ? ", …" : "")
    let attributes: [(String, String)] = [
      ("id", name), ("class", "group \(group.kind.rawValue)"), ("shape", shape), ("style", style),
      ("fillcolor", fill), ("color", border), ("penwidth", penwidth), ("fontcolor", colors.main),
      ("tooltip", LabelText.attribute(tooltip)),
    ]
    return Node(name: name, attributes: attributes, htmlLabel: lines.joined(separator: "<BR/>"))
  }

  /// The lines of a group's label, as its drawing shows them: its title (bold, at most 48
  /// characters), how many nodes it stands for (10 pt), how many failed and are loading
  /// (10 pt, in the error colour) and its evaluations (9 pt); a line with nothing to say is "".
  ///
  /// ```swift
  /// GraphDescription.groupLabel(of: group).count  // "412 nodes"
  /// ```
  static func groupLabel(of group: GraphOverview.Group) -> (
    title: String, count: String, states: String, evaluations: String
  ) {
    var states: [String] = []
    if group.failedCount > 0 { states.append("\(group.failedCount) failed") }
    if group.loadingCount > 0 { states.append("\(group.loadingCount) loading") }
    var evaluations = ""
    if group.evaluationCount > 0 {
      let total = (group.isSampled ? "≈" : "") + DurationText.format(nanos: group.estimatedNanos)
      evaluations = "\(counted(group.evaluationCount, "eval")) · \(total)"
    }
    return (
      LabelText.preview(group.title, limit: 48), counted(group.memberIDs.count, "node"),
      states.joined(separator: " · "), evaluations
    )
  }

  /// A group's shape and colours, by what it groups.
  static func groupLook(of kind: GraphOverview.Group.Kind) -> (
    shape: String, fill: String, border: String, style: String
  ) {
    switch kind {
    case .family: ("box3d", Palette.familyFill, Palette.familyBorder, "filled")
    case .store: ("tab", Palette.storeFill, Palette.storeBorder, "filled")
    case .module: ("folder", Palette.moduleFill, Palette.moduleBorder, "filled")
    case .levels, .run: ("box", Palette.familyFill, Palette.familyBorder, "filled,rounded")
    }
  }

  /// `1 node`, `12,000 nodes`.
  static func counted(_ count: Int, _ noun: String) -> String {
    // Thousands grouped by commas, as in the rest of the tool's English text.
    var digits = String(count.magnitude)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return "\(count < 0 ? "-" : "")\(digits)\(grouped) \(noun)\(count == 1 ? "" : "s")"
  }
}
