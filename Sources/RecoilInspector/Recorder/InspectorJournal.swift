import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// The node an evaluation belongs to. Atom nodes keep their key: their id string is built
/// only when a snapshot or the timeline is read.
enum EvaluatedNode: Hashable, Sendable {
  case atom(prefix: String, key: NodeKey)
  case storeSelector(id: String, store: String)

  var id: String {
    switch self {
    case .atom(let prefix, let key): prefix + key.description
    case .storeSelector(let id, _): id
    }
  }
}

/// The inspector's own journal, guarded by its lock: what its hooks saw that no store or
/// container keeps (effects, edge changes), and what detached stores and containers left
/// behind. Raw values are kept as they came; previews and diffs are
/// made only when a snapshot asks for them.
struct InspectorJournal {
  /// One evaluation in the timeline, nodes by number (see `evaluatedNodes`).
  struct Evaluation: Sendable {
    var node: Int32
    var cause: Cause
    var startNanos: UInt64
    /// `nil` when the container's recording did not time it.
    var durationNanos: UInt64?
    /// Its place in the causal order.
    var order: UInt64
    /// Whether the value changed.
    var changed: Bool
    /// The value it produced, when it changed and the recording kept it.
    var value: (any Sendable)? = nil
  }

  /// An effect event with its place in the causal order; a start also knows the store's
  /// number of the action that started it.
  struct Effect: Sendable {
    var event: EffectEvent
    var order: UInt64
    var actionSequence: Int?
    /// When it happened, on the monotonic clock.
    var atNanos: UInt64
  }

  /// What a detached container recorded besides evaluations, under its prefix.
  struct ContainerEvents: Sendable {
    var prefix: String
    var writes: [RecordedWrite]
    var occurrences: [RecordedOccurrence]
  }

  /// Why an evaluation ran.
  enum Cause: Sendable {
    case firstRead
    case refresh
    /// A store selector's store changed state.
    case storeStateChanged
    /// The change of a dependency, by node number (see `evaluatedNodes`).
    case dependency(Int32)
  }

  /// An edge appearing or disappearing.
  struct EdgeChange: Sendable {
    var edge: SnapshotEdge
    var added: Bool
    var atNanos: UInt64
  }

  /// Actions as their stores recorded them, named as the inspector knows the store.
  var actions: RingBuffer<RecordedAction>
  var timeline: RingBuffer<Evaluation>
  var edgeHistory: RingBuffer<EdgeChange>
  var effects: RingBuffer<Effect>
  /// Entries recorded whole, as timeline entries, with when on the monotonic clock: what the
  /// tool changed (remote control: its `control` entries and the writes of store states it put
  /// in place) and a store's reducer replaced.
  var madeEntries: RingBuffer<(event: SnapshotEntry, atNanos: UInt64)>
  /// Writes and occurrences of detached containers.
  var detachedContainers: [ContainerEvents] = []
  /// Every node evaluated (or causing an evaluation), numbered in order of first appearance.
  /// The timeline and the statistics refer to nodes by these numbers, so recording an
  /// evaluation copies no keys.
  private(set) var evaluatedNodes: [EvaluatedNode] = []
  private var numbers: [EvaluatedNode: Int32] = [:]
  /// Evaluation statistics by node number.
  private(set) var statistics: [EvaluationStatistics] = []
  /// The last value of each store selector, by node id.
  var selectorValues: [String: any Sendable] = [:]
  var droppedEvents = 0

  init(configuration: InspectorConfiguration) {
    actions = RingBuffer(capacity: configuration.actionCapacity)
    timeline = RingBuffer(capacity: configuration.timelineCapacity)
    edgeHistory = RingBuffer(capacity: configuration.edgeHistoryCapacity)
    effects = RingBuffer(capacity: configuration.effectCapacity)
    madeEntries = RingBuffer(capacity: configuration.effectCapacity)
  }

