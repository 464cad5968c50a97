import RecoilConcurrency
import RecoilReflection

/// A container's storage for one node: its place in the graph and, in ``_ValueSlot``, its value.
/// Only touched under the container's lock.
// @unchecked Sendable: a slot is read and written only under its container's lock; a
// subscription keeps one to hand back to the container, which opens it under that lock.
@usableFromInline class _NodeSlot: _NodeSlotFields, @unchecked Sendable {
  /// Whether the cached value can be used as it is.
  @usableFromInline enum _Mark: UInt8, BitwiseCopyable {
    /// Up to date.
    case clean
    /// A dependency further upstream changed; the dependencies must be checked first.
    case check
    /// A direct dependency changed (or the node was never evaluated): re-evaluate.
    case dirty
  }

  /// Runs an evaluation of the slot it is given (always this one). Selectors declared in an
  /// app's module get one compiled for their concrete value type there (see
  /// ``_ValueSlot/evaluateSelector(_:_:)``), which avoids generic value handling per evaluation.
  @usableFromInline typealias _Evaluator = (_NodeSlot, _GraphCore) throws(_Interruption) -> Bool

  // Only what evaluations and writes touch is stored here, so that it shares few cache lines
  // (with _ValueSlot's own fields); the rest is in `details`.
  // The fields they change (`_version`, `_details`, `forcedRefresh`, `tally`) are declared in
  // `_NodeSlotFields`.
  let evaluator: _Evaluator
  /// Kept here, not in `details`: observers' events name the node on every evaluation.
  @usableFromInline let _key: NodeKey
  let index: Int32
  let kind: NodeKind
  @usableFromInline let _isAsync: Bool
  /// The mark a new slot starts with: atoms are clean, selectors dirty until evaluated.
  let initialMark: _Mark
  /// The `uid` of the node: never reused, unlike slot indices and node addresses.
  let nodeUID: Int
  /// The size of the node's value when it is plain (trivially copyable, at most 8 bytes), so
  /// that the recorder keeps it as bits read where it lives, without generic code; 0 for
  /// other values.
  let plainValueSize: UInt8

  @usableFromInline func _ensureDetails() -> _SlotDetails {
    if let _details { return _details }
    let made = _SlotDetails(family: nil)
    _details = made
    return made
  }

  var family: String? { _details?.family }

  /// What observers are told about the node when it is registered.
  var info: AtomNodeInfo {
    AtomNodeInfo(
      key: _key, kind: kind, isAsync: _isAsync, isWritable: isWritable, family: family, parameter: _key.parameter,
      valueType: valueTypeName)
  }

  /// For a writable selector: the atoms its setter wrote the last time it ran.
  var lastWrites: [Int32] {
    get { _details?.lastWrites ?? [] }
    set {
      guard !newValue.isEmpty || _details != nil else { return }
      _ensureDetails().lastWrites = newValue
    }
  }

  /// Incremented for every asynchronous evaluation; a result from an older one is ignored.
  @usableFromInline var _generation: UInt64 {
    get { _details?._generation ?? 0 }
    set { _ensureDetails()._generation = newValue }
  }

  @usableFromInline var _task: Task<Void, Never>? {
    get { _details?._task }
    set {
      guard newValue != nil || _details != nil else { return }
      _ensureDetails()._task = newValue
    }
  }

  var subscribers: [SubscriberEntry] {
    get { _details?.subscribers ?? [] }
    _modify { yield &_ensureDetails().subscribers }
  }

  var notifiedVersion: UInt64 {
    get { _details?.notifiedVersion ?? 0 }
    set { _ensureDetails().notifiedVersion = newValue }
  }

  /// Tasks suspended in `AtomContainer.value(_:)` until this node's state changes.
  var waiters: [ChangeWaiter] {
    get { _details?.waiters ?? [] }
    _modify { yield &_ensureDetails().waiters }
  }

