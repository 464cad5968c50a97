/// What the graph keeps about one slot index besides the slot object: exactly one cache line.
///
/// Finding a node, walking edges, marking, re-validating and reading another node's value all
/// go through this record, so each node they visit costs one line (plus its value in the
/// ``_ValueArena``) rather than a line in each of several arrays, and no reference counting.
/// The records live in a ``_DenseBuffer`` aligned to cache lines.
@usableFromInline struct _NodeRecord: BitwiseCopyable {
  /// The node the slot belongs to, retained by the record while the slot exists (so that its
  /// address names it); nil for a free index. Comparing addresses finds a node's slot without
  /// reading the node.
  @usableFromInline var _node: UnsafeMutableRawPointer?
  /// Where the value lives, preceded by its readable flag (see ``_ValueArena``).
  @usableFromInline var _valueAddress: UnsafeMutableRawPointer?
  /// The slot, unretained: `_GraphCore.slots` keeps it alive.
  @usableFromInline var _slot: Unmanaged<_NodeSlot>
  /// Dependencies, in the order the last evaluation read them.
  var dependencies = _IndexList()
  /// Dependents: the nodes whose last evaluation read this one.
  var dependents = _IndexList()
  /// The dependency whose change marked the node dirty, for the inspector's "trigger"; -1 if none.
  var dirtiedBy: Int32 = -1
  @usableFromInline var _mark = _NodeSlot._Mark.clean
  /// Whether a change must be followed up eagerly: subscribers, waiters, or an async node.
  @usableFromInline var _watched = false
  @usableFromInline var _evaluating = false
  /// A synchronous atom with equality and no stub: while nobody watches it, a write can go
  /// straight to its value (see `AtomContainer.set` for `Equatable` values).
  @usableFromInline var _writesInPlace = false

  init(slot: Unmanaged<_NodeSlot>) {
    self._slot = slot
  }
}