  /// The number of a node, given on first use.
  mutating func number(of node: EvaluatedNode) -> Int32 {
    if let number = numbers[node] { return number }
    let number = Int32(evaluatedNodes.count)
    evaluatedNodes.append(node)
    statistics.append(EvaluationStatistics())
    numbers[node] = number
    return number
  }

  /// The statistics of every node evaluated at least once, by node id.
  var statisticsByID: [String: EvaluationStatistics] {
    var byID: [String: EvaluationStatistics] = [:]
    for (number, node) in evaluatedNodes.enumerated() where statistics[number].count > 0 {
      byID[node.id, default: statistics[number]] = statistics[number]
    }
    return byID
  }

  /// Keeps what a store recorded before it is detached, named `store`.
  mutating func absorb(_ recorded: ActionRecording, store: String) {
    for record in recorded.records { actions.append(record.named(store)) }
    for evaluation in recorded.selectorEvaluations {
      let id = StoreSelectorNode.id(evaluation.selector, store: store)
      timeline.append(
        Evaluation(
          node: number(of: .storeSelector(id: id, store: store)), cause: .storeStateChanged,
          startNanos: evaluation.startNanos, durationNanos: evaluation.durationNanos, order: evaluation.order,
          changed: true, value: evaluation.value))
    }
    for (selector, recordedStatistics) in recorded.selectorStatistics {
      statistics[Int(number(of: .storeSelector(id: StoreSelectorNode.id(selector, store: store), store: store)))]
        .absorb(recordedStatistics)
    }
    for (selector, value) in recorded.selectorValues {
      selectorValues[StoreSelectorNode.id(selector, store: store)] = value
    }
  }

  /// Keeps what a container recorded before it is detached, under `prefix`.
  mutating func absorb(_ recorded: EvaluationRecording, prefix: String) {
    for evaluation in recorded.timeline {
      let node = number(of: .atom(prefix: prefix, key: evaluation.node))
      let cause: Cause
      switch evaluation.trigger {
      case .firstRead: cause = .firstRead
      case .refresh: cause = .refresh
      case .dependencyChanged(let key): cause = .dependency(number(of: .atom(prefix: prefix, key: key)))
      }
      timeline.append(
        Evaluation(
          node: node, cause: cause, startNanos: evaluation.startNanos, durationNanos: evaluation.durationNanos,
          order: evaluation.order, changed: evaluation.changed, value: evaluation.value))
    }
    detachedContainers.append(
      ContainerEvents(prefix: prefix, writes: recorded.writes, occurrences: recorded.occurrences))
    for (key, statistics) in recorded.statistics {
      self.statistics[Int(number(of: .atom(prefix: prefix, key: key)))].absorb(statistics)
    }
  }

  /// Why an evaluation ran, as the timeline shows it.
  func triggerText(_ cause: Cause) -> String {
    switch cause {
    case .firstRead: TriggerText.firstRead
    case .refresh: TriggerText.refresh
    case .storeStateChanged: TriggerText.stateChanged
    case .dependency(let number): TriggerText.dependency(evaluatedNodes[Int(number)].id)
    }
  }
}

extension RecordedAction {
  /// The record with the store named as the inspector knows it.
  func named(_ store: String) -> RecordedAction {
    var record = self
    record.store = store
    return record
  }
}

extension EvaluationStatistics {
  /// Adds another node's or period's statistics to these.
  mutating func absorb(_ other: EvaluationStatistics) {
    count += other.count
    guard other.timedCount > 0 else { return }
    timedCount += other.timedCount
    totalNanos &+= other.totalNanos
    minNanos = min(minNanos, other.minNanos)
    maxNanos = max(maxNanos, other.maxNanos)
    lastNanos = other.lastNanos
  }

  var snapshot: SnapshotEvaluations {
    let timed = timedCount > 0
    return SnapshotEvaluations(
      count: count, totalNanos: Int(clamping: totalNanos), minNanos: timed ? Int(clamping: minNanos) : nil,
      maxNanos: timed ? Int(clamping: maxNanos) : nil, lastNanos: timed ? Int(clamping: lastNanos) : nil,
      timedCount: timedCount == count ? nil : timedCount)
  }
}
