import Dispatch
import RecoilConcurrency
import RecoilReflection
import Synchronization

/// The state and algorithms of one container's graph. Every method runs under the
/// container's lock (`AtomContainer.lock`), so nothing here synchronises by itself.
///
/// Propagation is push-pull: a write marks direct dependents `dirty` and nodes further
/// downstream `check`; a read re-validates a `check` node by refreshing its dependencies in
/// the order it last read them and re-evaluates it only if one of them really changed. This
/// evaluates each selector at most once per change of its inputs, never sees an inconsistent
/// mix of old and new values (glitch-free), and stops at values that did not change.
// @unchecked Sendable: a container touches its core only while holding its lock (see
// `AtomContainer.operate`), which is what orders every access.
@usableFromInline final class _GraphCore: _GraphCoreFields, @unchecked Sendable {
  /// Whether writes must be noted (`noteWrite`): for a recording, or for atom effects.
  @inlinable var notesWrites: Bool { _isRecording || _hasEffects }

  deinit {
    for index in 0..<_records._count {
      _records[index].dependencies.free()
      _records[index].dependents.free()
      _records[index].letGo()
    }
    _records.deallocate()
    _frames.deallocate()
    walk.deallocate()
    markStack.deallocate()
  }

  // MARK: - Finding slots

  /// The slot index of a node, registering it on first use.
  @inlinable func index<Value>(of node: Node<Value>) -> Int32 {
    let cached = node._slotCache.load(ordering: .relaxed)
    if cached >> 32 == _serial {
      let index = Int32(truncatingIfNeeded: cached & 0xFFFF_FFFF) - 1
      if index >= 0 && Int(index) < _records._count
        && _records[Int(index)]._holds(node)
      {
        return index
      }
    }
    return _lookUp(node)
  }

  @usableFromInline func _lookUp<Value>(_ node: Node<Value>) -> Int32 {
    if let index = indexOfKey[node.key] {
      if _records[Int(index)]._holds(node) {
        node._slotCache.store(_serial << 32 | UInt64(index + 1), ordering: .relaxed)
      }
      return index
    }
    let index: Int32
    if let reused = freeIndices.popLast() {
      index = reused
    } else {
      index = Int32(_slots.count)
      _slots.append(ReleasedSlot.shared)
      _records.append(.free)
    }
    let slot = node.makeSlot(index: index, core: self)
    _slots[Int(index)] = slot
    _records[Int(index)].hold(node, in: slot)
    _records[Int(index)]._mark = slot.initialMark
    _records[Int(index)].dependencies = _IndexList()  // a released slot's lists were freed
    _records[Int(index)].dependents = _IndexList()
    _records[Int(index)]._watched = slot._isAsync
    // An atom with effects tells them of every write, which the in-place write skips.
    _records[Int(index)]._writesInPlace =
      slot.kind == .atom && !slot._isAsync && slot.comparesValues && !node.hasEffects
    _records[Int(index)]._evaluating = false
    _records[Int(index)].dirtiedBy = -1
    indexOfKey[node.key] = index
    recorder?.registered(index, uid: node._uid)
    node._slotCache.store(_serial << 32 | UInt64(index + 1), ordering: .relaxed)
    if !observers.isEmpty {
      _events.append(
        .nodeRegistered(
          slot.info))
      if slot.hasValue, _operationInterests.contains(.values), let value = slot.erasedLoadable.value {
        _events.append(.valueChanged(node: node.key, value: value))
      }
    }
    if case .asyncAtom = (slot as? _ValueSlot<Value>)?.compute {
      _ = slot.reload(self)
    }
    if node.hasEffects, let run = node.startEffects(index: index, core: self) { effectRuns[index] = run }
    if let policy = node.cachePolicy, let family = node.family {
      slot.isCachedByPolicy = true
      familyCaches.added(index, family: family, policy: policy)
      trimLater(family)
    }
    return index
  }

  /// The value of an up-to-date node: from the arena when readable, else its error (or
  /// loading) from the slot. Costs no reference counting.
  @inlinable func readFresh<Value: Sendable>(_ index: Int32, as type: Value.Type) throws -> Value {
    if let cell = _records[Int(index)]._readableCell(as: Value.self) { return cell._value }
    return try _records[Int(index)]._withSlot { try $0._valueSlot(Value.self).currentValue() }
  }

  /// What writing a value in place did (see ``_writeInPlace(_:_:site:)``).
  @usableFromInline enum _InPlaceWrite {
    /// The atom held that value already.
    case unchanged
    /// The value was written; the caller propagates the change.
    case changed
    /// The atom cannot be written in place: write it through its slot.
    case notInPlace
  }

