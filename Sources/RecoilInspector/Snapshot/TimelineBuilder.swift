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
  /// The entries' events, and beside them how each one's cause is found: kept apart so that
  /// events already in order become the timeline itself, resolved in place, not copied.
  private var events: [SnapshotEntry] = []
  private var causes: [EntryCause] = []
  private var dropped = 0
  let redactor: Redactor
  let startNanos: UInt64

  init(redactor: Redactor, startNanos: UInt64) {
    self.redactor = redactor
    self.startNanos = startNanos
  }

  private func since(_ nanos: UInt64) -> Int { MonotonicClock.nanos(nanos, since: startNanos) }

  private mutating func add(_ entry: consuming TimelineEntry) {
    guard entry.event.seq > 0 else { return }  // recorded before causal order existed
    causes.append(EntryCause(rule: entry.rule, effectRun: entry.effectRun, changes: entry.changes))
    events.append((consume entry).event)
  }

  // MARK: - Sources

  /// Store actions as the stores recorded them, with their descriptions (same order).
  mutating func add(actions: [RecordedAction], described: [SnapshotAction]) {
    // Where each action's entries go: the action, and its notification if it had one; an
    // action recorded before causal order existed has neither.
    var starts: [Int] = []
    starts.reserveCapacity(actions.count)
    var total = 0
    // Two fields read from each record where it is (the optimizer loads just those).
    for index in actions.indices {
      starts.append(total)
      total += (actions[index].order > 0 ? 1 : 0) + (actions[index].notification != 0 ? 1 : 0)
    }
    guard total > 0 else { return }
    // Thousands of actions: their entries are made on every core, each chunk into its own
    // slots (see `ConcurrentChunks.Slots`), which it initializes exactly once each.
    var madeEvents: [SnapshotEntry] = []
    let madeCauses = ConcurrentChunks.makeArray(count: total) { (causeSlots: ConcurrentChunks.Slots<EntryCause>) in
      madeEvents = ConcurrentChunks.makeArray(count: total) { (eventSlots: ConcurrentChunks.Slots<SnapshotEntry>) in
        ConcurrentChunks.forEach(count: actions.count) { range in
          var siteTexts = CallSiteTexts()
          for index in range {
            var slot = starts[index]
            let (order, store) = (actions[index].order, actions[index].store)
            if order > 0 {
              let site = actions[index].site.map { siteTexts.text(of: $0) }
              eventSlots.initialize(
                slot,
                to: TimelineEntry.actionEvent(
                  order: order, store: store, sequence: actions[index].sequence, site: site,
                  described: described[index]))
              causeSlots.initialize(
                slot,
                to: EntryCause(
                  rule: .recorded(actions[index].cause), effectRun: nil, changes: described[index].changes))
              slot += 1
            }
            if let notification = TimelineEntry.notification(
              order: order, notification: actions[index].notification, store: store,
              subscribers: actions[index].subscribers, reached: actions[index].reached)
            {
              eventSlots.initialize(slot, to: notification.event)
              causeSlots.initialize(slot, to: EntryCause(rule: notification.rule, effectRun: nil, changes: []))
            }
          }
        }
      }
    }
    if events.isEmpty {
      (events, causes) = (madeEvents, madeCauses)
    } else {
      events += madeEvents
      causes += madeCauses
    }
  }

  /// A store's selectors' evaluations as the store recorded them, named under the store, each
  /// value previewed by `preview` (given the value and the selector's recorded id), which
  /// redacts what the selector may reveal.
  mutating func add(
    selectorEvaluations: [StoreSelectorEvaluation], store: String, preview: (Any, String) -> String
  ) {
    for evaluation in selectorEvaluations {
      let id = StoreSelectorNode.id(evaluation.selector, store: store)
      add(
        TimelineEntry.storeSelectorEvaluation(
          id: id, store: store, order: evaluation.order,
          value: evaluation.changed ? evaluation.value.map { preview($0, id) } : nil, changed: evaluation.changed,
          durationNanos: evaluation.durationNanos, atNanos: since(evaluation.startNanos)))
    }
  }

  /// What a container recorded, its node ids prefixed.
  mutating func add(_ recording: EvaluationRecording, prefix: String) {
    dropped += recording.droppedWrites + recording.droppedOccurrences
    for evaluation in recording.timeline {
      add(
        TimelineEntry.evaluation(evaluation, prefix: prefix, redactor: redactor, atNanos: since(evaluation.startNanos)))
    }
    add(writes: recording.writes, occurrences: recording.occurrences, prefix: prefix)
    for run in recording.scopeRuns {
      add(TimelineEntry.scopeRun(run, prefix: prefix, atNanos: since(run.startNanos)))
    }
  }

  /// A container's writes and occurrences, its node ids prefixed.
  mutating func add(writes: [RecordedWrite], occurrences: [RecordedOccurrence], prefix: String) {
    for write in writes {
      add(TimelineEntry.write(write, prefix: prefix, redactor: redactor, atNanos: since(write.atNanos)))
    }
    for occurrence in occurrences {
      add(
        TimelineEntry.occurrence(
          occurrence, prefix: prefix, redactor: redactor, atNanos: occurrence.atNanos.map(since)))
    }
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
        // A detached store's selectors are gone, and with them what each may reveal of
        // redacted state: with any redaction rule, the marker (as the live stream does).
        let value = evaluation.value.map {
          redactor.isEmpty ? TimelineEntry.preview($0, of: id, redactor: redactor) : Redaction.marker
        }
        add(
          TimelineEntry.storeSelectorEvaluation(
            id: id, store: store, order: evaluation.order, value: value ?? nil, durationNanos: evaluation.durationNanos,
            atNanos: atNanos))
      case (.atom, let cause):
        // A detached container's evaluation.
        var rule = CauseRule.none
        if case .dependency(let number) = cause { rule = .latestChange(of: journal.evaluatedNodes[Int(number)].id) }
        add(
          TimelineEntry.evaluation(
            node: node.id, trigger: journal.triggerText(cause), rule: rule, order: evaluation.order,
            changed: evaluation.changed,
            value: TimelineEntry.preview(evaluation.value, of: node.id, redactor: redactor),
            durationNanos: evaluation.durationNanos, atNanos: atNanos))
      }
    }
    for detached in journal.detachedContainers {
      add(writes: detached.writes, occurrences: detached.occurrences, prefix: detached.prefix)
    }
    for made in journal.madeEntries.elements {
      var event = made.event
      event.atNanos = since(made.atNanos)
      add(TimelineEntry(event: event, rule: event.cause.map { .order(UInt64($0)) } ?? .none))
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
  /// The builder is left empty.
  mutating func finish(
    capacity: Int, known: Set<String>
  ) -> (timeline: [SnapshotEntry], dropped: Int, drives: [SnapshotEdge]) {
    // Taken out of the builder, so that resolving them in place copies nothing.
    var timeline: [SnapshotEntry] = []
    var causes: [EntryCause] = []
    swap(&timeline, &events)
    swap(&causes, &self.causes)
    defer { dropped = 0 }
    if !timeline.indices.dropFirst().allSatisfy({ timeline[$0 - 1].seq < timeline[$0].seq }) {
      // Sorted by position, then moved in that order once: the events are large.
      let order = timeline.indices.sorted { timeline[$0].seq < timeline[$1].seq }
      timeline = order.map { timeline[$0] }
      causes = order.map { causes[$0] }
    }
    let trimmed = max(timeline.count - capacity, 0)
    if trimmed > 0 {
      timeline.removeFirst(trimmed)
      causes.removeFirst(trimmed)
    }
    // Actions are found by number only for effects' starts, which most timelines lack.
    let findsActionsByNumber = causes.contains {
      if case .action = $0.rule { true } else { false }
    }
    var resolver = CauseResolver(present: timeline.map(\.seq), findsActionsByNumber: findsActionsByNumber)
    for index in timeline.indices {
      resolver.resolve(&timeline[index], rule: causes[index].rule, effectRun: causes[index].effectRun)
    }
    return (timeline, dropped + trimmed, Self.drives(in: timeline, causes: causes, known: known))
  }

  /// Store → atom edges: each write whose causes lead back to an action, in the resolved
  /// timeline (`causes[i]` is how `events[i]`'s cause was found).
  private static func drives(
    in events: [SnapshotEntry], causes: [EntryCause], known: Set<String>
  ) -> [SnapshotEdge] {
    var edges: [SnapshotEdge] = []
    var seen: Set<SnapshotEdge> = []
    for position in events.indices where events[position].kind == .write {
      guard let node = events[position].node, known.contains(node) else { continue }
      var cause = events[position].cause
      var hops = 0
      while let seq = cause, let index = Self.position(of: seq, in: events), hops < 64 {
        if events[index].kind == .action, let store = events[index].store {
          // The slice the action changed, if it changed one only and it is a node; else the store.
          let slice = Self.onlyRoot(of: causes[index].changes).map { "\(store).\($0)" }
          let edge = SnapshotEdge(
            from: slice.flatMap { known.contains($0) ? $0 : nil } ?? store, to: node, kind: .drives)
          if known.contains(edge.from), seen.insert(edge).inserted { edges.append(edge) }
          break
        }
        cause = events[index].cause
        hops += 1
      }
    }
    return edges
  }

  /// Where the event numbered `seq` is in `timeline`, which is in ascending order.
  private static func position(of seq: Int, in timeline: [SnapshotEntry]) -> Int? {
    var (low, high) = (0, timeline.count)
    while low < high {
      let middle = (low + high) / 2
      if timeline[middle].seq < seq { low = middle + 1 } else { high = middle }
    }
    return low < timeline.count && timeline[low].seq == seq ? low : nil
  }

  /// How an entry's cause is found (see ``TimelineEntry``), kept beside its event.
  private struct EntryCause {
    var rule: CauseRule
    var effectRun: Int?
    var changes: [SnapshotChange]
  }

  /// The first component shared by all of `changes`' paths, if there are changes.
  private static func onlyRoot(of changes: [SnapshotChange]) -> Substring? {
    guard let root = changes.first?.rootComponent, changes.allSatisfy({ $0.rootComponent == root }) else { return nil }
    return root
  }
}
