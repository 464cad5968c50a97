import RecoilConcurrency

// The node table's memory and the core's state: every place where the atom graph reads or
// writes memory the Swift compiler does not check is in this file, so that the rest of the
// engine (the push-pull algorithm in `GraphCore.swift`, the slots' logic, the recorder, the
// getters and the container) is checked Swift.
//
// - `_DenseBuffer`, `_IndexList` and `_NodeRecord`: the records the graph walks, written in
//   place through pointers, without reference counting or uniqueness checks.
// - `_ValueArena` and `_ArenaCell`: where the nodes' values live, packed, each behind a
//   readable flag, and read or written in place.
// - The fields of the core, the slots and the recorder (`_GraphCoreFields`,
//   `_NodeSlotFields`, `_ValueSlotFields`, `_LockedFields`): only ever touched under the
//   container's lock, so their exclusivity is not checked at run time (each check would be a
//   call on the hot paths).
// - `_UnretainedSlot`, `_UnretainedCore`, `_UnretainedObserver` and the typed view of a slot
//   (`_NodeSlot._valueSlot(_:)`): references used without reference counting or a dynamic
//   cast, where the core guarantees what they refer to is alive and of that type.
//
// What each shortcut saves is measured by `recoil-bench` G1–G3 and G3+inspector.

// MARK: - Dense buffers

/// A growable run of plain values written in place through a pointer.
///
/// The graph's node records and its work stacks change on every evaluation. Kept in arrays
/// stored on a class, each write would first check that the array's storage is uniquely
/// referenced; through a pointer a write is one store, in place. The owner (``_GraphCore`` or
/// the evaluation recorder) frees the buffer in its `deinit`, and like everything in the core
/// it is only used under the container's lock.
@usableFromInline struct _DenseBuffer<Element: BitwiseCopyable> {
  @usableFromInline var _base: UnsafeMutablePointer<Element>
  @usableFromInline var _count = 0
  @usableFromInline var _capacity: Int

  init(capacity: Int = 16) {
    self._capacity = max(capacity, 1)
    _base = Self.allocate(capacity: self._capacity)
  }

  /// Storage aligned to a cache line, so that an element of 64 bytes fills exactly one.
  static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride, alignment: max(MemoryLayout<Element>.alignment, 64)
    )
    .bindMemory(to: Element.self, capacity: capacity)
  }

  var isEmpty: Bool { _count == 0 }

  // Addressors: `buffer[i].field = x` writes the field in place.
  @inlinable subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(_base + index) }
    nonmutating unsafeMutableAddress { _base + index }
  }

  @inlinable subscript(index: Int32) -> Element {
    unsafeAddress { UnsafePointer(_base + Int(index)) }
    nonmutating unsafeMutableAddress { _base + Int(index) }
  }

  /// The last element; the buffer must not be empty.
  @inlinable var last: Element { _base[_count - 1] }

  @inlinable mutating func append(_ element: Element) {
    if _slowPath(_count == _capacity) { _grow() }
    _base[_count] = element
    _count += 1
  }

  @inlinable @discardableResult mutating func removeLast() -> Element {
    _count -= 1
    return _base[_count]
  }

  /// Keeps the first `newCount` elements.
  mutating func truncate(to newCount: Int) {
    _count = min(_count, newCount)
  }

  @usableFromInline mutating func _grow() {
    let larger = Self.allocate(capacity: _capacity * 2)
    larger.initialize(from: _base, count: _count)
    _base.deallocate()
    _base = larger
    _capacity *= 2
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func deallocate() {
    _base.deallocate()
  }
}

// MARK: - Index lists

/// A short list of slot indices (a node's dependencies or dependents) stored without reference
/// counting, in 16 bytes: up to two inline, more in a buffer the list owns.
///
/// Most nodes read one or two others and are read by one or two, so the common case touches
/// no memory beyond the list itself, and reading or walking a list costs no retain, unlike an
/// array. The list is a plain value: the graph keeps exactly one copy of each (in its node
/// records), mutates it in place and calls ``free()`` when the node goes away. A copy taken
/// for iteration must not outlive a mutation of the original.
@usableFromInline struct _IndexList: BitwiseCopyable, Sequence {
  /// The two elements while `capacity` is 2; the address of the buffer after that.
  private var storage: UInt64 = 0
  private(set) var count: Int32 = 0
  private var capacity: Int32 = 2

