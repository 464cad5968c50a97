import RecoilSnapshot

/// A selector's wasted work: evaluations in the timeline whose result equalled the previous
/// value, the question MobX users ask with `whyRun`.
struct WastedWork {
  var node: String
  /// Evaluations that changed nothing.
  var wasted: Int
  /// All its evaluations in the timeline.
  var evaluations: Int
  /// The time of the wasted evaluations that were timed.
  var timedNanos: Int

  /// Every selector with wasted evaluations, most wasted first (then most time, then id).
  static func ranked(in snapshot: Snapshot) -> [WastedWork] {
    var rows: [String: WastedWork] = [:]
    for event in snapshot.timeline where event.kind == .evaluation {
      guard let node = event.node else { continue }
      var row = rows[node] ?? WastedWork(node: node, wasted: 0, evaluations: 0, timedNanos: 0)
      row.evaluations += 1
      if event.changed == false {
        row.wasted += 1
        row.timedNanos = row.timedNanos.addingSaturated(event.durationNanos ?? 0)
      }
      rows[node] = row
    }
    return rows.values.filter { $0.wasted > 0 }.sorted {
      ($0.wasted, $0.timedNanos, $1.node) > ($1.wasted, $1.timedNanos, $0.node)
    }
  }
}

/// Something still going on when the snapshot was taken: an async node loading, an effect
/// running.
struct InFlight {
  /// `loading` or `effect`.
  var kind: String
  /// The node's id, or the effect's.
  var name: String
  var store: String?
  /// An atom effect's atom; `nil` for the other rows.
  var node: String?
  /// The timeline entry it started with, when known.
  var seq: Int?
  /// When it started, in nanoseconds since recording started, when known.
  var sinceNanos: Int?

  /// Loading nodes (since their latest evaluation), then effect runs started and not ended.
  static func all(in snapshot: Snapshot) -> [InFlight] {
    var rows: [InFlight] = []
    for node in snapshot.nodes where node.status == .loading {
      let start = snapshot.timeline.last { $0.node == node.id && $0.kind == .evaluation }
      rows.append(InFlight(kind: "loading", name: node.id, seq: start?.seq, sinceNanos: start?.atNanos))
    }
    // An effect's end names its start as its cause.
    let ended = Set(snapshot.timeline.filter { $0.kind == .effect && $0.phase != "started" }.compactMap(\.cause))
    for event in snapshot.timeline where event.kind == .effect && event.phase == "started" && !ended.contains(event.seq)
    {
      rows.append(
        InFlight(
          kind: "effect", name: event.name ?? "?", store: event.store, node: event.node, seq: event.seq,
          sinceNanos: event.atNanos))
    }
    return rows
  }
}
