import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// How a timeline entry's cause is found, when it was not recorded with it.
enum CauseRule: Sendable {
  case none
  /// A recorded causal order.
  case order(UInt64)
  /// The latest change (write, evaluation that changed the value, resolution) of a node.
  case latestChange(of: String)
  /// The latest action of a store.
  case latestAction(of: String)
  /// The action a store numbered so.
  case action(store: String, sequence: Int)
  /// The start of a store's effect run.
  case effectStart(store: String, run: Int)

  /// The rule for a cause recorded as a causal order, 0 being none.
  static func recorded(_ cause: UInt64) -> CauseRule { cause == 0 ? .none : .order(cause) }
}

/// The one translation of what stores, containers and hooks record into timeline entries
/// (``SnapshotEntry``) with the rule that finds each one's cause; shared by snapshots and the
/// live stream, so both tell the same story.
struct TimelineEntry: Sendable {
  var event: SnapshotEntry
  var rule: CauseRule
  /// For an effect entry, its run, to match an end to its start.
  var effectRun: Int?
  /// For an action, the state paths it changed: a `drives` edge starts at the one slice it
  /// changed, if it changed only one.
  var changes: [SnapshotChange] = []

  /// A store action.
  static func action(
    _ record: RecordedAction, described action: SnapshotAction, site: String? = nil
  ) -> TimelineEntry {
    TimelineEntry(
      event: actionEvent(
        order: record.order, store: record.store, sequence: record.sequence, site: site ?? record.site?.description,
        described: action),
      rule: .recorded(record.cause), changes: action.changes)
  }

  /// The event of a store action; its cause is found by the rule `.recorded(cause)`.
  static func actionEvent(
    order: UInt64, store: String, sequence: Int, site: String?, described action: SnapshotAction
  ) -> SnapshotEntry {
    SnapshotEntry(
      seq: Int(order), kind: .action, store: store, action: sequence, name: action.name,
      durationNanos: action.durationNanos, atNanos: action.atNanos, site: site)
  }

  /// The notification of a store's subscribers after an action, if there was one.
  static func notification(after record: RecordedAction) -> TimelineEntry? {
    notification(
      order: record.order, notification: record.notification, store: record.store, subscribers: record.subscribers,
      reached: record.reached)
  }

  /// The notification numbered `notification` of a store's subscribers after its action
  /// numbered `order`, if there was one (`notification` is not 0), with the subscriptions it
  /// reached (known from a store's recording).
  static func notification(
    order: UInt64, notification: UInt64, store: String, subscribers: Int, reached: [RecordedReach] = []
  ) -> TimelineEntry? {
    guard notification != 0 else { return nil }
    var event = SnapshotEntry(seq: Int(notification), kind: .notification, store: store, subscribers: subscribers)
    if !reached.isEmpty {
      event.reached = reached.map {
        SnapshotReach(
          subscription: SnapshotBuilder.storeSubscriptionID($0.subscription, store: store),
          durationNanos: $0.durationNanos.map { Int(clamping: $0) })
      }
    }
    return TimelineEntry(event: event, rule: .order(order))
  }

  /// A container's evaluation, its ids prefixed, its value previewed (and redacted) by
  /// `redactor`; `atNanos` is its start on the timeline's clock.
  static func evaluation(
    _ evaluation: RecordedEvaluation, prefix: String, redactor: Redactor, atNanos: Int?
  ) -> TimelineEntry {
    var rule = CauseRule.none
    if case .dependencyChanged(let key) = evaluation.trigger { rule = .latestChange(of: prefix + key.description) }
    let node = prefix + evaluation.node.description
    return Self.evaluation(
      node: node, trigger: TriggerText.describe(evaluation.trigger, prefix: prefix), rule: rule,
      order: evaluation.order, changed: evaluation.changed,
      value: preview(evaluation.value, of: node, redactor: redactor),
      durationNanos: evaluation.durationNanos, atNanos: atNanos)
  }

  /// An evaluation, however it was recorded.
  static func evaluation(
    node: String, trigger: String, rule: CauseRule, order: UInt64, changed: Bool, value: String? = nil,
    durationNanos: UInt64?, atNanos: Int?
  ) -> TimelineEntry {
    TimelineEntry(
      event: SnapshotEntry(
        seq: Int(order), kind: .evaluation, node: node, trigger: trigger, changed: changed, value: value,
        durationNanos: durationNanos.map { Int(clamping: $0) }, atNanos: atNanos),
      rule: rule)
  }