  init() {}

  var isEmpty: Bool { count == 0 }

  private var spill: UnsafeMutablePointer<Int32>? {
    capacity > 2 ? UnsafeMutablePointer(bitPattern: UInt(storage)) : nil
  }

  subscript(position: Int) -> Int32 {
    if let spill { return spill[position] }
    return Int32(truncatingIfNeeded: position == 0 ? storage : storage >> 32)
  }

  private mutating func setInline(_ position: Int, _ index: Int32) {
    let bits = UInt64(UInt32(bitPattern: index))
    storage =
      position == 0 ? (storage & 0xFFFF_FFFF_0000_0000) | bits : (storage & 0x0000_0000_FFFF_FFFF) | bits << 32
  }

  mutating func append(_ index: Int32) {
    if let spill {
      var buffer = spill
      if count == capacity {
        let larger = UnsafeMutablePointer<Int32>.allocate(capacity: Int(capacity) * 2)
        larger.initialize(from: spill, count: Int(count))
        spill.deallocate()
        buffer = larger
        storage = UInt64(UInt(bitPattern: larger))
        capacity *= 2
      }
      buffer[Int(count)] = index
    } else if count < 2 {
      setInline(Int(count), index)
    } else {
      let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: 8)
      buffer[0] = self[0]
      buffer[1] = self[1]
      buffer[2] = index
      storage = UInt64(UInt(bitPattern: buffer))
      capacity = 8
    }
    count += 1
  }

  func firstIndex(of index: Int32) -> Int? {
    for position in 0..<Int(count) where self[position] == index { return position }
    return nil
  }

  func contains(_ index: Int32) -> Bool { firstIndex(of: index) != nil }

  /// Removes the element at `position`, keeping the order of the others.
  mutating func remove(at position: Int) {
    if let spill {
      (spill + position).update(from: spill + position + 1, count: Int(count) - position - 1)
    } else if position == 0 {
      setInline(0, self[1])
    }
    count -= 1
  }

  /// Releases the buffer, if any, and empties the list.
  mutating func free() {
    spill?.deallocate()
    self = _IndexList()
  }

  /// Replaces the elements with `indices`.
  mutating func replace(with indices: [Int32]) {
    free()
    for index in indices { append(index) }
  }

  var elements: [Int32] { Array(self) }

  @usableFromInline struct Iterator: IteratorProtocol {
    let list: _IndexList
    var position = 0

    @usableFromInline mutating func next() -> Int32? {
      guard position < Int(list.count) else { return nil }
      defer { position += 1 }
      return list[position]
    }
  }

  @usableFromInline func makeIterator() -> Iterator { Iterator(list: self) }
}

// MARK: - Node records

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
  @usableFromInline var _slot: _UnretainedSlot
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

  init(slot: _NodeSlot) {
    self._slot = _UnretainedSlot(slot)
  }
}

extension _NodeRecord {
  /// Whether the record's slot belongs to `node`, by address: the node is not read.
  @inlinable func _holds(_ node: AnyObject) -> Bool {
    _node == Unmanaged.passUnretained(node).toOpaque()
  }