  /// Writes an unwatched plain atom's value straight into its arena cell, noting the write
  /// when recording, if the atom is one that can be written so and holds a value.
  @inlinable func _writeInPlace<Value: Equatable & Sendable>(
    _ index: Int32, _ value: Value, site: CallSite
  ) -> _InPlaceWrite {
    let record = _records[Int(index)]
    guard record._writesInPlace && !record._watched, let cell = record._readableCell(as: Value.self) else {
      return .notInPlace
    }
    if cell._value == value { return .unchanged }
    if _isRecording {
      let before = cell._value
      cell._value = value
      _noteChange(index, values: _WrittenValues(before: before, after: value), site: site)
    } else {
      cell._value = value
    }
    return .changed
  }

  /// Writes an atom's value through its slot (restubbing a stubbed one), without retaining
  /// the slot. Whether the value changed.
  @inlinable func _writeSlot<Value: Sendable>(_ index: Int32, _ value: Value) -> Bool {
    _records[Int(index)]._withSlot { base in
      // The index came from `index(of:)` for a node of `Value`, whose slot is a `_ValueSlot<Value>`.
      let slot = base._valueSlot(Value.self)
      if slot._isStubbed { slot._restub(value) }
      return slot.write(value)
    }
  }

  @inlinable func slot<Value>(_ index: Int32, as type: Value.Type) -> _ValueSlot<Value> {
    // The index came from `index(of:)` for a `Node<Value>`, whose slot is a `_ValueSlot<Value>`.
    _slots[Int(index)]._valueSlot(Value.self)
  }

  // MARK: - Reading

  /// A read from inside a getter: brings the node up to date, records it as a dependency of
  /// the evaluation in progress, and returns its slot index.
  @inlinable func prepareRead<Value>(_ node: Node<Value>) throws -> Int32 {
    var index = _expectedDependency(node)
    if index < 0 { index = self.index(of: node) }
    if _records[Int(index)]._evaluating {
      throw AtomError.cycle(_cyclePath(to: index))
    }
    if _records[Int(index)]._mark != .clean {
      if _frames._count >= Self._maximumNesting {
        _deferred = index
        throw _Interruption()
      }
      try _refresh(index)
    }
    _track(dependency: index)
    return index
  }

  /// The dependency the evaluation in progress most likely reads now, if `node` is it: the
  /// one its previous evaluation read at the same position. Found by address, so a
  /// re-evaluation reading what it read before never touches the nodes it reads. -1 if not.
  @usableFromInline func _expectedDependency(_ node: AnyObject) -> Int32 {
    guard !_frames.isEmpty else { return -1 }
    let frame = _frames.last
    guard !frame.diverged else { return -1 }
    let dependencies = _records[Int(frame.slot)].dependencies
    guard frame.position < dependencies.count else { return -1 }
    let candidate = dependencies[Int(frame.position)]
    return _records[Int(candidate)]._holds(node) ? candidate : -1
  }

  /// A read from inside a getter, giving the node's slot.
  @inlinable func read<Value>(_ node: Node<Value>) throws -> _ValueSlot<Value> {
    _slots[Int(try prepareRead(node))]._valueSlot(Value.self)
  }

  /// A read from inside a getter, giving the node's value without retaining its slot.
  @inlinable func readValue<Value>(_ node: Node<Value>) throws -> Value {
    try readFresh(try prepareRead(node), as: Value.self)
  }

  @usableFromInline func _cyclePath(to index: Int32) -> [String] {
    var start = _frames._count - 1
    while start > 0 && _frames[start].slot != index { start -= 1 }
    var path: [String] = []
    for depth in start..<_frames._count { path.append(_slots[Int(_frames[depth].slot)]._key.description) }
    return path + [_slots[Int(index)]._key.description]
  }

  /// Brings a node up to date from outside any getter, evaluating deep chains without deep
  /// recursion: an evaluation that nests too deeply defers its dependency, which is evaluated
  /// first, and is then retried.
  @usableFromInline func _ensureFresh(_ root: Int32) {
    guard _records[Int(root)]._mark != .clean else { return }
    // Usually one refresh suffices; deferrals (deep first evaluations) use a stack.
    do {
      try _refresh(root)
      return
    } catch {
      // Fall through to the general case below.
    }
    var pending: [Int32] = [root, _deferred]
    _deferred = -1
    while let next = pending.last {
      do {
        if _records[Int(next)]._mark != .clean { try _refresh(next) }
        pending.removeLast()
      } catch {
        pending.append(_deferred)
        _deferred = -1
      }
    }
  }

  /// Re-validates `root` and its `check` dependencies with an explicit stack.
  @usableFromInline func _refresh(_ root: Int32) throws(_Interruption) {
    let base = walk._count
    walk.append(WalkStep(node: root, next: 0))
    while walk._count > base {
      let top = walk._count - 1
      let node = Int(walk[top].node)
      switch _records[node]._mark {
      case .clean:
        walk.removeLast()
      case .check:
        var next = Int(walk[top].next)
        var descended = false
        while _records[node]._mark == .check && next < Int(_records[node].dependencies.count) {
          let dependency = _records[node].dependencies[next]
          next += 1
          if _records[Int(dependency)]._mark != .clean {
            walk[top].next = Int32(next)
            walk.append(WalkStep(node: dependency, next: 0))
            descended = true
            break
          }
        }
        if descended { continue }
        if _records[node]._mark == .check {
          _records[node]._mark = .clean
          walk.removeLast()
        }
      case .dirty:
        do {
          try evaluate(Int32(node))
        } catch {
          walk.truncate(to: base)
          throw error
        }
        walk.removeLast()
      }
    }
  }

