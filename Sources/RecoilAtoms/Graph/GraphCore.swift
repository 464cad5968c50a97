import Dispatch

/// The state and algorithms of one container's graph. Every method runs under the
/// container's lock (`AtomContainer.lock`), so nothing here synchronises by itself.
///
/// Propagation is push-pull: a write marks direct dependents `dirty` and nodes further
/// downstream `check`; a read re-validates a `check` node by refreshing its dependencies in
/// the order it last read them and re-evaluates it only if one of them really changed. This
/// evaluates each selector at most once per change of its inputs, never sees an inconsistent
/// mix of old and new values (glitch-free), and stops at values that did not change.
final class GraphCore {
  /// One evaluation in progress, recording the dependencies it reads.
  struct Frame {
    var slot: Int32
    /// How many of the previous sources this evaluation read again, in the same order.
    var position = 0
    /// Set once the reads stop matching the previous sources; `newSources` then holds them.
    var diverged = false
    var newSources: [Int32] = []
  }

  /// Getters may nest this deep before an evaluation is deferred and retried from the top.
  static let maximumNesting = 256

  weak var container: AtomContainer?
  let serial: UInt64
  var slots: ContiguousArray<NodeSlot> = []
  var indexOfKey: [NodeKey: Int32] = [:]
  var freeIndices: [Int32] = []
  var frames: [Frame] = []
  /// The explicit stack of `refresh`, shared by nested refreshes (each works above its base).
  var walk: [(node: Int32, next: Int)] = []
  /// A dependency that was too deep to evaluate in place; -1 when none.
  var deferred: Int32 = -1
  /// Nodes with subscribers or waiters reached by the latest propagation.
  var affected: [Int32] = []

  var observers: [any AtomGraphObserver] = []
  var events: [AtomGraphEvent] = []
  var deliveries: [@Sendable () -> Void] = []
  var isDelivering = false

  init(serial: UInt64) {
    self.serial = serial
  }

  // MARK: - Finding slots

  /// The slot index of a node, registering it on first use.
  @inline(__always) func index<Value>(of node: Node<Value>) -> Int32 {
    let cached = node.slotCache.load(ordering: .relaxed)
    if cached >> 32 == serial {
      let index = Int32(truncatingIfNeeded: cached & 0xFFFF_FFFF) - 1
      if index >= 0 && Int(index) < slots.count && slots[Int(index)].ownerUID == node.uid { return index }
    }
    return lookUp(node)
  }

  private func lookUp<Value>(_ node: Node<Value>) -> Int32 {
    if let index = indexOfKey[node.key] {
      if slots[Int(index)].ownerUID == node.uid {
        node.slotCache.store(serial << 32 | UInt64(index + 1), ordering: .relaxed)
      }
      return index
    }
    let index: Int32
    if let reused = freeIndices.popLast() {
      index = reused
    } else {
      index = Int32(slots.count)
      slots.append(ReleasedSlot.shared)
    }
    let slot = node.makeSlot(index: index, core: self)
    slots[Int(index)] = slot
    indexOfKey[node.key] = index
    node.slotCache.store(serial << 32 | UInt64(index + 1), ordering: .relaxed)
    if !observers.isEmpty {
      events.append(
        .nodeRegistered(
          AtomNodeInfo(
            key: node.key, kind: slot.kind, isAsync: slot.isAsync, isWritable: slot.isWritable, family: node.family,
            parameter: node.key.parameter, valueType: slot.valueTypeName)))
      if slot.hasValue, let value = slot.erasedLoadable.value {
        events.append(.valueChanged(node: node.key, value: value))
      }
    }
    if case .asyncAtom = (slot as? ValueSlot<Value>)?.compute {
      _ = slot.reload(self)
    }
    return index
  }

  @inline(__always) func slot<Value>(_ index: Int32, as type: Value.Type) -> ValueSlot<Value> {
    // The index came from `index(of:)` for a `Node<Value>`, whose slot is a `ValueSlot<Value>`.
    unsafeDowncast(slots[Int(index)], to: ValueSlot<Value>.self)
  }