  /// The node the slot belongs to, for a caller that does not keep it beyond the record.
  var heldNode: AnyObject? {
    _node.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Gives the slot to `node`, which the record keeps alive, with `slot` and its value's place.
  mutating func hold(_ node: AnyObject, in slot: _NodeSlot) {
    _slot = _UnretainedSlot(slot)
    _node = Unmanaged.passRetained(node).toOpaque()
    _valueAddress = slot.valueAddress
  }

  /// Lets go of the node and its slot: the index is free.
  mutating func letGo() {
    _slot = _UnretainedSlot(ReleasedSlot.shared)
    if let node = _node { Unmanaged<AnyObject>.fromOpaque(node).release() }
    _node = nil
    _valueAddress = nil
  }

  /// Runs `body` with the slot, retaining it for none of it (`_GraphCore._slots` keeps it).
  @inlinable func _withSlot<Result>(_ body: (_NodeSlot) throws -> Result) rethrows -> Result {
    try _slot._use(body)
  }

  /// Whether the node holds a value to read as it is (see ``_ValueArena``).
  @inlinable var _hasReadableValue: Bool { _valueAddress.map(_ValueArena.isReadable) ?? false }

  /// A free index's record.
  static var free: _NodeRecord { _NodeRecord(slot: ReleasedSlot.shared) }

  /// The cell of the node's value in the arena, while it holds a value to read as it is (see
  /// ``_ValueArena``); the node's value type must be `Value`.
  @inlinable func _readableCell<Value>(as _: Value.Type) -> _ArenaCell<Value>? {
    guard let address = _valueAddress, _ValueArena.isReadable(address) else { return nil }
    return _ArenaCell(_pointer: address.assumingMemoryBound(to: Value.self))
  }
}

/// A node's slot, referred to without reference counting: `_GraphCore._slots` keeps it alive
/// while a record names it.
@usableFromInline struct _UnretainedSlot: BitwiseCopyable {
  @usableFromInline let _unmanaged: Unmanaged<_NodeSlot>

  init(_ slot: _NodeSlot) {
    _unmanaged = .passUnretained(slot)
  }

  /// Runs `body` with the slot, retaining it for none of it.
  @inlinable func _use<Result>(_ body: (_NodeSlot) throws -> Result) rethrows -> Result {
    try _unmanaged._withUnsafeGuaranteedRef(body)
  }
}

/// A value in its arena cell, read and written in place.
@usableFromInline struct _ArenaCell<Value> {
  @usableFromInline let _pointer: UnsafeMutablePointer<Value>

  @inlinable init(_pointer: UnsafeMutablePointer<Value>) {
    self._pointer = _pointer
  }

  @inlinable var _value: Value {
    get { _pointer.pointee }
    nonmutating set { _pointer.pointee = newValue }
  }
}

/// The container's recorder, used without reference counting on the paths that record every
/// evaluation and write: `_GraphCoreFields.recorder` keeps it alive, and it is replaced only
/// between operations.
struct _UnretainedRecorder {
  private let unmanaged: Unmanaged<GraphRecorder>

  init(_ recorder: GraphRecorder) {
    unmanaged = .passUnretained(recorder)
  }

  /// Runs `body` with the recorder, retaining it for none of it.
  @inline(__always) func use<Result>(_ body: (GraphRecorder) -> Result) -> Result {
    unmanaged._withUnsafeGuaranteedRef(body)
  }
}

/// An observer held without a reference count, where an array of the observers owns them,
/// for reading its interests on every operation.
///
/// The interests are read through the observer's type, on a reference that is never
/// retained: a reference read from an `unowned(unsafe)` existential, like a closure's
/// context, is retained and released around each call, two atomic operations per observer
/// per operation.
struct _UnretainedObserver {
  private let object: UnsafeMutableRawPointer
  private let type: any AtomGraphObserver.Type

  init(_ observer: any AtomGraphObserver) {
    object = Unmanaged.passUnretained(observer as AnyObject).toOpaque()
    type = Swift.type(of: observer)
  }

  /// The observer's interests now.
  var interests: AtomGraphEventKinds { type._interests(of: object) }
}

extension AtomGraphObserver {
  /// The interests of the observer of this type at `object`, used without retaining it.
  fileprivate static func _interests(of object: UnsafeMutableRawPointer) -> AtomGraphEventKinds {
    Unmanaged<Self>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.interests }
  }
}

// MARK: - The value arena

/// Where one container's slots keep their values.
///
/// Small values (up to 64 bytes) are packed side by side in shared blocks instead of one heap
/// allocation each. A graph of ten thousand `Int` atoms then keeps all its values in 80 KB, so
/// reading the values of nodes scattered through the graph touches few cache lines and pages.
/// Freed places are reused by the next value of the same size. Larger values get their own
/// allocation.
///
/// Each value is preceded by a flag byte, "readable", that its slot keeps true while the
/// value can be read as it is (stored, not loading, no error). A getter reading another node
/// checks that flag and loads the value from this memory alone, without touching the slot.
///
/// Slots usually come and go under their container's lock, but a slot held by a finishing
/// async task may be freed outside it, so the arena has a lock of its own (taken only when a
/// slot is created or freed, never to read or write a value).
@usableFromInline final class _ValueArena: @unchecked Sendable {
  // Sendable: every stored property is guarded by `lock`.
  private static let blockSize = 64 * 1024
  private static let largestPacked = 64

