import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// Assembles a snapshot's causal timeline from what the stores, the containers and the
/// inspector's hooks recorded, each entry numbered by its place in the causal order
/// (`CausalOrder`), and names each entry's direct cause.
///
/// Some causes are recorded as they happen: the bound `CauseContext` of a write or an action,
/// the action of a store's notification. The others are found here, by walking the entries in
/// order: an evaluation triggered by a dependency was caused by that dependency's latest change,
/// a node's notification by its own, a store selector's run by its store's latest action, an
/// effect's end by its start. A write whose chain of causes leads to an action makes the
/// action's store (or the one slice it changed) drive the written atom: an edge of kind
/// `drives`.
struct TimelineBuilder {
  /// How an entry's cause is found once every entry is known.
  private enum CauseRule {
    case none
    /// A recorded causal order.
    case order(UInt64)
    /// The latest change (write, evaluation, resolution) of a node before the entry.
    case latestChange(of: String)
    /// The latest action of a store before the entry.
    case latestAction(of: String)
    /// The action a store numbered so.
    case action(store: String, sequence: Int)
    /// The start of an effect run.
    case effectStart(store: String, run: Int)
  }

  private var events: [(event: SnapshotEvent, rule: CauseRule)] = []
  private var dropped = 0
  /// The run of each effect entry, by `seq`, to match an end to its start.
  private var effectRuns: [Int: Int] = [:]
  /// For each action, by `seq`, the slice it changed when it changed only one: the node that
  /// drives what its subscribers write.
  private var changedSlice: [Int: String] = [:]
  let redactor: Redactor
  let startNanos: UInt64

  init(redactor: Redactor, startNanos: UInt64) {
    self.redactor = redactor
    self.startNanos = startNanos
  }

  private func since(_ nanos: UInt64) -> Int { Int(clamping: nanos &- startNanos) }

  private func preview(_ value: (any Sendable)?, of node: String) -> String? {
    guard let value else { return nil }
    return redactor.redacts(node: node) ? Redaction.marker : redactor.preview(value)
  }

  private mutating func add(_ event: SnapshotEvent, _ rule: CauseRule) {
    guard event.seq > 0 else { return }  // recorded before causal order existed
    events.append((event, rule))
  }

  // MARK: - Sources

  /// Store actions as the stores recorded them, with their descriptions (same order).
  mutating func add(actions: [StoreActionRecord], described: [SnapshotAction]) {
    for (record, action) in zip(actions, described) {
      let roots = Set(action.changes.map { $0.path.prefix { $0 != "." && $0 != "[" } })
      if roots.count == 1, let root = roots.first { changedSlice[Int(record.order)] = "\(record.store).\(root)" }
      add(
        SnapshotEvent(
          seq: Int(record.order), kind: .action, store: record.store, action: record.sequence, name: action.name,
          durationNanos: action.durationNanos, atNanos: action.atNanos, site: record.site?.description),
        record.cause == 0 ? .none : .order(record.cause))
      if record.notification != 0 {
        add(
          SnapshotEvent(
            seq: Int(record.notification), kind: .notification, store: record.store, subscribers: record.subscribers),
          .order(record.order))
      }
    }
  }

  /// What a container recorded, its node ids prefixed.
  mutating func add(_ recording: EvaluationRecording, prefix: String) {
    dropped += recording.droppedWrites + recording.droppedOccurrences
    for evaluation in recording.timeline {
      let rule: CauseRule
      let trigger: String
      switch evaluation.trigger {
      case .firstRead: (rule, trigger) = (.none, TriggerText.firstRead)
      case .refresh: (rule, trigger) = (.none, TriggerText.refresh)
      case .dependencyChanged(let key):
        let id = prefix + key.description
        (rule, trigger) = (.latestChange(of: id), TriggerText.dependency(id))
      }
      add(
        SnapshotEvent(
          seq: Int(evaluation.order), kind: .evaluation, node: prefix + evaluation.node.description, trigger: trigger,
          changed: evaluation.changed, durationNanos: evaluation.durationNanos.map { Int(clamping: $0) },
          atNanos: since(evaluation.startNanos)),
        rule)
    }
    add(writes: recording.writes, occurrences: recording.occurrences, prefix: prefix)
  }