  // MARK: - Reading

  /// A read from inside the getter of `reader`: brings the node up to date and records it as
  /// a dependency.
  func read<Value>(_ node: Node<Value>, from reader: Int32) throws -> ValueSlot<Value> {
    let index = self.index(of: node)
    let target = slots[Int(index)]
    if target.isEvaluating {
      throw AtomError.cycle(cyclePath(to: index))
    }
    if target.mark != .clean {
      if frames.count >= Self.maximumNesting {
        deferred = index
        throw Interruption()
      }
      try refresh(index)
    }
    track(source: index)
    return unsafeDowncast(target, to: ValueSlot<Value>.self)
  }

  private func cyclePath(to index: Int32) -> [String] {
    let start = frames.lastIndex { $0.slot == index } ?? 0
    return frames[start...].map { slots[Int($0.slot)].key.description } + [slots[Int(index)].key.description]
  }

  /// Brings a node up to date from outside any getter, evaluating deep chains without deep
  /// recursion: an evaluation that nests too deeply defers its dependency, which is evaluated
  /// first, and is then retried.
  func ensureFresh(_ root: Int32) {
    guard slots[Int(root)].mark != .clean else { return }
    var pending: [Int32] = [root]
    while let next = pending.last {
      do {
        if slots[Int(next)].mark != .clean { try refresh(next) }
        pending.removeLast()
      } catch {
        pending.append(deferred)
        deferred = -1
      }
    }
  }

  /// Re-validates `root` and its `check` dependencies with an explicit stack.
  func refresh(_ root: Int32) throws(Interruption) {
    let base = walk.count
    walk.append((root, 0))
    while walk.count > base {
      let top = walk.count - 1
      let node = walk[top].node
      let slot = slots[Int(node)]
      switch slot.mark {
      case .clean:
        walk.removeLast()
      case .check:
        var next = walk[top].next
        var descended = false
        while slot.mark == .check && next < slot.sources.count {
          let source = slot.sources[next]
          next += 1
          if slots[Int(source)].mark != .clean {
            walk[top].next = next
            walk.append((source, 0))
            descended = true
            break
          }
        }
        if descended { continue }
        if slot.mark == .check {
          slot.mark = .clean
          walk.removeLast()
        }
      case .dirty:
        do {
          try evaluate(node)
        } catch {
          walk.removeSubrange(base...)
          throw error
        }
        walk.removeLast()
      }
    }
  }

  /// Evaluates one node and, if its value changed, marks its dependents.
  func evaluate(_ index: Int32) throws(Interruption) {
    let slot = slots[Int(index)]
    let observing = !observers.isEmpty
    let trigger: EvaluationTrigger
    var start: UInt64 = 0
    if observing {
      trigger =
        slot.forcedRefresh
        ? .refresh
        : slot.dirtiedBy >= 0 ? .dependencyChanged(slots[Int(slot.dirtiedBy)].key) : .firstRead
      events.append(.evaluationStarted(node: slot.key, trigger: trigger))
      start = DispatchTime.now().uptimeNanoseconds
    } else {
      trigger = .firstRead
    }
    slot.isEvaluating = true
    frames.append(Frame(slot: index))
    let changed: Bool
    do {
      changed = try slot.evaluate(self)
    } catch {
      slot.isEvaluating = false
      frames.removeLast()
      if observing { events.removeLast() }  // the evaluation is retried; report it once
      throw error
    }
    let frame = frames.removeLast()
    slot.isEvaluating = false
    if !slot.isAsync { commitSources(frame) }
    slot.mark = .clean
    slot.dirtiedBy = -1
    slot.forcedRefresh = false
    if observing {
      let duration = DispatchTime.now().uptimeNanoseconds &- start
      events.append(.evaluationFinished(node: slot.key, durationNanos: duration, trigger: trigger, changed: changed))
    }
    if changed { didChange(index) }
  }