  private let lock = Lock()
  private var blocks: [UnsafeMutableRawPointer] = []
  private var next: UnsafeMutableRawPointer?
  private var remaining = 0
  /// Freed places, keyed by size * 32 + alignment.
  private var freePlaces: [Int: [UnsafeMutableRawPointer]] = [:]

  init() {}

  deinit {
    for block in blocks { block.deallocate() }
  }

  /// The alignment of a place for `Value`, and the size of the prefix holding its flag.
  private static func alignment<Value>(of type: Value.Type) -> Int {
    max(MemoryLayout<Value>.alignment, 8)
  }

  /// The bytes a place for `Value` takes: the flag prefix and the value.
  private static func placeSize<Value>(of type: Value.Type) -> Int {
    let alignment = alignment(of: type)
    return alignment + (max(MemoryLayout<Value>.stride, 1) + alignment - 1) / alignment * alignment
  }

  /// Whether values of this type are packed into blocks.
  private static func isPacked<Value>(_ type: Value.Type) -> Bool {
    alignment(of: type) <= 16 && placeSize(of: type) <= largestPacked + 16
  }

  /// Uninitialised memory for one value, with its readable flag false.
  func allocate<Value>(_ type: Value.Type) -> UnsafeMutablePointer<Value> {
    let alignment = Self.alignment(of: type)
    let size = Self.placeSize(of: type)
    let place: UnsafeMutableRawPointer
    if Self.isPacked(type) {
      place = packedPlace(size: size, alignment: alignment)
    } else {
      place = .allocate(byteCount: size, alignment: alignment)
    }
    let value = place + alignment
    value.storeBytes(of: false, toByteOffset: -1, as: Bool.self)
    return value.bindMemory(to: Value.self, capacity: 1)
  }

  private func packedPlace(size: Int, alignment: Int) -> UnsafeMutableRawPointer {
    lock.withLock {
      if let reused = freePlaces[size * 32 + alignment]?.popLast() { return reused }
      if let next {
        let padding = (alignment - Int(bitPattern: next) % alignment) % alignment
        if remaining >= size + padding {
          let place = next + padding
          self.next = place + size
          remaining -= size + padding
          return place
        }
      }
      let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
      blocks.append(block)
      next = block + size
      remaining = Self.blockSize - size
      return block
    }
  }

  /// Returns memory from ``allocate(_:)``; its value must already be deinitialised.
  func deallocate<Value>(_ pointer: UnsafeMutablePointer<Value>) {
    let place = UnsafeMutableRawPointer(pointer) - Self.alignment(of: Value.self)
    guard Self.isPacked(Value.self) else {
      place.deallocate()
      return
    }
    let size = Self.placeSize(of: Value.self)
    let alignment = Self.alignment(of: Value.self)
    lock.withLock { freePlaces[size * 32 + alignment, default: []].append(place) }
  }

  /// Whether the value at `address` (from ``allocate(_:)``) can be read as it is.
  @inlinable static func isReadable(_ address: UnsafeMutableRawPointer) -> Bool {
    address.load(fromByteOffset: -1, as: Bool.self)
  }

  static func setReadable(_ readable: Bool, at address: UnsafeMutableRawPointer) {
    address.storeBytes(of: readable, toByteOffset: -1, as: Bool.self)
  }

  /// The first `size` bytes of the value at `address` (at most 8, of a trivially copyable
  /// value), as the bits of a ``PlainValue``.
  static func plainBits(at address: UnsafeMutableRawPointer, size: Int) -> UInt64 {
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: size)) }
    return bits
  }
}

// MARK: - Slot fields

