/// Something that happened in an ``AtomContainer``, as reported to an ``AtomGraphObserver``.
///
/// Nodes are named by their ``NodeKey``. Values are passed as they are so an observer can make
/// its own preview of them.
///
/// ```swift
/// final class Log: AtomGraphObserver {
///   func receive(_ event: AtomGraphEvent) {
///     if case .evaluationFinished(let node, let nanos, _, _) = event { print(node, nanos) }
///   }
/// }
/// ```
public enum AtomGraphEvent: Sendable {
  /// A node was first used in the container.
  case nodeRegistered(AtomNodeInfo)
  /// A selector's getter started.
  case evaluationStarted(node: NodeKey, trigger: EvaluationTrigger)
  /// A selector's getter finished, after `durationNanos` on a monotonic clock; `changed` says
  /// whether its value (or error) differs from before.
  case evaluationFinished(node: NodeKey, durationNanos: UInt64, trigger: EvaluationTrigger, changed: Bool)
  /// `to` read `from` for the first time in its latest evaluation.
  case edgeAdded(from: NodeKey, to: NodeKey)
  /// `to` no longer reads `from`.
  case edgeRemoved(from: NodeKey, to: NodeKey)
  /// A node's value changed (set, or re-evaluated to a different value).
  case valueChanged(node: NodeKey, value: any Sendable)
  /// A node's evaluation failed.
  case errorRaised(node: NodeKey, error: any Error)
  /// An asynchronous evaluation or load started.
  case loadingStarted(node: NodeKey)
  /// An asynchronous evaluation or load finished (with a value or an error).
  case loadingFinished(node: NodeKey)
  /// The number of subscribers of a node changed.
  case subscribersChanged(node: NodeKey, count: Int)
  /// A node was released from the container (an unused family member).
  case nodeReleased(node: NodeKey)
  /// An atom effect reported a failure (see `AtomEffectContext.report(_:)`).
  case effectFailed(node: NodeKey, effect: String, error: any Error)
  /// The container recorded an operation in its causal timeline, with its place in the
  /// causal order: only while it records (see `AtomContainer.startRecordingEvaluations`).
  case recorded(RecordedStep)
}

/// One operation a recording container kept, as ``AtomGraphEvent/recorded(_:)`` reports it.
///
/// ```swift
/// if case .recorded(.write(let write)) = event { print(write.order, write.node) }
/// ```
public enum RecordedStep: Sendable {
  /// A selector ran.
  case evaluation(RecordedEvaluation)
  /// An atom's value changed.
  case write(RecordedWrite)
  /// An async value arrived or failed, or subscribers were notified.
  case occurrence(RecordedOccurrence)
  /// A tracking scope ran.
  case scopeRun(RecordedScopeRun)
}

/// Why a selector was evaluated.
///
/// ```swift
/// if case .dependencyChanged(let dependency) = trigger { print("because \(dependency) changed") }
/// ```
public enum EvaluationTrigger: Sendable, Equatable {
  /// The first read of the node.
  case firstRead
  /// A dependency's value changed.
  case dependencyChanged(NodeKey)
  /// ``AtomContainer/refresh(_:)`` asked for it, or a stub replaced it.
  case refresh
}

/// What a container knows about a node, reported when it is registered.
///
/// ```swift
/// if case .nodeRegistered(let info) = event, info.isAsync { print("async", info.key) }
/// ```
public struct AtomNodeInfo: Sendable, Equatable {
  /// The node's identity.
  public var key: NodeKey
  /// Atom or selector.
  public var kind: NodeKind
  /// Whether the value is produced asynchronously.
  public var isAsync: Bool
  /// Whether the node can be set.
  public var isWritable: Bool
  /// The family name, for family members.
  public var family: String?
  /// The family parameter, for family members.
  public var parameter: AnyHashableSendable?
  /// The value's Swift type, such as `[CartItem]`.
  public var valueType: String
}
