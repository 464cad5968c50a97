/// A container's storage for one node: its place in the graph and, in ``ValueSlot``, its value.
/// Only touched under the container's lock.
@usableFromInline class NodeSlot {
  /// Whether the cached value can be used as it is.
  @usableFromInline enum Mark: UInt8, BitwiseCopyable {
    /// Up to date.
    case clean
    /// A dependency further upstream changed; the dependencies must be checked first.
    case check
    /// A direct dependency changed (or the node was never evaluated): re-evaluate.
    case dirty
  }

  /// Runs an evaluation of the slot it is given (always this one). Selectors declared in an
  /// app's module get one compiled for their concrete value type there (see
  /// ``ValueSlot/evaluateSelector(_:_:)``), which avoids generic value handling per evaluation.
  @usableFromInline typealias Evaluator = (NodeSlot, GraphCore) throws(Interruption) -> Bool

  // Only what evaluations and writes touch is stored here, so that it shares few cache lines
  // (with ValueSlot's own fields); the rest is in `details`.
  let evaluator: Evaluator
  /// Bumped whenever the value (or loading/error state) changes.
  @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
  /// Made when first needed: most nodes never have subscribers, waiters, a family or async
  /// work, and without it a slot is one allocation, which keeps slots close together.
  @usableFromInline @exclusivity(unchecked) var details: SlotDetails?
  /// Kept here, not in `details`: observers' events name the node on every evaluation.
  @usableFromInline let key: NodeKey
  let index: Int32
  let kind: NodeKind
  @usableFromInline let isAsync: Bool
  /// The mark a new slot starts with: atoms are clean, selectors dirty until evaluated.
  let initialMark: Mark
  @exclusivity(unchecked) var forcedRefresh = false
  /// Evaluations counted by the container's recording, if any.
  @exclusivity(unchecked) var tally = EvaluationTally()
  /// The `uid` of the node: never reused, unlike slot indices and node addresses.
  let nodeUID: Int

  @usableFromInline func ensureDetails() -> SlotDetails {
    if let details { return details }
    let made = SlotDetails(family: nil)
    details = made
    return made
  }

  var family: String? { details?.family }

  /// What observers are told about the node when it is registered.
  var info: AtomNodeInfo {
    AtomNodeInfo(
      key: key, kind: kind, isAsync: isAsync, isWritable: isWritable, family: family, parameter: key.parameter,
      valueType: valueTypeName)
  }

  /// For a writable selector: the atoms its setter wrote the last time it ran.
  var lastWrites: [Int32] {
    get { details?.lastWrites ?? [] }
    set {
      guard !newValue.isEmpty || details != nil else { return }
      ensureDetails().lastWrites = newValue
    }
  }

  /// Incremented for every asynchronous evaluation; a result from an older one is ignored.
  @usableFromInline var generation: UInt64 {
    get { details?.generation ?? 0 }
    set { ensureDetails().generation = newValue }
  }

  @usableFromInline var task: Task<Void, Never>? {
    get { details?.task }
    set {
      guard newValue != nil || details != nil else { return }
      ensureDetails().task = newValue
    }
  }

  var subscribers: [SubscriberEntry] {
    get { details?.subscribers ?? [] }
    _modify { yield &ensureDetails().subscribers }
  }

  var notifiedVersion: UInt64 {
    get { details?.notifiedVersion ?? 0 }
    set { ensureDetails().notifiedVersion = newValue }
  }

  /// Tasks suspended in `AtomContainer.value(_:)` until this node's state changes.
  var waiters: [ChangeWaiter] {
    get { details?.waiters ?? [] }
    _modify { yield &ensureDetails().waiters }
  }

  init<Value>(node: Node<Value>, index: Int32, mark: Mark, evaluator: Evaluator? = nil) {
    // Not `??`: its autoclosure crashes the 6.3 compiler with a typed-throws function type.
    if let evaluator {
      self.evaluator = evaluator
    } else {
      self.evaluator = NodeSlot.evaluateThroughClass
    }
    details = node.family.map { SlotDetails(family: $0) }
    nodeUID = node.uid
    key = node.key
    self.index = index
    kind = node.kind
    isAsync = node.isAsync
    self.initialMark = mark
  }

  var valueTypeName: String { "" }
  /// Where the value lives, preceded by its readable flag (see ``ValueArena``).
  var valueAddress: UnsafeMutableRawPointer? { nil }
  var isWritable: Bool { false }

  /// Runs the node's getter (or starts its asynchronous evaluation) and stores the outcome.
  /// Returns whether the state changed.
  @usableFromInline func evaluate(_ core: GraphCore) throws(Interruption) -> Bool { false }

  /// The evaluator of nodes without a specialised one: the class's `evaluate`.
  static func evaluateThroughClass(_ slot: NodeSlot, _ core: GraphCore) throws(Interruption) -> Bool {
    try slot.evaluate(core)
  }

  /// Restores an atom's default value. Returns whether the state changed.
  func resetToDefault(_ core: GraphCore) -> Bool { false }

  /// Re-runs an asynchronous atom's load. Returns whether the state changed.
  func reload(_ core: GraphCore) -> Bool { false }

  /// An atom's current value for a snapshot, given the atom; `nil` for other nodes, and for an
  /// atom without a value (still loading, or failed).
  func snapshotEntry(of node: AnyObject) -> AtomSnapshot.Entry? { nil }

  /// The state as a type-erased loadable, for observers and subscribers.
  var erasedLoadable: Loadable<any Sendable> { .loading(previous: nil) }

  var hasValue: Bool { false }

  /// Whether a new value is compared with the old one (Equatable values).
  var comparesValues: Bool { false }
}

/// What a slot needs only now and then: its family, its subscribers and waiters, and the
/// bookkeeping of asynchronous evaluations. Kept apart from ``NodeSlot`` so that the fields an
/// evaluation touches stay together.
@usableFromInline final class SlotDetails {
  let family: String?
  @exclusivity(unchecked) var subscribers: [SubscriberEntry] = []
  @exclusivity(unchecked) var notifiedVersion: UInt64 = 0
  @exclusivity(unchecked) var waiters: [ChangeWaiter] = []
  @usableFromInline @exclusivity(unchecked) var generation: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var task: Task<Void, Never>?
  /// For a writable selector: the atoms its setter wrote the last time it ran, which is what
  /// resetting the selector resets.
  var lastWrites: [Int32] = []

  init(family: String?) {
    self.family = family
  }
}

/// A subscriber, with the id used to remove it. `notification` runs under the lock and
/// returns the callback to run after it is released.
struct SubscriberEntry {
  let id: UInt64
  let notification: (NodeSlot) -> @Sendable () -> Void
}

/// Thrown through getters to abandon an evaluation that went too deep: the scheduler evaluates
/// the deferred dependency first and then retries, so deep chains never exhaust the stack.
@usableFromInline struct Interruption: Error {
  @usableFromInline init() {}
}