  /// A node's value as a timeline entry shows it: redacted as the node's rules say, else its
  /// preview; `nil` for none.
  static func preview(_ value: (any Sendable)?, of node: String, redactor: Redactor) -> String? {
    guard let value else { return nil }
    return redactor.redacts(node: node) ? Redaction.marker : redactor.preview(value)
  }

  /// A container's atom write, its values previewed (and redacted) by `redactor`.
  static func write(_ write: RecordedWrite, prefix: String, redactor: Redactor, atNanos: Int?) -> TimelineEntry {
    let node = prefix + write.node.description
    return TimelineEntry(
      event: SnapshotEntry(
        seq: Int(write.order), kind: .write, node: node, name: write.isReset ? "reset" : nil,
        before: preview(write.before, of: node, redactor: redactor),
        after: preview(write.after, of: node, redactor: redactor), atNanos: atNanos, site: write.site?.description),
      rule: .recorded(write.cause))
  }

  /// A container's resolution (with the value that arrived, previewed and redacted by
  /// `redactor`) or notification.
  static func occurrence(
    _ occurrence: RecordedOccurrence, prefix: String, redactor: Redactor, atNanos: Int?
  ) -> TimelineEntry {
    let node = prefix + occurrence.node.description
    switch occurrence.kind {
    case .resolved, .failed:
      return TimelineEntry(
        event: SnapshotEntry(
          seq: Int(occurrence.order), kind: .resolution, node: node,
          value: preview(occurrence.value, of: node, redactor: redactor),
          phase: occurrence.kind == .resolved ? "resolved" : "failed"),
        rule: .latestChange(of: node))
    case .notified(let subscribers):
      var event = SnapshotEntry(seq: Int(occurrence.order), kind: .notification, node: node, subscribers: subscribers)
      event.reached = occurrence.reached.map {
        SnapshotReach(
          subscription: SnapshotBuilder.subscriptionID($0.subscription, prefix: prefix),
          durationNanos: $0.durationNanos.map { Int(clamping: $0) })
      }
      return TimelineEntry(event: event, rule: .latestChange(of: node))
    case .effect(let name, let phase, let error):
      // An atom effect: its start is a root, its failure and clean-up name the start.
      return TimelineEntry(
        event: SnapshotEntry(
          seq: Int(occurrence.order), kind: .effect, node: node, name: name, atNanos: atNanos, phase: phase,
          error: error),
        rule: .recorded(occurrence.cause))
    }
  }

  /// A tracking scope's run: named by its label (else where it was made), with the node ids it
  /// read, its cause the notification that made it run.
  static func scopeRun(_ run: RecordedScopeRun, prefix: String, atNanos: Int?) -> TimelineEntry {
    var event = SnapshotEntry(
      seq: Int(run.order), kind: .scope, name: run.label ?? run.site.description,
      durationNanos: Int(clamping: run.durationNanos), atNanos: atNanos, site: run.site.description)
    event.reads = run.reads.map { prefix + $0.description }
    return TimelineEntry(event: event, rule: .recorded(run.cause))
  }

  /// An effect's phase; a start is caused by the store's action `actionSequence`, an end by
  /// its start.
  static func effect(
    _ event: EffectEvent, order: UInt64, actionSequence: Int?, atNanos: Int?, redactor: Redactor
  ) -> TimelineEntry {
    let rule: CauseRule =
      event.phase == .started
      ? actionSequence.map { .action(store: event.store, sequence: $0) } ?? .none
      : .effectStart(store: event.store, run: event.run)
    return TimelineEntry(
      event: SnapshotEntry(
        seq: Int(order), kind: .effect, store: event.store, name: event.effect, atNanos: atNanos,
        phase: event.phase.rawValue, error: event.error.map { redactor.redacts(value: $0) ? Redaction.marker : $0 }),
      rule: rule, effectRun: event.run)
  }

  /// A store selector's run, caused by its store's latest action, with the value it computed
  /// (a preview, redacted).
  static func storeSelectorEvaluation(
    id: String, store: String, order: UInt64, value: String? = nil, changed: Bool = true, durationNanos: UInt64?,
    atNanos: Int?
  ) -> TimelineEntry {
    evaluation(
      node: id, trigger: TriggerText.stateChanged, rule: .latestAction(of: store), order: order, changed: changed,
      value: value, durationNanos: durationNanos, atNanos: atNanos)
  }
}