  // MARK: - Dependencies

  @inline(__always) func track(source: Int32) {
    guard !frames.isEmpty else { return }
    let top = frames.count - 1
    if !frames[top].diverged {
      let sources = slots[Int(frames[top].slot)].sources
      let position = frames[top].position
      if position < sources.count && sources[position] == source {
        frames[top].position = position + 1
        return
      }
      // Reading the same dependency again changes nothing.
      if position > 0 && sources[position - 1] == source { return }
      frames[top].diverged = true
      frames[top].newSources = Array(sources[0..<position])
    }
    if !frames[top].newSources.contains(source) {
      frames[top].newSources.append(source)
    }
  }

  /// Replaces a node's recorded dependencies with those of its latest evaluation.
  private func commitSources(_ frame: Frame) {
    let slot = slots[Int(frame.slot)]
    let old = slot.sources
    if !frame.diverged && frame.position == old.count { return }
    let new = frame.diverged ? frame.newSources : Array(old[0..<frame.position])
    let newSet = Set(new)
    let oldSet = Set(old)
    for source in old where !newSet.contains(source) {
      unlink(source: source, from: frame.slot)
    }
    for source in new where !oldSet.contains(source) {
      slots[Int(source)].observers.append(frame.slot)
      if !observers.isEmpty { events.append(.edgeAdded(from: slots[Int(source)].key, to: slot.key)) }
    }
    slot.sources = new
  }

  private func unlink(source: Int32, from dependent: Int32) {
    let sourceSlot = slots[Int(source)]
    if let position = sourceSlot.observers.firstIndex(of: dependent) {
      sourceSlot.observers.remove(at: position)
    }
    if !observers.isEmpty { events.append(.edgeRemoved(from: sourceSlot.key, to: slots[Int(dependent)].key)) }
  }

  /// Drops all recorded dependencies of a node (an async selector starting over).
  func detachSources(of index: Int32) {
    let slot = slots[Int(index)]
    for source in slot.sources { unlink(source: source, from: index) }
    slot.sources = []
  }

  /// Records a dependency read by an asynchronous getter.
  func addAsyncSource(_ source: Int32, to dependent: Int32) {
    let slot = slots[Int(dependent)]
    guard !slot.sources.contains(source) else { return }
    slot.sources.append(source)
    slots[Int(source)].observers.append(dependent)
    if !observers.isEmpty { events.append(.edgeAdded(from: slots[Int(source)].key, to: slot.key)) }
  }

  // MARK: - Propagation

  /// A node's state changed: report it, mark its dependents dirty and everything below them
  /// `check`, and remember the subscribed nodes reached.
  func didChange(_ index: Int32) {
    let slot = slots[Int(index)]
    if !observers.isEmpty {
      switch slot.erasedLoadable {
      case .value(let value): events.append(.valueChanged(node: slot.key, value: value))
      case .error(let error): events.append(.errorRaised(node: slot.key, error: error))
      case .loading: break
      }
    }
    if !slot.subscribers.isEmpty || !slot.waiters.isEmpty { affected.append(index) }
    for dependent in slot.observers {
      let dependentSlot = slots[Int(dependent)]
      if dependentSlot.mark == .dirty { continue }
      let wasClean = dependentSlot.mark == .clean
      dependentSlot.mark = .dirty
      dependentSlot.dirtiedBy = index
      if !dependentSlot.subscribers.isEmpty || !dependentSlot.waiters.isEmpty || dependentSlot.isAsync {
        affected.append(dependent)
      }
      if wasClean { markDownstream(of: dependent) }
    }
  }

  /// Marks everything downstream of `index` as `check`, stopping at nodes already marked.
  private func markDownstream(of index: Int32) {
    var stack = slots[Int(index)].observers
    while let next = stack.popLast() {
      let slot = slots[Int(next)]
      guard slot.mark == .clean else { continue }
      slot.mark = .check
      if !slot.subscribers.isEmpty || !slot.waiters.isEmpty || slot.isAsync { affected.append(next) }
      stack.append(contentsOf: slot.observers)
    }
  }