/// The fields of a ``_NodeSlot`` that evaluations and writes change. A slot is only touched
/// under the container's lock, so their exclusivity is not checked at run time.
@usableFromInline class _NodeSlotFields {
  /// Bumped whenever the value (or loading/error state) changes.
  @usableFromInline @exclusivity(unchecked) final var _version: UInt64 = 0
  /// Made when first needed: most nodes never have subscribers, waiters, a family or async
  /// work, and without it a slot is one allocation, which keeps slots close together.
  @usableFromInline @exclusivity(unchecked) final var _details: _SlotDetails?
  @exclusivity(unchecked) final var forcedRefresh = false
  // Flags beside `forcedRefresh`, in the bytes before `tally` that alignment leaves free: they
  // add nothing to the lines an evaluation touches.
  /// Whether the node keeps the inputs of its latest settled evaluation (``_SlotDetails/settledInputs``):
  /// a selector that has been loading once, because something it read was.
  @exclusivity(unchecked) final var keepsSettledInputs = false
  /// Whether a selector keeping its settled inputs read this node: its settled stamp is then
  /// kept (see ``_SlotDetails/settledStamp``).
  @usableFromInline @exclusivity(unchecked) final var _stampsSettled = false
  /// Whether the node is a member of a family with a cache policy (see ``FamilyCaches``).
  @exclusivity(unchecked) final var isCachedByPolicy = false
  /// Evaluations counted by the container's recording, if any.
  @exclusivity(unchecked) final var tally = EvaluationTally()

  /// The settled stamp (see ``_SlotDetails/settledStamp``), 0 while none is kept.
  var settledStamp: UInt64 { _details?.settledStamp ?? 0 }

  /// A new settled outcome: a value unlike the last settled one, or an error.
  @inlinable final func _settledChanged() {
    if _fastPath(!_stampsSettled) { return }
    _details!.settledStamp &+= 1
  }

  init(details: _SlotDetails?) {
    _details = details
  }

  /// Where the value lives, preceded by its readable flag (see ``_ValueArena``); none for a
  /// slot without a value.
  var valueAddress: UnsafeMutableRawPointer? { nil }
}

/// What a slot needs only now and then: its family, its subscribers and waiters, and the
/// bookkeeping of asynchronous evaluations. Kept apart from ``_NodeSlot`` so that the fields an
/// evaluation touches stay together.
@usableFromInline final class _SlotDetails {
  let family: String?
  @exclusivity(unchecked) var subscribers: [SubscriberEntry] = []
  @exclusivity(unchecked) var notifiedVersion: UInt64 = 0
  @exclusivity(unchecked) var waiters: [ChangeWaiter] = []
  @usableFromInline @exclusivity(unchecked) var _generation: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var _task: Task<Void, Never>?
  /// For a writable selector: the atoms its setter wrote the last time it ran, which is what
  /// resetting the selector resets.
  var lastWrites: [Int32] = []
  /// How a node stubbed from outside (the inspector's remote control) computed its value
  /// before, to restore when the stub is removed: its `Compute`.
  var computeBeforeStub: Any?
  /// For a selector that keeps them (see ``_NodeSlotFields/keepsSettledInputs``): what its
  /// latest settled evaluation read, each with its uid and settled stamp then.
  var settledInputs: [SettledInput] = []
  /// Bumped whenever the settled outcome changes, while a selector keeping its settled inputs
  /// read this node (``_NodeSlotFields/_stampsSettled``). Unlike `_version`, going loading and
  /// coming back to an equal value leave it as it was, so the selector can tell its input is
  /// what it was (see `_GraphCore.restoresSettled`).
  @usableFromInline var settledStamp: UInt64 = 0
  /// For an async selector: what its evaluation in flight has taken so far (see
  /// `_GraphCore.noteTaken`), each input with its version then.
  var takenInputs: [TakenInput] = []

  init(family: String?) {
    self.family = family
  }
}

/// A node a settled evaluation read, and its settled stamp then (see
/// ``_SlotDetails/settledStamp``); the uid tells a node that took its index since apart.
struct SettledInput {
  var index: Int32
  var uid: Int
  var stamp: UInt64
}