  /// Evaluates one node and, if its value changed, marks its dependents.
  @inline(__always) func evaluate(_ index: Int32) throws(_Interruption) {
    let changed = observers.isEmpty && recorder == nil ? try run(index) : try runObserved(index)
    if changed { _didChange(index) }
  }

  /// Runs a node's evaluation: records what it reads and marks it clean. Returns whether the
  /// value changed. The slot is used unretained (`slots` keeps it alive).
  @inline(__always) private func run(_ index: Int32) throws(_Interruption) -> Bool {
    if _slowPath(_records[Int(index)]._slot._use { $0.keepsSettledInputs }) {
      return try runKeepingSettledInputs(index)
    }
    return try runGetter(index)
  }

  /// `run` for a selector that has been loading: it keeps what its settled evaluation read, and
  /// when all of that is what it was (an async input came back to the value it had), so is the
  /// result, without running the getter. Out of line, so that `run` stays as small as before.
  @inline(never) private func runKeepingSettledInputs(_ index: Int32) throws(_Interruption) -> Bool {
    if let changed = restoresSettled(index) {
      _records[Int(index)]._mark = .clean
      _records[Int(index)].dirtiedBy = -1
      return changed
    }
    let changed = try runGetter(index)
    keepSettledInputs(of: index)
    return changed
  }

  @inline(__always) private func runGetter(_ index: Int32) throws(_Interruption) -> Bool {
    let slot = _records[Int(index)]._slot
    _records[Int(index)]._evaluating = true
    _frames.append(_Frame(slot: index))
    let outcome = slot._use { slot in
      Result { () throws(_Interruption) in try slot.evaluator(slot, self) }
    }
    _records[Int(index)]._evaluating = false
    let frame = _frames.removeLast()
    let changed = try outcome.get()
    let isAsync = slot._use { slot in
      slot.forcedRefresh = false
      return slot._isAsync
    }
    if !isAsync { commitDependencies(frame, depth: _frames._count) }
    _records[Int(index)]._mark = .clean
    _records[Int(index)].dirtiedBy = -1
    return changed
  }

  /// What the observers want of the costly kinds of events, for the operation starting: read
  /// again unless they all announce their changes (see ``AtomGraphInterests``) and none was
  /// announced since the last read.
  @usableFromInline func _interests() -> AtomGraphEventKinds {
    if observersAnnounceInterestChanges {
      let count = interestAnnouncements.value.load(ordering: .acquiring)
      if count == interestsReadAtAnnouncement { return _operationInterests }
      interestsReadAtAnnouncement = count
    }
    return observersInterests()
  }

  /// What each observer says it wants, together. Out of line, so that the check above saves
  /// registers only when they are asked.
  @inline(never) private func observersInterests() -> AtomGraphEventKinds {
    var kinds: AtomGraphEventKinds = []
    // Asked on every operation, so each observer is used without retaining it or the array:
    // `observers` keeps them alive, and nothing changes it during this loop.
    for index in observerReferences.indices { kinds.formUnion(observerReferences[index].interests) }
    return kinds
  }

