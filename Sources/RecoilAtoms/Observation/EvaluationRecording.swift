import RecoilConcurrency

/// One evaluation kept by a container that records evaluations.
///
/// ```swift
/// for evaluation in container.recordedEvaluations().timeline {
///   print(evaluation.node, evaluation.durationNanos, evaluation.trigger)
/// }
/// ```
public struct RecordedEvaluation: Sendable {
  /// The node evaluated.
  public var node: NodeKey
  /// When it started, on the monotonic clock of `DispatchTime.uptimeNanoseconds`; for an
  /// evaluation that was not timed, estimated from the timed ones around it.
  public var startNanos: UInt64
  /// How long it took, or `nil` when it was not timed (see `RecordingTiming`).
  public var durationNanos: UInt64?
  /// Why it ran.
  public var trigger: EvaluationTrigger
  /// Its place in the process-wide causal order (`CausalOrder`), taken when it finished.
  public var order: UInt64 = 0
  /// Whether its value (or error) differs from before; an evaluation that changed nothing
  /// was wasted work.
  public var changed = true
  /// The value it produced, when it changed the value (an evaluation that changed nothing
  /// left the previous one) and the node has one (not loading, not failed).
  public var value: (any Sendable)?
}

/// One change of an atom's value (or a stub's) kept by a recording container: an app's
/// `set`, `update` or `reset`, a writable selector's setter, a snapshot restored.
///
/// ```swift
/// for write in container.recordedEvaluations().writes {
///   print(write.node, write.before ?? "-", "→", write.after ?? "-", write.site?.description ?? "")
/// }
/// ```
public struct RecordedWrite: Sendable {
  /// The atom written.
  public var node: NodeKey
  /// Its place in the causal order.
  public var order: UInt64
  /// The causal order of what caused it (the action whose subscriber wrote it, say); 0 for
  /// none: the app wrote it of its own accord.
  public var cause: UInt64
  /// Where in the app's code it was written, when known.
  public var site: CallSite?
  /// The value before, `nil` when it had none (loading or failed).
  public var before: (any Sendable)?
  /// The value after.
  public var after: (any Sendable)?
  /// Whether it was a reset to the default.
  public var isReset: Bool
  /// When it was written, on the monotonic clock of `DispatchTime.uptimeNanoseconds`.
  public var atNanos: UInt64
}

/// Something else that happened to a node of a recording container, in causal order.
///
/// ```swift
/// for occurrence in container.recordedEvaluations().occurrences {
///   if case .notified(let count) = occurrence.kind { print(occurrence.node, count) }
/// }
/// ```
public struct RecordedOccurrence: Sendable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// An async node's value arrived.
    case resolved
    /// An async node's load or evaluation failed.
    case failed
    /// The node's subscribers were told of its new state.
    case notified(subscribers: Int)
    /// An atom effect of the node `started`, `failed` (with its error) or was `cleaned up`.
    case effect(name: String, phase: String, error: String?)
  }

  /// The node.
  public var node: NodeKey
  /// Its place in the causal order.
  public var order: UInt64
  /// What happened.
  public var kind: Kind
  /// The causal order of what caused it, when recorded (an effect's failure names its start).
  public var cause: UInt64 = 0
  /// When it happened, on the monotonic clock of `DispatchTime.uptimeNanoseconds`, for an
  /// atom effect's phases; `nil` for the others, which are not timed (a notification is
  /// frequent, and follows the change it tells of).
  public var atNanos: UInt64?
  /// The value that arrived, for a resolution.
  public var value: (any Sendable)?
  /// The subscriptions a notification reached, each with how long its callback took when
  /// it was timed; empty for the other kinds.
  public var reached: [RecordedReach] = []
}

/// One run of a ``TrackingScope`` in a recording container: what it read, how long it took,
/// and what made it run (the notification of something it read; none for its first run).
///
/// ```swift
/// for run in container.recordedEvaluations().scopeRuns {
///   print(run.label ?? run.site.description, run.reads, run.durationNanos)
/// }
/// ```
public struct RecordedScopeRun: Sendable {
  /// Its place in the causal order, taken when it started: what it wrote names it.
  public var order: UInt64
  /// The causal order of what made it run; 0 for its first run.
  public var cause: UInt64
  /// The scope's label, if the app gave one.
  public var label: String?
  /// Where the scope was made.
  public var site: CallSite
  /// The nodes the run read, which the scope watches next.
  public var reads: [NodeKey]
  /// When it started, on the monotonic clock.
  public var startNanos: UInt64
  /// How long it took (every run is timed: a run is a view's render, not a hot path).
  public var durationNanos: UInt64
}

/// A subscription of a recording container, live or ended while a notification kept in the
/// recording names it: what the inspector draws as a leaf of its node.
///
/// ```swift
/// for subscription in container.recordedEvaluations().subscriptions {
///   print(subscription.label ?? subscription.site?.description ?? "?", subscription.calls)
/// }
/// ```
public struct RecordedSubscription: Sendable {
  /// Its id, unique in its container.
  public var id: UInt64
  /// The node it watches.
  public var node: NodeKey
  /// The label the app gave it.
  public var label: String?
  /// Where it was made.
  public var site: CallSite?
  /// How often its callback ran while recording.
  public var calls: Int
  /// Its callback's timings (sampled like evaluations); `count` counts every call.
  public var statistics: EvaluationStatistics
  /// Whether it is still subscribed.
  public var isActive: Bool
}

/// What a container recorded about its evaluations (see
/// ``AtomContainer/startRecordingEvaluations(timelineCapacity:timing:)``).
///
/// ```swift
/// let recording = container.recordedEvaluations()
/// let slowest = recording.statistics.max { $0.value.maxNanos < $1.value.maxNanos }
/// ```
public struct EvaluationRecording: Sendable {
  /// The latest evaluations in the order they finished, as many as the timeline holds.
  public var timeline: [RecordedEvaluation] = []
  /// How many older evaluations the timeline no longer holds.
  public var dropped = 0
  /// Statistics of every node in use that was evaluated while recording.
  public var statistics: [NodeKey: EvaluationStatistics] = [:]
  /// The latest changes of atom values, in causal order, as many as the timeline holds.
  public var writes: [RecordedWrite] = []
  /// How many older writes are no longer kept.
  public var droppedWrites = 0
  /// The latest async resolutions and notifications, in causal order.
  public var occurrences: [RecordedOccurrence] = []
  /// How many older occurrences are no longer kept.
  public var droppedOccurrences = 0
  /// The subscriptions: every live one, and the ended ones a notification still names.
  public var subscriptions: [RecordedSubscription] = []
  /// The latest runs of the container's tracking scopes, in causal order.
  public var scopeRuns: [RecordedScopeRun] = []
}