/// An input an async evaluation in flight took (a value, an error, a loadable), and its
/// version then; the uid tells a node that took its index since apart.
struct TakenInput {
  var index: Int32
  var uid: Int
  var version: UInt64
}

/// The stored fields of a ``_ValueSlot``: how the node computes its value, and the value
/// itself, kept in the container's ``_ValueArena`` behind its readable flag.
@usableFromInline class _ValueSlotFields<Value: Sendable>: _NodeSlot, @unchecked Sendable {
  enum Compute {
    case atom(@Sendable () -> Value)
    case asyncAtom(@Sendable () async throws -> Value)
    case selector(@Sendable (Getter) throws -> Value)
    case writableSelector(@Sendable (Getter) throws -> Value, @Sendable (Setter, Value) throws -> Void)
    /// An async selector; with a setter, a writable one.
    case asyncSelector(@Sendable (AsyncGetter) async throws -> Value, set: (@Sendable (Setter, Value) throws -> Void)?)
    /// A test stub: the node always has this outcome.
    case stub(Result<Value, any Error>)
  }

  // The state is kept in fields whose layout needs no generic metadata at run time (the value
  // in a buffer allocated once), so the evaluation path does no metadata lookups.
  @usableFromInline final let _storage: UnsafeMutablePointer<Value>
  // Each change of these three updates the readable flag beside the value (see _ValueArena).
  @usableFromInline @exclusivity(unchecked) final var _storesValue = false {
    didSet { _updateReadable() }
  }
  @usableFromInline @exclusivity(unchecked) final var _failure: (any Error)? {
    didSet { _updateReadable() }
  }
  @usableFromInline @exclusivity(unchecked) final var _isLoading = false {
    didSet { _updateReadable() }
  }
  /// Whether a test replaced the node's value with a stub.
  @usableFromInline @exclusivity(unchecked) final var _isStubbed = false
  /// The getter of a plain or writable selector: the hot path of evaluation. A `let`, so that
  /// calling it needs no retain of its context; a stub overrides it through `isStubbed`.
  @usableFromInline final let _syncGetter: (@Sendable (Getter) throws -> Value)?
  @usableFromInline final let _isSame: (@Sendable (Value, Value) -> Bool)?
  // Fields not used on every evaluation come last.
  /// Where `storage` comes from, and goes back to.
  final let arena: _ValueArena
  @exclusivity(unchecked) final var compute: Compute
  /// A plain atom's default, kept apart from `compute`: reading `compute` looks up the generic
  /// metadata of its type each time, and `resetAll` resets every atom.
  final let atomDefault: (@Sendable () -> Value)?

  init(
    node: Node<Value>, index: Int32, arena: _ValueArena, compute: Compute,
    syncGetter: (@Sendable (Getter) throws -> Value)?, isSame: (@Sendable (Value, Value) -> Bool)?, mark: _Mark,
    evaluator: _Evaluator?
  ) {
    self.arena = arena
    self._storage = arena.allocate(Value.self)
    self.compute = compute
    if case .atom(let makeDefault) = compute { atomDefault = makeDefault } else { atomDefault = nil }
    self._isSame = isSame
    self._syncGetter = syncGetter
    super.init(node: node, index: index, mark: mark, evaluator: evaluator)
  }

  deinit {
    if _storesValue { _storage.deinitialize(count: 1) }
    arena.deallocate(_storage)
  }

  @usableFromInline final func _updateReadable() {
    _ValueArena.setReadable(_storesValue && !_isLoading && _failure == nil, at: UnsafeMutableRawPointer(_storage))
  }

  override final var valueAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(_storage) }

  /// The value; only while `_storesValue`.
  @inlinable final var _value: Value {
    get { _storage.pointee }
    set { _storage.pointee = newValue }
  }

  /// Stores `value`, in place of the one stored if any.
  @inlinable final func setValue(_ value: Value) {
    if _storesValue {
      _storage.pointee = value
    } else {
      _storage.initialize(to: value)
      _storesValue = true
    }
  }

  /// Drops the stored value, if any.
  final func clearValue() {
    if _storesValue {
      _storage.deinitialize(count: 1)
      _storesValue = false
    }
  }
}