  /// `run` for observers: reports the evaluation's start, trigger and duration, as they ask.
  // Out of line, so that the plain path through `evaluate` stays as small as it is unobserved.
  @inline(never) private func runObserved(_ index: Int32) throws(_Interruption) -> Bool {
    let interests = _operationInterests
    let reportsStart = interests.contains(.evaluationStarts)
    let reportsFinish = interests.contains(.evaluations)
    // The recorder is used unretained: `recorder` keeps it, and it changes only between
    // operations.
    let recording = self.recording
    guard reportsStart || reportsFinish || recording != nil else { return try run(index) }
    let slot = _records[Int(index)]._slot
    // An async evaluation that goes on is no evaluation to report.
    if slot._use({ $0._isAsync && $0.continuesInFlight(self) }) {
      _records[Int(index)]._mark = .clean
      _records[Int(index)].dirtiedBy = -1
      return false
    }
    let cause = _records[Int(index)].dirtiedBy
    let forced = slot._use { $0.forcedRefresh }
    let startEvent = _events.count
    if reportsStart { _events.append(.evaluationStarted(node: key(of: index), trigger: trigger(forced, cause))) }
    // The recorder counts every evaluation and times those its timing asks for; observers get
    // every one timed.
    let sampled =
      recording.map { recording in
        recording.use { recorder in
          slot._use { $0.tally.countEvaluation(periodMask: recorder.periodMask) }
        }
      } ?? false
    let timed = sampled || reportsStart || reportsFinish
    let start = timed ? MonotonicClock.nanos : 0
    let changed: Bool
    do {
      changed = try run(index)
    } catch {
      // The evaluation is retried; report it once. Events of dependencies evaluated in the
      // meantime stay.
      if reportsStart { _events.remove(at: startEvent) }
      if recording != nil { slot._use { $0.tally.uncount() } }
      throw error
    }
    let duration = timed ? MonotonicClock.nanos &- start : GraphRecorder.untimed
    if let recording {
      let order = recording.use { recorder in
        if timed { slot._use { $0.tally.timed(duration, slowNanos: recorder.timing.slowNanos) } }
        let causeUID =
          forced
          ? GraphRecorder.refresh
          : cause >= 0 ? recorder.uid(cause) : GraphRecorder.firstRead
        let order = recorder.record(
          index: index, node: slot._use { $0.nodeUID }, cause: causeUID, startNanos: start,
          durationNanos: duration, changed: changed)
        // The value itself, kept for the timeline only when it changed: an unchanged
        // evaluation left the value its previous one kept.
        if changed { keepValue(of: index, order: order, in: recorder) }
        return order
      }
      if interests.contains(.timeline) {
        _events.append(
          .recorded(
            .evaluation(
              RecordedEvaluation(
                node: key(of: index), startNanos: start, durationNanos: timed ? duration : nil,
                trigger: trigger(forced, cause), order: order, changed: changed,
                value: changed ? slot._use { $0.evaluatedValue() } : nil))))
      }
    }
    if reportsFinish {
      _events.append(
        .evaluationFinished(
          node: key(of: index), durationNanos: duration, trigger: trigger(forced, cause), changed: changed))
    }
    return changed
  }

  /// Keeps slot `index`'s value for the timeline entry of `order`: a plain value as its bits,
  /// read where it lives (no generic code, no box: a counter's evaluation keeps its value in
  /// a few dozen instructions), else the slot's own copy, boxed. Nothing without a value.
  private func keepValue(of index: Int32, order: UInt64, in recorder: GraphRecorder) {
    let slot = _records[Int(index)]._slot
    let size = slot._use { $0.plainValueSize }
    if size > 0 {
      guard let address = _records[Int(index)]._valueAddress, _ValueArena.isReadable(address) else { return }
      let bits = _ValueArena.plainBits(at: address, size: Int(size))
      recorder.keep(plain: PlainValue(bits: bits, type: slot._use { $0.valueMetatype }), order: order)
    } else if let value = slot._use({ $0.evaluatedValue() }) {
      recorder.keep(boxed: value, order: order)
    }
  }

  private func key(of index: Int32) -> NodeKey {
    _records[Int(index)]._withSlot { $0._key }
  }

  private func trigger(_ forced: Bool, _ cause: Int32) -> EvaluationTrigger {
    forced ? .refresh : cause >= 0 ? .dependencyChanged(key(of: cause)) : .firstRead
  }

  // MARK: - Settled inputs

  /// Keeps what the evaluation of `index` just read, with their settled stamps, when it
  /// settled on a value. Its atoms are no longer written in place, so that each write moves
  /// their stamps.
  private func keepSettledInputs(of index: Int32) {
    let slot = _slots[Int(index)]
    guard slot.hasValue else { return }
    var inputs: [SettledInput] = []
    for dependency in _records[Int(index)].dependencies {
      let input = _slots[Int(dependency)]
      if !input._stampsSettled {
        _ = input._ensureDetails()
        input._stampsSettled = true
      }
      inputs.append(SettledInput(index: dependency, uid: input.nodeUID, stamp: input.settledStamp))
      _records[Int(dependency)]._writesInPlace = false
    }
    slot._ensureDetails().settledInputs = inputs
  }

  /// The outcome of evaluating `index` without running it, when everything its latest settled
  /// evaluation read is up to date and has the settled stamp it had then: nil when something
  /// differs (or it was refreshed, is stubbed or has no settled value to go back to); else
  /// whether its state changed (loading back to its value).
  private func restoresSettled(_ index: Int32) -> Bool? {
    let slot = _slots[Int(index)]
    guard !slot.forcedRefresh, !slot.isStubbed, let inputs = slot._details?.settledInputs, !inputs.isEmpty,
      slot.holdsSettledValue
    else { return nil }
    for input in inputs {
      let node = _slots[Int(input.index)]
      guard node.nodeUID == input.uid, _records[Int(input.index)]._mark == .clean, node.hasValue,
        node.settledStamp == input.stamp
      else { return nil }
    }
    // What the loading evaluation read in the meantime is forgotten: these are its inputs.
    let current = _records[Int(index)].dependencies.elements
    let kept = inputs.map(\.index)
    if current != kept {
      let keptSet = Set(kept)
      let currentSet = Set(current)
      for dependency in current where !keptSet.contains(dependency) { unlink(dependency, from: index) }
      for dependency in kept where !currentSet.contains(dependency) { link(dependency, to: index) }
      _records[Int(index)].dependencies.replace(with: kept)
    }
    return slot.returnToSettledValue()
  }

