import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// Assembles a snapshot's causal timeline from what the stores, the containers and the
/// inspector's hooks recorded, each entry numbered by its place in the causal order
/// (`CausalOrder`), and names each entry's direct cause.
///
/// Some causes are recorded as they happen: the bound `CauseContext` of a write or an action,
/// the action of a store's notification. The others are found by walking the entries in
/// order (``CauseResolver``): an evaluation triggered by a dependency was caused by that
/// dependency's latest change, a node's notification by its own, a store selector's run by its
/// store's latest action, an effect's end by its start. A write whose chain of causes leads to
/// an action makes the action's store (or the one slice it changed) drive the written atom: an
/// edge of kind `drives`.
struct TimelineBuilder {
  private var entries: [TimelineEntry] = []
  private var dropped = 0
  /// For each action that changed one slice only, by `seq`, its store and that slice's name:
  /// the node that drives what its subscribers write.
  private var changedSlice: [Int: (store: String, slice: Substring)] = [:]
  /// The text of each call site met, as actions repeat a few sites thousands of times.
  private var siteTexts: [SIMD2<UInt64>: String] = [:]
  let redactor: Redactor
  let startNanos: UInt64

  init(redactor: Redactor, startNanos: UInt64) {
    self.redactor = redactor
    self.startNanos = startNanos
  }

  private func since(_ nanos: UInt64) -> Int { Int(clamping: nanos &- startNanos) }

  private mutating func add(_ entry: TimelineEntry) {
    guard entry.event.seq > 0 else { return }  // recorded before causal order existed
    entries.append(entry)
  }

  // MARK: - Sources

  /// Store actions as the stores recorded them, with their descriptions (same order).
  mutating func add(actions: [StoreActionRecord], described: [SnapshotAction]) {
    entries.reserveCapacity(entries.count + 2 * actions.count)  // an action and its notification
    for (record, action) in zip(actions, described) {
      if let root = action.changes.first?.rootComponent, action.changes.allSatisfy({ $0.rootComponent == root }) {
        changedSlice[Int(record.order)] = (record.store, root)
      }
      let site = record.site.map { site in
        if let known = siteTexts[site.storageKey] { return known }
        let text = site.description
        siteTexts[site.storageKey] = text
        return text
      }
      add(TimelineEntry.action(record, described: action, site: site))
      if let notification = TimelineEntry.notification(after: record) { add(notification) }
    }
  }

  /// A store's selectors' evaluations as the store recorded them, named under the store.
  mutating func add(selectorEvaluations: [StoreSelectorEvaluation], store: String) {
    for evaluation in selectorEvaluations {
      add(
        TimelineEntry.storeSelectorEvaluation(
          id: StoreSelectorNode.id(evaluation.selector, store: store), store: store, order: evaluation.order,
          durationNanos: evaluation.durationNanos, atNanos: since(evaluation.startNanos)))
    }
  }

  /// What a container recorded, its node ids prefixed.
  mutating func add(_ recording: EvaluationRecording, prefix: String) {
    dropped += recording.droppedWrites + recording.droppedOccurrences
    for evaluation in recording.timeline {
      add(TimelineEntry.evaluation(evaluation, prefix: prefix, atNanos: since(evaluation.startNanos)))
    }
    add(writes: recording.writes, occurrences: recording.occurrences, prefix: prefix)
  }

  /// A container's writes and occurrences, its node ids prefixed.
  mutating func add(writes: [RecordedWrite], occurrences: [RecordedOccurrence], prefix: String) {
    for write in writes { add(TimelineEntry.write(write, prefix: prefix, redactor: redactor)) }
    for occurrence in occurrences { add(TimelineEntry.occurrence(occurrence, prefix: prefix)) }
  }

  /// What the inspector's journal holds: effects, and what detached stores and containers
  /// left (their store selectors' and atoms' evaluations, writes and occurrences).
  mutating func add(_ journal: InspectorJournal) {
    dropped += journal.timeline.dropped + journal.effects.dropped
    for evaluation in journal.timeline.elements {
      let node = journal.evaluatedNodes[Int(evaluation.node)]
      let atNanos = since(evaluation.startNanos)
      switch (node, evaluation.cause) {
      case (.storeSelector(let id, let store), _):
        add(
          TimelineEntry.storeSelectorEvaluation(
            id: id, store: store, order: evaluation.order, durationNanos: evaluation.durationNanos, atNanos: atNanos))
      case (.atom, let cause):
        // A detached container's evaluation.
        var rule = CauseRule.none
        if case .dependency(let number) = cause { rule = .latestChange(of: journal.evaluatedNodes[Int(number)].id) }
        add(
          TimelineEntry.evaluation(
            node: node.id, trigger: journal.triggerText(cause), rule: rule, order: evaluation.order,
            changed: evaluation.changed, durationNanos: evaluation.durationNanos, atNanos: atNanos))
      }
    }
    for detached in journal.detachedContainers {
      add(writes: detached.writes, occurrences: detached.occurrences, prefix: detached.prefix)
    }
    for effect in journal.effects.elements {
      add(
        TimelineEntry.effect(
          effect.event, order: effect.order, actionSequence: effect.actionSequence, atNanos: since(effect.atNanos),
          redactor: redactor))
    }
  }

  // MARK: - Assembly

  /// The timeline, oldest first and at most `capacity` long, with every cause resolved, how
  /// many entries were dropped, and the `drives` edges between the `known` nodes.
  func finish(capacity: Int, known: Set<String>) -> (timeline: [SnapshotEvent], dropped: Int, drives: [SnapshotEdge]) {
    // Sorted by position rather than moving the entries, which are large.
    var ordered = entries.indices.sorted { entries[$0].event.seq < entries[$1].event.seq }.map { entries[$0] }
    var trimmed = 0
    if ordered.count > capacity {
      trimmed = ordered.count - capacity
      ordered.removeFirst(trimmed)
    }
    var resolver = CauseResolver()
    resolver.present = Set(ordered.map(\.event.seq))
    let timeline = ordered.map { resolver.resolve($0) }
    return (timeline, dropped + trimmed, drives(in: timeline, known: known))
  }

  /// Store → atom edges: each write whose causes lead back to an action.
  private func drives(in timeline: [SnapshotEvent], known: Set<String>) -> [SnapshotEdge] {
    var bySeq: [Int: Int] = [:]
    for (index, event) in timeline.enumerated() { bySeq[event.seq] = index }
    var edges: [SnapshotEdge] = []
    var seen: Set<SnapshotEdge> = []
    for event in timeline where event.kind == .write {
      guard let node = event.node, known.contains(node) else { continue }
      var cause = event.cause
      var hops = 0
      while let seq = cause, let index = bySeq[seq], hops < 64 {
        let step = timeline[index]
        if step.kind == .action, let store = step.store {
          // The slice the action changed, if it changed one only and it is a node; else the store.
          let slice = changedSlice[step.seq].map { "\($0.store).\($0.slice)" }.flatMap { known.contains($0) ? $0 : nil }
          let edge = SnapshotEdge(from: slice ?? store, to: node, kind: .drives)
          if known.contains(edge.from), seen.insert(edge).inserted { edges.append(edge) }
          break
        }
        cause = step.cause
        hops += 1
      }
    }
    return edges
  }
}