extension _NodeSlot {
  /// This slot as the slot of a node of `Value`: what it is whenever the core asks, since the
  /// core asks with the value type the node was registered with. Unchecked, so that evaluating
  /// or reading a node costs no dynamic cast.
  @inlinable func _valueSlot<Value: Sendable>(_: Value.Type) -> _ValueSlot<Value> {
    unsafeDowncast(self, to: _ValueSlot<Value>.self)
  }
}

// MARK: - Unretained references

/// The core, referred to without reference counting by the getters and setters it hands to
/// nodes' functions: they exist only during a call the core makes, which keeps it alive.
@usableFromInline struct _UnretainedCore {
  @usableFromInline let _unmanaged: Unmanaged<_GraphCore>

  @usableFromInline init(_ core: _GraphCore) {
    _unmanaged = .passUnretained(core)
  }

  /// The core, for calls that may retain it.
  var core: _GraphCore { _unmanaged.takeUnretainedValue() }

  /// Runs `body` with the core, retaining it for none of it.
  @inlinable func use<Result>(_ body: (_GraphCore) throws -> Result) rethrows -> Result {
    try _unmanaged._withUnsafeGuaranteedRef(body)
  }
}

// MARK: - Fields touched under the lock

/// An object whose fields, grouped in `Fields`, are only touched under the container's lock,
/// so that their exclusivity is not checked at run time (the evaluation recorder's buffers).
class _LockedFields<Fields> {
  @exclusivity(unchecked) final var fields: Fields

  init(_ fields: Fields) {
    self.fields = fields
  }
}

// MARK: - The core's fields

/// The state of a container's graph, which ``_GraphCore``'s algorithms work on. Every method
/// runs under the container's lock, so the fields they change are not checked for exclusivity
/// at run time: those checks would be calls on every mark, walk and read.
@usableFromInline class _GraphCoreFields {
  /// One evaluation in progress, recording the dependencies it reads.
  @usableFromInline struct _Frame: BitwiseCopyable {
    var slot: Int32
    /// How many of the previous dependencies this evaluation read again, in the same order.
    var position: Int32 = 0
    /// Set once the reads stop matching the previous dependencies; `divergedDependencies` at this
    /// frame's depth then holds them.
    var diverged = false
  }

  /// One step of `refresh`'s explicit stack: a node and the next of its dependencies to check.
  struct WalkStep: BitwiseCopyable {
    var node: Int32
    var next: Int32
  }

  /// Getters may nest this deep before an evaluation is deferred and retried from the top, so
  /// that the first read of a long chain fits in the 512 KiB stack of a secondary thread on
  /// Apple platforms, even in a debug build (figures in Benchmarks/README.md).
  @usableFromInline static let _maximumNesting = 64

  final weak var container: AtomContainer?
  @usableFromInline final let _serial: UInt64
  @usableFromInline @exclusivity(unchecked) final var _slots: ContiguousArray<_NodeSlot> = []
  /// The graph's shape, marks and value addresses: one cache-line record per slot index (see
  /// ``_NodeRecord``), so that propagation, re-validation and reads touch one line per node
  /// and no reference counting.
  @usableFromInline @exclusivity(unchecked) final var _records = _DenseBuffer<_NodeRecord>()
  /// The values of this container's nodes.
  final let values = _ValueArena()
  @exclusivity(unchecked) final var indexOfKey: [NodeKey: Int32] = [:]
  @exclusivity(unchecked) final var freeIndices: [Int32] = []
  @usableFromInline @exclusivity(unchecked) final var _frames = _DenseBuffer<_Frame>()
  /// The dependencies read by the frame at each depth once they stopped matching its previous
  /// ones (rare: a selector changed what it reads). Reused across evaluations.
  @exclusivity(unchecked) final var divergedDependencies: [[Int32]] = []
  /// The explicit stack of `refresh`, shared by nested refreshes (each works above its base).
  @exclusivity(unchecked) final var walk = _DenseBuffer<WalkStep>()
  /// A dependency that was too deep to evaluate in place; -1 when none.
  @usableFromInline @exclusivity(unchecked) final var _deferred: Int32 = -1
  @exclusivity(unchecked) final var markStack = _DenseBuffer<Int32>()
  /// Nodes with subscribers or waiters reached by the latest propagation.
  @usableFromInline @exclusivity(unchecked) final var _affected: [Int32] = []