/// Finds causes by walking entries in order: remembers each node's latest change, and each
/// store's latest action, its recent actions by number and its effects' starts. The snapshot's
/// timeline and the live stream each keep one.
struct CauseResolver: Sendable {
  private var latestChange: [String: Int] = [:]
  /// Each store's causes, found by name through `storeIndex`; the last store looked up is
  /// checked first, as entries of one store come in runs.
  private var stores: [StoreCauses] = []
  private var storeIndex: [String: Int] = [:]
  private var lastStore: (name: String, index: Int)?
  /// The numbers of the entries known to exist, ascending, for `.order` rules; `nil` accepts
  /// every recorded order (a live stream cannot know what it will not see).
  private let present: [Int]?
  /// How many of each store's latest actions are kept by number.
  private let actionWindow: Int
  /// Whether actions are kept by number: a snapshot's resolver knows whether any entry asks.
  private let findsActionsByNumber: Bool

  /// What a store's entries leave for the entries after them.
  private struct StoreCauses {
    var latestAction: Int?
    var actions: ActionWindow<Int>
    var effectStarts: [Int: Int] = [:]

    mutating func note(action sequence: Int?, seq: Int, byNumber: Bool) {
      latestAction = seq
      if byNumber, let sequence { actions.note(seq, at: sequence) }
    }
  }

  /// A resolver for a stream of entries, which keeps each store's latest 4,096 actions by
  /// number: an effect names the action that started it, which is a recent one.
  init() {
    present = nil
    actionWindow = 4096
    findsActionsByNumber = true
  }

  /// A resolver for a snapshot's entries, whose numbers are `present` (ascending). Actions
  /// are kept by number only when `findsActionsByNumber`: when some entry's rule is `.action`.
  init(present: [Int], findsActionsByNumber: Bool = true) {
    self.present = present
    actionWindow = max(present.count, 1)
    self.findsActionsByNumber = findsActionsByNumber
  }

  /// The entry with its cause set, noting it for the entries after it.
  mutating func resolve(_ entry: TimelineEntry) -> SnapshotEntry {
    var event = entry.event
    resolve(&event, rule: entry.rule, effectRun: entry.effectRun)
    return event
  }

  /// Sets `event`'s cause by `rule`, in place, noting it for the events after it; `effectRun`
  /// is an effect's run.
  mutating func resolve(_ event: inout SnapshotEntry, rule: CauseRule, effectRun: Int?) {
    switch rule {
    case .none: event.cause = nil
    case .order(let order): event.cause = isPresent(Int(order)) ? Int(order) : nil
    case .latestChange(let node): event.cause = latestChange[node]
    case .latestAction(let store): event.cause = index(of: store).flatMap { stores[$0].latestAction }
    case .action(let store, let sequence): event.cause = index(of: store).flatMap { stores[$0].actions[sequence] }
    case .effectStart(let store, let run):
      event.cause = index(of: store).flatMap { stores[$0].effectStarts.removeValue(forKey: run) }
    }
    switch event.kind {
    case .action:
      if let store = event.store {
        stores[indexAdding(store)].note(action: event.action, seq: event.seq, byNumber: findsActionsByNumber)
      }
    case .write, .resolution:
      if let node = event.node { latestChange[node] = event.seq }
    case .evaluation:
      if let node = event.node, event.changed != false { latestChange[node] = event.seq }
    case .effect:
      if event.phase == EffectEvent.Phase.started.rawValue, let store = event.store, let run = effectRun {
        stores[indexAdding(store)].effectStarts[run] = event.seq
      }
    case .control:
      // A stub that made a selector fail or load changed it without a write.
      if let node = event.node { latestChange[node] = event.seq }
    case .notification, .scope:
      break
    }
  }

  /// Where `store`'s causes are in `stores`, if it has any.
  private mutating func index(of store: String) -> Int? {
    if let lastStore, lastStore.name == store { return lastStore.index }
    guard let index = storeIndex[store] else { return nil }
    lastStore = (store, index)
    return index
  }

  /// Where `store`'s causes are in `stores`, adding them if it has none yet.
  private mutating func indexAdding(_ store: String) -> Int {
    if let index = index(of: store) { return index }
    stores.append(StoreCauses(actions: ActionWindow(window: actionWindow)))
    storeIndex[store] = stores.count - 1
    lastStore = (store, stores.count - 1)
    return stores.count - 1
  }

  private func isPresent(_ seq: Int) -> Bool {
    guard let present else { return true }
    // Binary search: the numbers are ascending.
    var (low, high) = (0, present.count)
    while low < high {
      let middle = (low + high) / 2
      if present[middle] < seq { low = middle + 1 } else { high = middle }
    }
    return low < present.count && present[low] == seq
  }
}
