/// What differs between two snapshots: structure (nodes, edges, kinds, types, owners,
/// families), values, and selectors that got slower.
package struct GraphDifference: Sendable {
  package struct NodeChange: Sendable {
    package var id: String
    package var description: String
  }

  package struct ValueChange: Sendable {
    package var id: String
    package var before: String?
    package var after: String?
  }

  /// A selector whose mean or total time grew by the `slower` factor and by at least 10 µs.
  package struct TimingChange: Sendable {
    package var id: String
    package var before: SnapshotEvaluations
    package var after: SnapshotEvaluations
    /// The larger of the mean's and the total's growth.
    package var ratio: Double

    /// Which time grew past the factor: the mean (each evaluation is slower), the total (it
    /// ran more often, or longer), or both.
    package enum Growth: String, Sendable {
      case mean, total, both
    }

    /// Which time grew past the factor; a total that grew while the mean did not means it
    /// ran more often.
    package var grew: Growth

    /// Times as the difference shows them: `mean 12.0 µs, total 24.0 µs, 2 evals`.
    package static func show(_ stats: SnapshotEvaluations) -> String {
      "mean \(stats.meanNanos.map { DurationText.format(nanos: $0) } ?? "-"), total "
        + DurationText.format(nanos: stats.estimatedTotalNanos) + ", \(stats.count) evals"
    }

    /// The growth, to a tenth: `3.0×`.
    package var ratioText: String { "\((ratio * 10).rounded() / 10)×" }

    package var description: String {
      let times = ratioText
      var text = "\(Self.show(before)) -> \(Self.show(after)) "
      switch grew {
      case .mean: text += "(mean \(times))"
      case .both: text += "(mean and total \(times))"
      case .total where after.count > before.count && (after.meanNanos ?? 0) <= (before.meanNanos ?? 0):
        text += "(total \(times): it ran more often, each run no slower)"
      case .total where after.count > before.count:
        text += "(total \(times): it ran more often)"
      case .total: text += "(total \(times))"
      }
      return text
    }
  }

  /// Less than this much more time is never "slower", whatever the ratio: noise.
  package static let minimumSlowdownNanos = 10_000

  package var addedNodes: [SnapshotNode] = []
  package var removedNodes: [SnapshotNode] = []
  package var changedNodes: [NodeChange] = []
  package var addedEdges: [SnapshotEdge] = []
  package var removedEdges: [SnapshotEdge] = []
  package var values: [ValueChange] = []
  package var timings: [TimingChange] = []

  /// Whether the structure is the same (values and timings aside).
  package var isEmpty: Bool {
    addedNodes.isEmpty && removedNodes.isEmpty && changedNodes.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
  }

  /// Compares two snapshots; `slower` is the factor of ``slowdown(_:_:_:)``.
  package init(from before: Snapshot, to after: Snapshot, slower: Double = 1.5) {
    let old = Dictionary(before.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(after.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    addedNodes = after.nodes.filter { old[$0.id] == nil }
    removedNodes = before.nodes.filter { new[$0.id] == nil }
    for node in after.nodes {
      guard let previous = old[node.id] else { continue }
      var parts: [String] = []
      func compare(_ name: String, _ a: String?, _ b: String?) {
        if a != b { parts.append("\(name) \(a ?? "none") -> \(b ?? "none")") }
      }
      compare("kind", previous.kind.rawValue, node.kind.rawValue)
      compare("type", previous.valueType, node.valueType)
      compare("owner", previous.owner, node.owner)
      compare("path", previous.statePath, node.statePath)
      compare("family", previous.family, node.family)
      if previous.isAsync != node.isAsync { parts.append(node.isAsync ? "became async" : "no longer async") }
      if !parts.isEmpty { changedNodes.append(NodeChange(id: node.id, description: parts.joined(separator: ", "))) }
      if previous.value != node.value {
        values.append(ValueChange(id: node.id, before: previous.value, after: node.value))
      }
      if let old = previous.evaluations, let new = node.evaluations,
        let (ratio, grew) = Self.slowdownAndGrowth(old, new, slower)
      {
        timings.append(TimingChange(id: node.id, before: old, after: new, ratio: ratio, grew: grew))
      }
    }
    let oldEdges = Set(before.edges)
    let newEdges = Set(after.edges)
    addedEdges = after.edges.filter { !oldEdges.contains($0) }
    removedEdges = before.edges.filter { !newEdges.contains($0) }
  }

  /// How many times slower `new` is than `old`, if its mean or total grew by `factor` and by at
  /// least ``minimumSlowdownNanos``.
  package static func slowdown(_ old: SnapshotEvaluations, _ new: SnapshotEvaluations, _ factor: Double) -> Double? {
    slowdownAndGrowth(old, new, factor)?.ratio
  }

  /// ``slowdown(_:_:_:)`` with which time grew past `factor`: the mean, the total or both.
  static func slowdownAndGrowth(_ old: SnapshotEvaluations, _ new: SnapshotEvaluations, _ factor: Double) -> (
    ratio: Double, grew: TimingChange.Growth
  )? {
    let mean = growth(old.meanNanos, new.meanNanos, factor: factor)
    let total = growth(old.estimatedTotalNanos, new.estimatedTotalNanos, factor: factor)
    switch (mean, total) {
    case (let mean?, let total?): return (max(mean, total), .both)
    case (let mean?, nil): return (mean, .mean)
    case (nil, let total?): return (total, .total)
    case (nil, nil): return nil
    }
  }

  /// How many times `after` is `before`, when it grew by at least `factor` times and
  /// ``minimumSlowdownNanos``.
  static func growth(_ before: Int?, _ after: Int?, factor: Double) -> Double? {
    guard let before, let after, after - before >= minimumSlowdownNanos else { return nil }
    let ratio = before > 0 ? Double(after) / Double(before) : .infinity
    return ratio >= factor ? ratio : nil
  }

  /// `{"nodes": {"added", "removed", "changed"}, "edges": {"added", "removed"}, "values": [...], "timings": [...]}`.
  package func json() -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.beginObject(key: "nodes")
    writer.writeInlines(key: "added", addedNodes) { [("id", $0.id), ("kind", $0.kind.rawValue)] }
    writer.writeInlines(key: "removed", removedNodes) { [("id", $0.id), ("kind", $0.kind.rawValue)] }
    writer.writeInlines(key: "changed", changedNodes) { [("id", $0.id), ("change", $0.description)] }
    writer.endObject()
    writer.beginObject(key: "edges")
    writer.writeInlines(key: "added", addedEdges) { [("from", $0.from), ("to", $0.to)] }
    writer.writeInlines(key: "removed", removedEdges) { [("from", $0.from), ("to", $0.to)] }
    writer.endObject()
    writer.writeObjects(key: "values", values) { writer, value in
      writer.write("id", value.id)
      writer.write("before", value.before)
      writer.write("after", value.after)
    }
    writer.writeObjects(key: "timings", timings) { writer, timing in
      writer.write("id", timing.id)
      for (key, stats) in [("before" as StaticString, timing.before), ("after", timing.after)] {
        writer.beginObject(key: key)
        writer.write("count", stats.count)
        writer.write("meanNanos", stats.meanNanos)
        writer.write("totalNanos", stats.estimatedTotalNanos)
        writer.endObject()
      }
      writer.write("ratio", twoDecimals: timing.ratio)
      writer.write("grew", timing.grew.rawValue)
    }
    writer.endObject()
    return writer.text
  }
}
