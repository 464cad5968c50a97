import RecoilSnapshot

/// The answer to one ``QueryCommand`` question, worked out once and printed as text or JSON.
struct QueryAnswer {
  private enum Rows {
    case reached(start: String, downstream: Bool, [Snapshot.Reach])
    case slowest([SnapshotNode])
    case slowestSubscribers([SnapshotSubscription])
    case subscriptions(node: String, [SnapshotSubscription])
    case wasted([WastedWork])
    case churn([CausalWork.NodeWork])
    case inFlight(elapsedNanos: Int?, [InFlight])
    case failing([SnapshotNode])
    case loading([SnapshotNode])
    case cycles([[String]])
  }

  private let rows: Rows
  private let kindOfID: [String: SnapshotNodeKind]
  private let ranking: QueryCommand.Ranking

  init(
    question: QueryCommand.Question, snapshot: Snapshot, depth: Int?, ranking: QueryCommand.Ranking, limit: Int
  ) throws(CommandFailure) {
    self.ranking = ranking
    let kinds = Dictionary(snapshot.nodes.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
    kindOfID = kinds
    func known(_ id: String, _ option: String) throws(CommandFailure) {
      guard kinds[id] == nil else { return }
      throw .usage(.unknownName(option: option, kind: "node", name: id, known: snapshot.nodes.map(\.id)))
    }
    switch question {
    case .dependents(let id):
      try known(id, "--dependents")
      rows = .reached(start: id, downstream: true, snapshot.dependents(of: id, maximumDepth: depth))
    case .dependencies(let id):
      try known(id, "--dependencies")
      rows = .reached(start: id, downstream: false, snapshot.dependencies(of: id, maximumDepth: depth))
    case .slowest:
      let measured = snapshot.nodes.filter { $0.evaluations != nil }
      let key: (SnapshotNode) -> Int = {
        switch ranking {
        case .total: $0.evaluations?.estimatedTotalNanos ?? 0
        case .mean: $0.evaluations?.meanNanos ?? 0
        case .count: $0.evaluations?.count ?? 0
        }
      }
      rows = .slowest(Array(measured.sorted { (key($0), $1.id) > (key($1), $0.id) }.prefix(limit)))
    case .slowestSubscribers:
      let key: (SnapshotSubscription) -> Int = {
        switch ranking {
        case .total: $0.timings?.estimatedTotalNanos ?? 0
        case .mean: $0.timings?.meanNanos ?? 0
        case .count: $0.calls
        }
      }
      let ranked = snapshot.subscriptions.filter { $0.calls > 0 }.sorted { (key($0), $1.id) > (key($1), $0.id) }
      rows = .slowestSubscribers(Array(ranked.prefix(limit)))
    case .subscribers(let id):
      try known(id, "--subscribers")
      rows = .subscriptions(node: id, snapshot.subscriptions.filter { $0.node == id })
    case .wasted:
      rows = .wasted(Array(WastedWork.ranked(in: snapshot).prefix(limit)))
    case .churn:
      rows = .churn(Array(CausalWork(snapshot).nodes.prefix(limit)))
    case .inFlight:
      rows = .inFlight(elapsedNanos: snapshot.elapsedNanos, InFlight.all(in: snapshot))
    case .errors:
      rows = .failing(snapshot.nodes.filter { $0.status == .error })
    case .loading:
      rows = .loading(snapshot.nodes.filter { $0.status == .loading })
    case .cycles:
      rows = .cycles(snapshot.cycles())
    }
  }

  // MARK: - Text

  // One function by design: one switch over the kinds of answer, each case its few lines,
  // so that the compiler checks that every question is answered.
  func text(style: TerminalStyle) -> String {
    var lines: [String] = []
    switch rows {
    case .reached(let start, let downstream, let reached):
      guard !reached.isEmpty else {
        return style.plain(downstream ? "nothing depends on \(start)" : "\(start) depends on nothing") + "\n"
      }
      let count = "\(reached.count) node\(reached.count == 1 ? "" : "s")"
      lines.append(
        downstream
          ? "\(count) depend\(reached.count == 1 ? "s" : "") on \(style.bold(start)):"
          : "\(style.bold(start)) depends on \(count):")
      for reach in reached {
        // Indented by depth up to a point; the depth is in the line's hop count anyway.
        let indent = String(repeating: "  ", count: min(reach.depth, 12))
        lines.append("\(indent)\(style.plain(reach.id)) \(style.dim("(\(kind(reach.id)), \(hops(reach.depth)))"))")
      }
    case .slowest(let nodes):
      guard !nodes.isEmpty else { return "no evaluations recorded\n" }
      lines.append(style.dim("rank  total      mean       count  selector (by \(ranking.rawValue))"))
      for (rank, node) in nodes.enumerated() {
        let stats = node.evaluations ?? SnapshotEvaluations(count: 0, totalNanos: 0)
        let total = (stats.isSampled ? "≈" : "") + DurationText.format(nanos: stats.estimatedTotalNanos)
        let mean = stats.meanNanos.map { DurationText.format(nanos: $0) } ?? "-"
        lines.append(
          pad("\(rank + 1)", 6) + pad(total, 11) + pad(mean, 11) + pad("\(stats.count)", 7) + style.plain(node.id))
      }
    case .wasted(let selectors):
      guard !selectors.isEmpty else {
        return "no wasted evaluations recorded (every re-evaluation changed its value)\n"
      }
      lines.append(style.dim("rank  wasted  of     time       selector"))
      for (rank, row) in selectors.enumerated() {
        let time = row.timedNanos > 0 ? DurationText.format(nanos: row.timedNanos) : "-"
        lines.append(
          pad("\(rank + 1)", 6) + pad("\(row.wasted)", 8) + pad("\(row.evaluations)", 7) + pad(time, 11)
            + style.plain(row.node))
      }
    case .slowestSubscribers(let subscriptions):
      guard !subscriptions.isEmpty else { return "no subscription callbacks recorded\n" }
      lines.append(style.dim("rank  total      mean       calls  subscription (node; by \(ranking.rawValue))"))
      for (rank, subscription) in subscriptions.enumerated() {
        let stats = subscription.timings
        let total = stats.map { ($0.isSampled ? "≈" : "") + DurationText.format(nanos: $0.estimatedTotalNanos) } ?? "-"
        let mean = stats?.meanNanos.map { DurationText.format(nanos: $0) } ?? "-"
        lines.append(
          pad("\(rank + 1)", 6) + pad(total, 11) + pad(mean, 11) + pad("\(subscription.calls)", 7)
            + style.plain(subscription.name) + style.dim(" (") + style.plain(subscription.node) + style.dim(")"))
      }
    case .subscriptions(let node, let subscriptions):
      guard !subscriptions.isEmpty else { return style.plain("\(node) has no subscriptions recorded") + "\n" }
      let count = "\(subscriptions.count) subscription\(subscriptions.count == 1 ? "" : "s")"
      lines.append("\(style.bold(node)) has \(count):")
      for subscription in subscriptions {
        var line = "  " + style.plain(subscription.name)
        if subscription.label != nil, let site = subscription.site { line += style.dim(" at ") + style.plain(site) }
        var facts = ["\(subscription.calls) call\(subscription.calls == 1 ? "" : "s")"]
        if let mean = subscription.timings?.meanNanos { facts.append("mean " + DurationText.format(nanos: mean)) }
        if let max = subscription.timings?.maxNanos { facts.append("max " + DurationText.format(nanos: max)) }
        if !subscription.isActive { facts.append("ended") }
        lines.append(line + style.dim("  (" + facts.joined(separator: ", ") + ")"))
      }
    case .churn(let nodes):
      guard !nodes.isEmpty else { return "no writes or evaluations recorded\n" }
      lines.append(style.dim("rank  most  for     work   causes  fan-out  wasted  node"))
      for (rank, row) in nodes.enumerated() {
        // More than once for one cause: the entry that went past one says where to look.
        let most =
          row.mostInOneCause > 1 ? style.yellow(pad("\(row.mostInOneCause)", 6)) : pad("\(row.mostInOneCause)", 6)
        lines.append(
          pad("\(rank + 1)", 6) + most + pad("#\(row.mostCause)", 8) + pad("\(row.work)", 7) + pad("\(row.causes)", 8)
            + pad("\(row.fanOut)", 9) + pad("\(row.wasted)", 8) + style.plain(row.id)
            + (row.mostInOneCause > 1 ? style.dim("  (again at #\(row.mostEntry))") : ""))
      }
    case .inFlight(let elapsed, let rows):
      guard !rows.isEmpty else { return "nothing in flight\n" }
      for row in rows {
        var line = "\(style.yellow(row.kind)) \(style.plain(row.name))"
        if let node = row.node { line += " of \(style.plain(node))" }
        if let since = row.sinceNanos, let elapsed {
          line += style.dim(" for \(DurationText.format(nanos: max(0, elapsed - since)))")
        }
        if let seq = row.seq { line += style.dim(" (since #\(seq))") }
        lines.append(line)
      }
    case .failing(let nodes):
      guard !nodes.isEmpty else { return "no node is in error\n" }
      for node in nodes {
        lines.append("\(style.red(node.id)): \(style.plain(node.error ?? "(no message)"))")
      }
    case .loading(let nodes):
      guard !nodes.isEmpty else { return "no node is loading\n" }
      for node in nodes { lines.append("\(style.plain(node.id)) \(style.dim("(\(node.kind.rawValue))"))") }
    case .cycles(let cycles):
      guard !cycles.isEmpty else { return "no cycles\n" }
      for cycle in cycles { lines.append(style.plain((cycle + [cycle[0]]).joined(separator: " -> "))) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func kind(_ id: String) -> String { kindOfID[id]?.rawValue ?? "node" }
  private func hops(_ depth: Int) -> String { depth == 1 ? "direct" : "\(depth) hops" }
  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  // MARK: - JSON

  // One function by design: one switch over the kinds of answer, each case its few lines,
  // so that the compiler checks that every question is answered.
  func json() -> String {
    var writer = JSONWriter()
    writer.beginObject()
    switch rows {
    case .reached(let start, let downstream, let reached):
      writer.write("question", downstream ? "dependents" : "dependencies")
      writer.write("node", start)
      writer.writeObjects(key: "nodes", reached) { writer, reach in
        writer.write("id", reach.id)
        writer.write("kind", kind(reach.id))
        writer.write("depth", reach.depth)
      }
    case .slowest(let nodes):
      writer.write("question", "slowest")
      writer.write("by", ranking.rawValue)
      writer.writeObjects(key: "selectors", nodes) { writer, node in
        let stats = node.evaluations ?? SnapshotEvaluations(count: 0, totalNanos: 0)
        writer.write("id", node.id)
        writer.write("count", stats.count)
        writer.write("timedCount", stats.timedCount ?? stats.count)
        writer.write("totalNanos", stats.estimatedTotalNanos)
        writer.write("meanNanos", stats.meanNanos)
        writer.write("maxNanos", stats.maxNanos)
      }
    case .wasted(let selectors):
      writer.write("question", "wasted")
      writer.writeObjects(key: "selectors", selectors) { writer, row in
        writer.write("id", row.node)
        writer.write("wasted", row.wasted)
        writer.write("evaluations", row.evaluations)
        writer.write("wastedNanos", row.timedNanos)
      }
    case .slowestSubscribers(let subscriptions), .subscriptions(_, let subscriptions):
      if case .subscriptions(let node, _) = rows {
        writer.write("question", "subscribers")
        writer.write("node", node)
      } else {
        writer.write("question", "slowestSubscribers")
        writer.write("by", ranking.rawValue)
      }
      writer.writeObjects(key: "subscriptions", subscriptions) { writer, subscription in
        let stats = subscription.timings
        writer.write("id", subscription.id)
        writer.write("node", subscription.node)
        writer.write("label", subscription.label)
        writer.write("site", subscription.site)
        writer.write("calls", subscription.calls)
        writer.write("timedCount", stats.map { $0.timedCount ?? $0.count })
        writer.write("totalNanos", stats?.estimatedTotalNanos)
        writer.write("meanNanos", stats?.meanNanos)
        writer.write("maxNanos", stats?.maxNanos)
        writer.write("active", subscription.isActive)
      }
    case .churn(let nodes):
      writer.write("question", "churn")
      writer.writeObjects(key: "nodes", nodes) { writer, row in
        writer.write("id", row.id)
        writer.write("kind", kind(row.id))
        writer.write("writes", row.writes)
        writer.write("evaluations", row.evaluations)
        writer.write("causes", row.causes)
        writer.write("mostInOneCause", row.mostInOneCause)
        writer.write("mostCause", row.mostCause)
        writer.write("mostEntry", row.mostEntry)
        writer.write("fanOut", row.fanOut)
        writer.write("fanOutEntry", row.fanOutEntry)
        writer.write("wasted", row.wasted)
      }
    case .inFlight(let elapsed, let rows):
      writer.write("question", "inFlight")
      writer.writeObjects(key: "items", rows) { writer, row in
        writer.write("kind", row.kind)
        writer.write("id", row.name)
        writer.write("store", row.store)
        writer.write("node", row.node)
        writer.write("seq", row.seq)
        writer.write("forNanos", row.sinceNanos.flatMap { since in elapsed.map { max(0, $0 - since) } })
      }
    case .failing(let nodes), .loading(let nodes):
      if case .failing = rows { writer.write("question", "errors") } else { writer.write("question", "loading") }
      writer.writeObjects(key: "nodes", nodes) { writer, node in
        writer.write("id", node.id)
        writer.write("kind", node.kind.rawValue)
        writer.write("error", node.error)
      }
    case .cycles(let cycles):
      writer.write("question", "cycles")
      writer.beginArray(key: "cycles")
      for cycle in cycles { writer.writeArray(cycle) }
      writer.endArray()
    }
    writer.endObject()
    return writer.text
  }
}