  // MARK: - Dependencies

  @usableFromInline func _track(dependency: Int32) {
    guard !_frames.isEmpty else { return }
    let top = _frames._count - 1
    let frame = _frames[top]
    if !frame.diverged {
      let reader = Int(frame.slot)
      let position = Int(frame.position)
      if position < Int(_records[reader].dependencies.count) && _records[reader].dependencies[position] == dependency {
        _frames[top].position = Int32(position + 1)
        return
      }
      // Reading the same dependency again changes nothing.
      if position > 0 && _records[reader].dependencies[position - 1] == dependency { return }
      _frames[top].diverged = true
      while divergedDependencies.count <= top { divergedDependencies.append([]) }
      divergedDependencies[top] = Array(_records[reader].dependencies.elements.prefix(position))
    }
    if !divergedDependencies[top].contains(dependency) {
      divergedDependencies[top].append(dependency)
    }
  }

  /// Replaces a node's recorded dependencies with those of its latest evaluation.
  /// `depth` is where the frame was on the stack.
  private func commitDependencies(_ frame: _Frame, depth: Int) {
    if !frame.diverged && frame.position == _records[Int(frame.slot)].dependencies.count { return }
    let old = _records[Int(frame.slot)].dependencies.elements
    var new: [Int32] = []
    if frame.diverged {
      swap(&new, &divergedDependencies[depth])
    } else {
      new = Array(old[0..<Int(frame.position)])
    }
    let newSet = Set(new)
    let oldSet = Set(old)
    for dependency in old where !newSet.contains(dependency) {
      unlink(dependency, from: frame.slot)
    }
    for dependency in new where !oldSet.contains(dependency) { link(dependency, to: frame.slot) }
    _records[Int(frame.slot)].dependencies.replace(with: new)
  }

  private func link(_ dependency: Int32, to dependent: Int32) {
    _records[Int(dependency)].dependents.append(dependent)
    if !observers.isEmpty {
      _events.append(.edgeAdded(from: _slots[Int(dependency)]._key, to: _slots[Int(dependent)]._key))
    }
  }

  private func unlink(_ dependency: Int32, from dependent: Int32) {
    if let position = _records[Int(dependency)].dependents.firstIndex(of: dependent) {
      _records[Int(dependency)].dependents.remove(at: position)
    }
    if !observers.isEmpty {
      _events.append(.edgeRemoved(from: _slots[Int(dependency)]._key, to: _slots[Int(dependent)]._key))
    }
  }

  /// Drops all recorded dependencies of a node (an async selector starting over).
  func detachDependencies(of index: Int32) {
    for dependency in _records[Int(index)].dependencies { unlink(dependency, from: index) }
    _records[Int(index)].dependencies.free()
  }

  /// Records a dependency read by an asynchronous getter.
  func addAsyncDependency(_ dependency: Int32, to dependent: Int32) {
    guard !_records[Int(dependent)].dependencies.contains(dependency) else { return }
    _records[Int(dependent)].dependencies.append(dependency)
    _records[Int(dependency)].dependents.append(dependent)
    if !observers.isEmpty {
      _events.append(.edgeAdded(from: _slots[Int(dependency)]._key, to: _slots[Int(dependent)]._key))
    }
  }

  /// Notes that the async evaluation of `reader` in flight took what `input` holds now (see
  /// `_NodeSlot.continuesInFlight`). The first time counts: a later read of a version since
  /// changed finds the first one stale anyway. An atom taken is no longer written in place, so
  /// that each write moves its version.
  func noteTaken(_ input: Int32, by reader: Int32) {
    let details = _slots[Int(reader)]._ensureDetails()
    guard !details.takenInputs.contains(where: { $0.index == input }) else { return }
    let slot = _slots[Int(input)]
    details.takenInputs.append(TakenInput(index: input, uid: slot.nodeUID, version: slot._version))
    _records[Int(input)]._writesInPlace = false
  }

  // MARK: - Propagation

  /// A node's state changed: report it, mark its dependents dirty and everything below them
  /// `check`, and remember the subscribed nodes reached.
  @usableFromInline func _didChange(_ index: Int32) {
    if _hasObservers {
      let readable = _records[Int(index)]._hasReadableValue
      // Boxing the value for the event is only worth it when an observer looks at it.
      if !readable || _operationInterests.contains(.values) {
        let slot = _slots[Int(index)]
        switch slot.erasedLoadable {
        case .value(let value): _events.append(.valueChanged(node: slot._key, value: value))
        case .error(let error): _events.append(.errorRaised(node: slot._key, error: error))
        case .loading: break
        }
      }
    }
    if _records[Int(index)]._watched { _affected.append(index) }
    for dependent in _records[Int(index)].dependents {
      let position = Int(dependent)
      if _records[position]._mark == .dirty { continue }
      let wasClean = _records[position]._mark == .clean
      _records[position]._mark = .dirty
      _records[position].dirtiedBy = index
      // Start loading the dependent's slot now: it is usually evaluated right after this
      // write, and the load overlaps with the rest of the write instead of stalling it.
      prefetchSlot(of: position)
      if _records[position]._watched { _affected.append(dependent) }
      if wasClean { markDownstream(of: dependent) }
    }
  }