  /// A container's writes and occurrences, its node ids prefixed.
  mutating func add(writes: [RecordedWrite], occurrences: [RecordedOccurrence], prefix: String) {
    for write in writes {
      let node = prefix + write.node.description
      add(
        SnapshotEvent(
          seq: Int(write.order), kind: .write, node: node, name: write.isReset ? "reset" : nil,
          before: preview(write.before, of: node), after: preview(write.after, of: node),
          site: write.site?.description),
        write.cause == 0 ? .none : .order(write.cause))
    }
    for occurrence in occurrences {
      let node = prefix + occurrence.node.description
      switch occurrence.kind {
      case .resolved, .failed:
        add(
          SnapshotEvent(
            seq: Int(occurrence.order), kind: .resolution, node: node,
            phase: occurrence.kind == .resolved ? "resolved" : "failed"),
          .latestChange(of: node))
      case .notified(let subscribers):
        add(
          SnapshotEvent(seq: Int(occurrence.order), kind: .notification, node: node, subscribers: subscribers),
          .latestChange(of: node))
      }
    }
  }

  /// What the inspector recorded itself: store selector evaluations, evaluations of detached
  /// containers, effects.
  mutating func add(_ recording: Recording) {
    dropped += recording.timeline.dropped + recording.effects.dropped
    for evaluation in recording.timeline.elements {
      let node = recording.evaluatedNodes[Int(evaluation.node)]
      let rule: CauseRule
      switch evaluation.cause {
      case .firstRead, .refresh: rule = .none
      case .dependency(let number): rule = .latestChange(of: recording.evaluatedNodes[Int(number)].id)
      case .storeStateChanged:
        if case .storeSelector(let id) = node, let store = id.split(separator: ".").first {
          rule = .latestAction(of: String(store))
        } else {
          rule = .none
        }
      }
      add(
        SnapshotEvent(
          seq: Int(evaluation.order), kind: .evaluation, node: node.id,
          trigger: recording.triggerText(evaluation.cause),
          changed: evaluation.changed, durationNanos: evaluation.durationNanos.map { Int(clamping: $0) },
          atNanos: since(evaluation.startNanos)),
        rule)
    }
    for detached in recording.detachedContainers {
      add(writes: detached.writes, occurrences: detached.occurrences, prefix: detached.prefix)
    }
    for effect in recording.effects.elements {
      let event = effect.event
      let rule: CauseRule =
        event.phase == .started
        ? effect.actionSequence.map { .action(store: event.store, sequence: $0) } ?? .none
        : .effectStart(store: event.store, run: event.run)
      effectRuns[Int(effect.order)] = event.run
      add(
        SnapshotEvent(
          seq: Int(effect.order), kind: .effect, store: event.store, name: event.effect, atNanos: since(effect.atNanos),
          phase: event.phase.rawValue,
          error: event.error.map { redactor.redacts(value: $0) ? Redaction.marker : $0 }),
        rule)
    }
  }

  // MARK: - Assembly

  /// The timeline, oldest first and at most `capacity` long, with every cause resolved, how
  /// many entries were dropped, and the `drives` edges between the `known` nodes.
  func finish(capacity: Int, known: Set<String>) -> (timeline: [SnapshotEvent], dropped: Int, drives: [SnapshotEdge]) {
    var ordered = events.sorted { $0.event.seq < $1.event.seq }
    var trimmed = 0
    if ordered.count > capacity {
      trimmed = ordered.count - capacity
      ordered.removeFirst(trimmed)
    }
    let present = Set(ordered.map(\.event.seq))
    var latestChange: [String: Int] = [:]
    var latestAction: [String: Int] = [:]
    var actions: [String: [Int: Int]] = [:]
    var effectStarts: [String: [Int: Int]] = [:]
    var timeline: [SnapshotEvent] = []
    timeline.reserveCapacity(ordered.count)
    for (var event, rule) in ordered {
      switch rule {
      case .none: event.cause = nil
      case .order(let order): event.cause = present.contains(Int(order)) ? Int(order) : nil
      case .latestChange(let node): event.cause = latestChange[node]
      case .latestAction(let store): event.cause = latestAction[store]
      case .action(let store, let sequence): event.cause = actions[store]?[sequence]
      case .effectStart(let store, let run): event.cause = effectStarts[store]?[run]
      }
      switch event.kind {
      case .action:
        if let store = event.store {
          latestAction[store] = event.seq
          if let sequence = event.action { actions[store, default: [:]][sequence] = event.seq }
        }
      case .write, .resolution:
        if let node = event.node { latestChange[node] = event.seq }
      case .evaluation:
        if let node = event.node, event.changed != false { latestChange[node] = event.seq }
      case .effect:
        if event.phase == EffectEvent.Phase.started.rawValue, let store = event.store,
          let run = effectRuns[event.seq]
        {
          effectStarts[store, default: [:]][run] = event.seq
        }
      case .notification:
        break
      }
      timeline.append(event)
    }
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
          let slice = changedSlice[step.seq].flatMap { known.contains($0) ? $0 : nil }
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