  /// Brings the subscribed nodes reached by the latest change up to date and queues their
  /// notifications. Async selectors reached are restarted only when someone watches them.
  func settle() {
    var round = 0
    while !affected.isEmpty {
      let batch = affected
      affected.removeAll(keepingCapacity: true)
      for index in batch {
        let slot = slots[Int(index)]
        if slot.isAsync && slot.subscribers.isEmpty && slot.waiters.isEmpty && slot.observers.isEmpty { continue }
        ensureFresh(index)
        queueNotifications(for: slot)
      }
      round += 1
    }
  }

  func queueNotifications(for slot: NodeSlot) {
    guard slot.version != slot.notifiedVersion else { return }
    slot.notifiedVersion = slot.version
    for subscriber in slot.subscribers {
      deliveries.append(subscriber.notification(slot))
    }
    if !slot.waiters.isEmpty {
      let waiters = slot.waiters
      slot.waiters.removeAll()
      deliveries.append { for waiter in waiters { waiter.resume() } }
    }
  }

  // MARK: - Writing

  /// Writes an atom or runs a writable selector's setter.
  func write<Value>(_ node: WritableNode<Value>, _ value: Value) throws {
    let index = self.index(of: node)
    let slot = self.slot(index, as: Value.self)
    switch slot.compute {
    case .atom, .asyncAtom:
      if slot.write(value) { didChange(index) }
    case .writableSelector(_, let set):
      try set(Setter(core: self), value)
    case .stub:
      // A stubbed node keeps its stub; the write is recorded as the new stub.
      slot.compute = .stub(.success(value))
      if slot.store(.success(value)) { didChange(index) }
    case .selector, .asyncSelector:
      throw AtomError.notWritable(slot.key.description)
    }
  }

  func reset(_ index: Int32) {
    if slots[Int(index)].resetToDefault(self) { didChange(index) }
  }

  /// Forces a re-evaluation (or a reload of an async atom).
  func forceRefresh(_ index: Int32) {
    let slot = slots[Int(index)]
    if slot.kind == .atom {
      if slot.reload(self) { didChange(index) }
      return
    }
    let wasClean = slot.mark == .clean
    slot.mark = .dirty
    slot.forcedRefresh = true
    if wasClean { markDownstream(of: index) }
    if slot.isAsync || !slot.subscribers.isEmpty || !slot.waiters.isEmpty { affected.append(index) }
  }

  func recordLoadingStarted(_ index: Int32) {
    if !observers.isEmpty { events.append(.loadingStarted(node: slots[Int(index)].key)) }
  }

  // MARK: - Releasing

  /// Removes a node nobody depends on or subscribes to. Returns whether it was removed.
  func release(_ index: Int32) -> Bool {
    let slot = slots[Int(index)]
    guard slot.observers.isEmpty, slot.subscribers.isEmpty, slot.waiters.isEmpty, !slot.isEvaluating else {
      return false
    }
    detachSources(of: index)
    slot.task?.cancel()
    indexOfKey[slot.key] = nil
    slots[Int(index)] = ReleasedSlot.shared
    freeIndices.append(index)
    if !observers.isEmpty { events.append(.nodeReleased(node: slot.key)) }
    return true
  }
}

/// Fills the place of a released node until the index is reused.
final class ReleasedSlot: NodeSlot {
  // Immutable after creation and never handed out: indices of released slots are not
  // reachable from any key, and node caches check `ownerUID`, which belongs to no node.
  nonisolated(unsafe) static let shared = ReleasedSlot()

  private init() {
    super.init(
      node: Atom<Int>(key: NodeKey(name: "released"), family: nil, isSame: nil, default: { 0 }), index: -1, mark: .clean
    )
  }
}