  /// Marks everything downstream of `index` as `check`, stopping at nodes already marked.
  private func markDownstream(of index: Int32) {
    // A reused stack: no allocation and no copy of the dependent lists per write.
    markStack.truncate(to: 0)
    for dependent in _records[Int(index)].dependents { markStack.append(dependent) }
    while !markStack.isEmpty {
      let next = markStack.removeLast()
      let position = Int(next)
      guard _records[position]._mark == .clean else { continue }
      _records[position]._mark = .check
      if _records[position]._watched { _affected.append(next) }
      for dependent in _records[position].dependents { markStack.append(dependent) }
    }
  }

  /// Brings the subscribed nodes reached by the latest change up to date and queues their
  /// notifications. Async selectors reached are restarted only when someone watches them.
  @inlinable func settle() {
    // Usually nothing is watched downstream of a change: then this is one check, inlined.
    if !_affected.isEmpty { _settleAffected() }
  }

  @usableFromInline func _settleAffected() {
    while !_affected.isEmpty {
      let batch = _affected
      _affected.removeAll(keepingCapacity: true)
      for index in batch {
        let slot = _slots[Int(index)]
        if slot._isAsync && slot.subscribers.isEmpty && slot.waiters.isEmpty && _records[Int(index)].dependents.isEmpty
        {
          continue
        }
        _ensureFresh(index)
        queueNotifications(for: slot)
      }
    }
  }

  func queueNotifications(for slot: _NodeSlot) {
    guard slot._version != slot.notifiedVersion else { return }
    slot.notifiedVersion = slot._version
    if let recorder, !slot.subscribers.isEmpty {
      // What the subscribers do (write an atom, dispatch an action) names this notification.
      let order = recorder.record(.notified, node: slot.nodeUID, count: slot.subscribers.count)
      if _operationInterests.contains(.timeline) {
        // The subscriptions it reaches; how long each takes is known only after they run.
        var occurrence = RecordedOccurrence(
          node: slot._key, order: order, kind: .notified(subscribers: slot.subscribers.count))
        occurrence.reached = slot.subscribers.map { RecordedReach(subscription: $0.id) }
        _events.append(.recorded(.occurrence(occurrence)))
      }
      for subscriber in slot.subscribers {
        recorder.reached(subscriber.id, order: order)
        let notification = subscriber.notification(slot)
        if subscriber.talliesWhereItRuns {
          _deliveries.append { CauseContext.withCause(order, notification) }
        } else {
          let tally = subscriber.tally
          _deliveries.append { CauseContext.withCause(order) { tally.call(notification) } }
        }
      }
    } else {
      for subscriber in slot.subscribers {
        _deliveries.append(subscriber.notification(slot))
      }
    }
    if !slot.waiters.isEmpty {
      let waiters = slot.waiters
      slot.waiters.removeAll()
      updateWatched(slot)
      _deliveries.append { for waiter in waiters { waiter.resume() } }
    }
  }

  /// Call after a slot's subscribers or waiters change.
  func updateWatched(_ slot: _NodeSlot) {
    _records[Int(slot.index)]._watched = slot._isAsync || !slot.subscribers.isEmpty || !slot.waiters.isEmpty
  }

  // MARK: - Writing

  /// Writes an atom or runs a writable selector's setter.
  func write<Value>(_ node: WritableNode<Value>, _ value: Value, site: CallSite) throws {
    let index = self.index(of: node)
    let slot = self.slot(index, as: Value.self)
    switch slot.compute {
    case .atom, .asyncAtom:
      setterWrites?.append(index)
      let before = notesWrites ? slot.erasedLoadable.value : nil
      if slot.write(value) {
        _noteWrite(index, before: before, site: site)
        _didChange(index)
      }
    case .writableSelector(_, let set), .asyncSelector(_, let set?):
      // Note the atoms the setter writes (through nested writable selectors too): resetting
      // this selector resets them.
      let outer = setterWrites
      setterWrites = []
      defer {
        let written = setterWrites ?? []
        slot.lastWrites = written
        setterWrites = outer.map { $0 + written }
      }
      try set(Setter(core: self, site: site), value)
    case .stub:
      // A stubbed node keeps its stub; the write is recorded as the new stub.
      let before = notesWrites ? slot.erasedLoadable.value : nil
      slot.replaceCompute(.stub(.success(value)))
      if slot.store(.success(value)) {
        _noteWrite(index, before: before, site: site)
        _didChange(index)
      }
    case .selector, .asyncSelector(_, nil):
      throw AtomError.notWritable(slot._key.description)
    }
  }