  @exclusivity(unchecked) final var observers: [any AtomGraphObserver] = [] {
    didSet {
      _hasObservers = !observers.isEmpty
      observerReferences = ContiguousArray(observers.map(_UnretainedObserver.init))
      observersAnnounceInterestChanges = observers.allSatisfy(\.announcesInterestChanges)
      interestsReadAtAnnouncement = .max
    }
  }
  /// Whether every observer announces its changes of interests (see ``AtomGraphInterests``).
  @exclusivity(unchecked) final var observersAnnounceInterestChanges = false
  /// The count of announcements when the observers' interests were last read; `.max`, which
  /// the count never reaches, when they must be read again whatever it is.
  @exclusivity(unchecked) final var interestsReadAtAnnouncement = UInt64.max
  /// ``AtomGraphInterests``'s count, kept at hand.
  final let interestAnnouncements = AtomGraphInterests.announcements
  /// `observers` again, unretained, for reading their interests on every operation.
  @exclusivity(unchecked) final var observerReferences: ContiguousArray<_UnretainedObserver> = []
  @usableFromInline @exclusivity(unchecked) final var _hasObservers = false
  /// What the observers want of the costly kinds of events, read once per operation (see
  /// `AtomContainer.operate`): interests may change between operations, not within one.
  @usableFromInline @exclusivity(unchecked) final var _operationInterests: AtomGraphEventKinds = []
  @usableFromInline @exclusivity(unchecked) final var _events: [AtomGraphEvent] = []
  /// While a writable selector's setter runs: the atoms it has written so far.
  final var setterWrites: [Int32]?
  @usableFromInline @exclusivity(unchecked) final var _deliveries: [@Sendable () -> Void] = []
  @exclusivity(unchecked) final var isDelivering = false
  /// Statistics and timeline of evaluations, while someone records them.
  @exclusivity(unchecked) final var recorder: GraphRecorder? {
    didSet {
      _isRecording = recorder != nil
      recording = recorder.map(_UnretainedRecorder.init)
    }
  }
  /// `recorder` again, unretained, for the paths that record every evaluation and write:
  /// `recorder` keeps it alive, and it is replaced only between operations.
  @exclusivity(unchecked) final var recording: _UnretainedRecorder?
  /// Whether a recorder is set, readable from inlined writes.
  @usableFromInline @exclusivity(unchecked) final var _isRecording = false
  /// The started effects of atoms that have them, by slot index.
  final var effectRuns: [Int32: any AtomEffectsRun] = [:] {
    didSet { _hasEffects = !effectRuns.isEmpty }
  }
  /// Whether some atom has effects, readable from inlined writes.
  @usableFromInline @exclusivity(unchecked) final var _hasEffects = false
  /// The effect writing now, whose own `onSet` handlers do not hear its write.
  final var writingEffect: ObjectIdentifier?
  /// The members of families with a cache policy, and when each was last used.
  final var familyCaches = FamilyCaches()
  /// The families whose cache policy is to be applied when the operation ends (not while an
  /// evaluation may be walking the graph).
  final var familiesToTrim: Set<String> = []
  /// Whether `familiesToTrim` has any, readable from the inlined end of an operation.
  @usableFromInline @exclusivity(unchecked) final var _hasFamiliesToTrim = false
  /// The container's handler of atom effects' failures, if any.
  final var effectFailureHandler: (@Sendable (AtomEffectFailure) -> Void)?

  /// Sink of `didChange`'s early slot loads, so that the compiler keeps them.
  @exclusivity(unchecked) final var prefetched: UInt64 = 0

  init(serial: UInt64) {
    self._serial = serial
  }

  /// Starts loading the slot of the node at `position` now: it is usually evaluated right after
  /// the write that marks it, and the load overlaps with the rest of the write instead of
  /// stalling it. The loaded value goes to `prefetched`, so that the compiler keeps the load.
  final func prefetchSlot(of position: Int) {
    prefetched &+= _records[position]._withSlot { $0._version }
  }
}
