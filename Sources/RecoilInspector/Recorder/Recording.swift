import RecoilAtoms
import RecoilSnapshot

/// The node an evaluation belongs to. Atom nodes keep their key: their id string is built
/// only when a snapshot or the timeline is read.
enum EvaluatedNode: Hashable, Sendable {
  case atom(prefix: String, key: NodeKey)
  case storeSelector(id: String)

  var id: String {
    switch self {
    case .atom(let prefix, let key): prefix + key.description
    case .storeSelector(let id): id
    }
  }
}

/// Everything an inspector has recorded, guarded by the inspector's lock. Raw values are
/// kept as they came; previews and diffs are made only when a snapshot asks for them.
struct Recording {
  /// An action as the store reported it.
  struct RawAction {
    var sequence: Int
    var store: String
    var action: any Sendable
    var before: any Sendable
    var after: any Sendable
    var durationNanos: UInt64
    var atNanos: UInt64
  }

  /// One evaluation in the timeline.
  struct Evaluation: Sendable {
    var node: EvaluatedNode
    var startNanos: UInt64
    var durationNanos: UInt64
    var trigger: RecordedTrigger
  }

  /// An edge appearing or disappearing.
  struct EdgeChange: Sendable {
    var edge: SnapshotEdge
    var added: Bool
    var atNanos: UInt64
  }

  var actions: RingBuffer<RawAction>
  var timeline: RingBuffer<Evaluation>
  var edgeHistory: RingBuffer<EdgeChange>
  var effects: RingBuffer<EffectEvent>
  var statistics: [EvaluatedNode: EvaluationStatistics] = [:]
  /// The last value of each store selector, by node id.
  var selectorValues: [String: any Sendable] = [:]
  var droppedEvents = 0

  init(configuration: InspectorConfiguration) {
    actions = RingBuffer(capacity: configuration.actionCapacity)
    timeline = RingBuffer(capacity: configuration.timelineCapacity)
    edgeHistory = RingBuffer(capacity: configuration.edgeHistoryCapacity)
    effects = RingBuffer(capacity: configuration.effectCapacity)
  }

  mutating func recordEvaluation(
    node: EvaluatedNode, durationNanos: UInt64, endNanos: UInt64, trigger: RecordedTrigger
  ) {
    statistics[node, default: EvaluationStatistics()].add(durationNanos)
    timeline.append(
      Evaluation(node: node, startNanos: endNanos &- durationNanos, durationNanos: durationNanos, trigger: trigger))
  }
}

/// Count, total, min, max and last duration of a node's evaluations.
struct EvaluationStatistics: Sendable, Equatable {
  var count = 0
  var totalNanos: UInt64 = 0
  var minNanos: UInt64 = .max
  var maxNanos: UInt64 = 0
  var lastNanos: UInt64 = 0

  mutating func add(_ nanos: UInt64) {
    count += 1
    totalNanos &+= nanos
    minNanos = min(minNanos, nanos)
    maxNanos = max(maxNanos, nanos)
    lastNanos = nanos
  }

  var snapshot: SnapshotEvaluations {
    SnapshotEvaluations(
      count: count, totalNanos: Int(clamping: totalNanos), minNanos: count > 0 ? Int(clamping: minNanos) : nil,
      maxNanos: Int(clamping: maxNanos), lastNanos: Int(clamping: lastNanos))
  }
}

/// Why an evaluation ran, kept as it came; its text is made when the timeline is read.
enum RecordedTrigger: Sendable {
  case atom(EvaluationTrigger, prefix: String)
  case storeStateChanged

  var text: String {
    switch self {
    case .atom(let trigger, let prefix): ContainerHook.describe(trigger, prefix: prefix)
    case .storeStateChanged: "state changed"
    }
  }
}