  /// Restores an atom's default, or, for a writable selector, the defaults of the atoms its
  /// setter last wrote.
  func reset(_ index: Int32, site: CallSite = .unknown) {
    let slot = _slots[Int(index)]
    let before = notesWrites ? slot.erasedLoadable.value : nil
    if slot.resetToDefault(self, site: site) {
      if slot.kind == .atom { _noteWrite(index, before: before, site: site, isReset: true) }
      _didChange(index)
    }
  }

  /// Records an effect's phase for a recording, and for observers of the timeline (the live
  /// stream); returns its place in the causal order (0 when nothing records).
  func recordEffect(_ name: String, phase: String, index: Int32, cause: UInt64, error: String?) -> UInt64 {
    guard let recorder else { return 0 }
    let slot = _slots[Int(index)]
    let (order, atNanos) = recorder.recordEffect(name, phase: phase, node: slot.nodeUID, cause: cause, error: error)
    if _operationInterests.contains(.timeline) {
      _events.append(
        .recorded(
          .occurrence(
            RecordedOccurrence(
              node: slot._key, order: order, kind: .effect(name: name, phase: phase, error: error), cause: cause,
              atNanos: atNanos))))
    }
    return order
  }

  /// Reports an atom effect's failure to observers, a recording and the container's handler.
  func reportEffectError(
    _ name: String, _ error: any Error, phase: AtomEffectFailure.Phase, index: Int32, startOrder: UInt64
  ) {
    let node = _slots[Int(index)]._key
    if !observers.isEmpty { _events.append(.effectFailed(node: node, effect: name, error: error)) }
    if let handler = effectFailureHandler {
      let failure = AtomEffectFailure(node: node, effect: name, phase: phase, error: error)
      _deliveries.append { handler(failure) }
    }
    _ = recordEffect(name, phase: "failed", index: index, cause: startOrder, error: String(describing: error))
  }

  /// A node's value before a write, for a recording or atom effects.
  @usableFromInline func _valueBeforeWrite(_ index: Int32) -> (any Sendable)? {
    _slots[Int(index)].erasedLoadable.value
  }

  /// Notes a changed atom value for a recording and the atom's effects: `before` was read
  /// before the write (nil: the atom had no value); the value after is `written`, or read now.
  @usableFromInline func _noteWrite(
    _ index: Int32, before: (any Sendable)?, after written: (any Sendable)? = nil, site: CallSite,
    isReset: Bool = false
  ) {
    // Nothing hears of writes: the value after is not boxed for nobody.
    guard notesWrites else { return }
    let after: (any Sendable)? =
      written ?? _records[Int(index)]._withSlot { $0.erasedLoadable.value }
    _noteChange(index, values: .boxed(before: before, after: after), site: site, isReset: isReset)
  }

  /// `noteWrite` with both values known, as an in-place write has them (see `_WrittenValues`).
  @usableFromInline func _noteChange(_ index: Int32, values: _WrittenValues, site: CallSite, isReset: Bool = false) {
    // Most containers run no effect: then no lookup.
    if _hasEffects, let run = effectRuns[index], let before = values.before, let after = values.after {
      let writer = writingEffect
      _deliveries.append { run.changed(from: before, to: after, isReset: isReset, writer: writer) }
    }
    guard let recording else { return }
    // The uid from the recorder's dense table: an atom written in place leaves its slot cold.
    let (order, cause, atNanos) = recording.use { recorder in
      recorder.recordWrite(node: recorder.uid(index), site: site, values: values, isReset: isReset)
    }
    if _operationInterests.contains(.timeline) {
      _events.append(
        .recorded(
          .write(
            RecordedWrite(
              node: key(of: index), order: order, cause: cause, site: site.isUnknown ? nil : site,
              before: values.before, after: values.after, isReset: isReset, atNanos: atNanos))))
    }
  }

  /// Records an async node's value arriving (or failing), when recording.
  func recordResolution(_ index: Int32) {
    guard let recorder else { return }
    let slot = _slots[Int(index)]
    let failed: Bool
    if case .error = slot.erasedLoadable { failed = true } else { failed = false }
    let order = recorder.record(failed ? .failed : .resolved, node: slot.nodeUID)
    if !failed { keepValue(of: index, order: order, in: recorder) }
    if _operationInterests.contains(.timeline) {
      _events.append(
        .recorded(
          .occurrence(
            RecordedOccurrence(
              node: slot._key, order: order, kind: failed ? .failed : .resolved,
              value: failed ? nil : slot.evaluatedValue()))))
    }
  }

  /// Forces a re-evaluation (or a reload of an async atom).
  func forceRefresh(_ index: Int32) {
    let slot = _slots[Int(index)]
    if slot.kind == .atom {
      if slot.reload(self) { _didChange(index) }
      return
    }
    let wasClean = _records[Int(index)]._mark == .clean
    _records[Int(index)]._mark = .dirty
    slot.forcedRefresh = true
    if wasClean { markDownstream(of: index) }
    if slot._isAsync || !slot.subscribers.isEmpty || !slot.waiters.isEmpty { _affected.append(index) }
  }