  init<Value>(node: Node<Value>, index: Int32, mark: _Mark, evaluator: _Evaluator? = nil) {
    // Not `??`: its autoclosure crashes the 6.3 compiler with a typed-throws function type.
    if let evaluator {
      self.evaluator = evaluator
    } else {
      self.evaluator = _NodeSlot.evaluateThroughClass
    }
    nodeUID = node._uid
    _key = node.key
    self.index = index
    kind = node.kind
    _isAsync = node.isAsync
    self.initialMark = mark
    plainValueSize = PlainValue.size(of: Value.self)
    super.init(details: node.family.map { _SlotDetails(family: $0) })
  }

  var valueTypeName: String { "" }
  var isWritable: Bool { false }

  /// Runs the node's getter (or starts its asynchronous evaluation) and stores the outcome.
  /// Returns whether the state changed.
  @usableFromInline func _evaluate(_ core: _GraphCore) throws(_Interruption) -> Bool { false }

  /// The evaluator of nodes without a specialised one: the class's `evaluate`.
  static func evaluateThroughClass(_ slot: _NodeSlot, _ core: _GraphCore) throws(_Interruption) -> Bool {
    try slot._evaluate(core)
  }

  /// Restores an atom's default value. Returns whether the state changed.
  func resetToDefault(_ core: _GraphCore, site: CallSite) -> Bool { false }

  /// Re-runs an asynchronous atom's load. Returns whether the state changed.
  func reload(_ core: _GraphCore) -> Bool { false }

  /// Whether an async selector's evaluation in flight goes on although the node was marked
  /// for re-evaluation: true when nothing it has taken has changed since.
  func continuesInFlight(_ core: _GraphCore) -> Bool { false }

  /// An atom's current value for a snapshot, given the atom; `nil` for other nodes, and for an
  /// atom without a value (still loading, or failed).
  func snapshotEntry(of node: AnyObject) -> AtomSnapshot.Entry? { nil }

  /// The state as a type-erased loadable, for observers and subscribers.
  var erasedLoadable: Loadable<any Sendable> { .loading(previous: nil) }

  var hasValue: Bool { false }

  /// Whether the node holds its settled value: settled now, or loading and keeping it.
  var holdsSettledValue: Bool { false }

  /// Goes back from loading to the value held; whether the state changed. Only when
  /// ``holdsSettledValue``.
  func returnToSettledValue() -> Bool { false }

  /// The value, boxed, as the recorder keeps it after an evaluation that changed it; `nil`
  /// while the node has none (loading, failed). For a plain value, ``_GraphCore`` reads the
  /// bits where the value lives instead (see ``plainValueSize``).
  func evaluatedValue() -> (any Sendable)? { nil }

  /// The type of the node's value.
  var valueMetatype: Any.Type { Never.self }

  /// Whether a new value is compared with the old one (Equatable values).
  var comparesValues: Bool { false }

  /// Writes `value` to `node` (this slot's node) if it has the node's value type, as
  /// ``AtomContainer/set(_:_:file:line:)`` does; false when the type differs.
  func writeErased(_ value: Any, node: AnyObject, core: _GraphCore, site: CallSite) throws -> Bool { false }

  /// Stubs the node with `outcome` (a value of the node's type, or an error), remembering
  /// how it computed its value so that ``unstub(_:)`` can restore it; false when the value's
  /// type differs.
  func stubErased(_ outcome: Result<Any, any Error>, core: _GraphCore) -> Bool { false }

  /// Restores what a stub from ``stubErased(_:core:)`` replaced; false when there is none.
  func unstub(_ core: _GraphCore) -> Bool { false }

  /// Whether the node is stubbed.
  var isStubbed: Bool { false }
}

/// A subscriber, with the id used to remove it. `notification` runs under the lock and
/// returns the callback to run after it is released.
struct SubscriberEntry {
  let id: UInt64
  /// Its label, and what a recording container learns of its callback.
  let tally: SubscriberTally
  /// Whether its delivery runs the tally itself (a queue's or the main actor's); otherwise
  /// a recording container's notification does.
  let talliesWhereItRuns: Bool
  let notification: (_NodeSlot) -> @Sendable () -> Void
}

/// Thrown through getters to abandon an evaluation that went too deep: the scheduler evaluates
/// the deferred dependency first and then retries, so deep chains never exhaust the stack.
@usableFromInline struct _Interruption: Error {
  @usableFromInline init() {}
}