  /// `index` and every selector it reads, directly or through others (not atoms, nor what
  /// atoms read), for a refresh: `index` first.
  func selectorsUpstream(of index: Int32) -> [Int32] {
    var found: [Int32] = [index]
    var seen: Set<Int32> = [index]
    var next = 0
    while next < found.count {
      let node = found[next]
      next += 1
      guard _slots[Int(node)].kind != .atom else { continue }
      for dependency in _records[Int(node)].dependencies
      where _slots[Int(dependency)].kind != .atom && seen.insert(dependency).inserted {
        found.append(dependency)
      }
    }
    return found
  }

  func recordLoadingStarted(_ index: Int32) {
    if !observers.isEmpty { _events.append(.loadingStarted(node: _slots[Int(index)]._key)) }
  }

  // MARK: - Snapshots

  /// The current value of every atom that has one, for ``AtomSnapshot``.
  func atomSnapshotEntries() -> [AtomSnapshot.Entry] {
    var entries: [AtomSnapshot.Entry] = []
    for (index, slot) in _slots.enumerated() where slot.index >= 0 && slot.kind == .atom {
      guard let node = _records[index].heldNode else { continue }
      if let entry = slot.snapshotEntry(of: node) {
        entries.append(entry)
      }
    }
    return entries
  }

  /// What a snapshot keeps of every node held (see ``AtomSnapshot/info(of:)``); a plain
  /// atom's `isSet` is worked out from the snapshot's value when asked.
  func nodeInfos() -> [NodeKey: AtomSnapshot.NodeInfo] {
    var infos: [NodeKey: AtomSnapshot.NodeInfo] = [:]
    for (index, slot) in _slots.enumerated() where slot.index >= 0 {
      infos[slot._key] = AtomSnapshot.NodeInfo(
        key: slot._key, kind: slot.kind, loadable: slot.erasedLoadable,
        isSet: slot.kind == .atom && !slot._isAsync ? false : nil,
        dependencies: _records[index].dependencies.map { _slots[Int($0)]._key },
        dependents: _records[index].dependents.map { _slots[Int($0)]._key },
        subscribers: slot.subscribers.map { $0.tally.label ?? $0.tally.site.description })
    }
    return infos
  }

  // MARK: - Releasing

  /// Removes a node nobody depends on or subscribes to. Returns whether it was removed.
  func release(_ index: Int32) -> Bool {
    let slot = _slots[Int(index)]
    guard _records[Int(index)].dependents.isEmpty, slot.subscribers.isEmpty, slot.waiters.isEmpty,
      !_records[Int(index)]._evaluating
    else {
      return false
    }
    detachDependencies(of: index)
    _records[Int(index)].dependents.free()
    recorder?.released(uid: slot.nodeUID, key: slot._key)
    slot._task?.cancel()
    indexOfKey[slot._key] = nil
    _slots[Int(index)] = ReleasedSlot.shared
    _records[Int(index)].letGo()
    _records[Int(index)]._mark = .clean
    _records[Int(index)]._watched = false
    freeIndices.append(index)
    if !observers.isEmpty { _events.append(.nodeReleased(node: slot._key)) }
    if let run = effectRuns.removeValue(forKey: index) {
      run.end()
      _deliveries.append { run.cleanUp() }
    }
    if slot.isCachedByPolicy, let family = slot.family { familyCaches.removed(index, family: family) }
    return true
  }

  // MARK: - Family caches

  /// A member of a family with a cache policy was read through the container.
  @usableFromInline func _usedMember(_ index: Int32) {
    let slot = _slots[Int(index)]
    guard slot.isCachedByPolicy, let family = slot.family else { return }
    familyCaches.used(index, family: family)
  }

  /// Applies `family`'s cache policy when the operation ends.
  func trimLater(_ family: String) {
    familiesToTrim.insert(family)
    _hasFamiliesToTrim = true
  }

  /// Releases the members the families' policies leave out: the least recently used beyond
  /// the number kept of those nothing subscribes to, reads or waits for.
  @usableFromInline func _trimFamilies() {
    let families = familiesToTrim
    familiesToTrim = []
    _hasFamiliesToTrim = false
    for family in families.sorted() {
      let surplus = familyCaches.surplus(of: family, sparing: nil) { index in
        let slot = _slots[Int(index)]
        return _records[Int(index)].dependents.isEmpty && slot.subscribers.isEmpty && slot.waiters.isEmpty
      }
      for index in surplus { _ = release(index) }
    }
  }
}

/// Fills the place of a released node until the index is reused.
final class ReleasedSlot: _NodeSlot, @unchecked Sendable {
  // Immutable after creation and never handed out: indices of released slots are not
  // reachable from any key, and node caches check the record's `node`, nil for a free index.
  static let shared = ReleasedSlot()

  private init() {
    super.init(
      node: Atom<Int>(key: NodeKey(name: "released"), family: nil, isSame: nil, default: { 0 }), index: -1, mark: .clean
    )
  }
}
