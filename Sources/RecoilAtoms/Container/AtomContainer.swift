import RecoilConcurrency
import Synchronization

/// Holds the values of atoms and selectors for one scope (an app, a screen, a test): the
/// counterpart of Recoil's `RecoilRoot`. Any number of containers can live in one process.
///
/// A container is `Sendable` and may be used from any thread or task. Each operation takes
/// the container's lock; selector getters run under it and must only read through their
/// ``Getter``. Subscriber callbacks and observer events never run under the lock: they are
/// delivered in order, one at a time, right after the change that caused them, on the thread
/// that made the change (or on the queue or actor a subscription asks for). When two threads
/// change the container at once, the one already delivering also delivers the other's
/// notifications, so `set` may return before its callbacks ran on another thread.
///
/// ```swift
/// let container = AtomContainer()
/// container.set(CartState.items, [CartItem(sku: "A1", price: 12, quantity: 2)])
/// let total = try container.get(CartState.total)
/// let subscription = container.subscribe(CartState.total) { total in print(total) }
/// ```
public final class AtomContainer: Sendable {
  private static let serials = Atomic<UInt64>(0)

  @usableFromInline let _lock = Lock()
  /// Only touched while `lock` is held (see `operate`).
  @usableFromInline let _core: _GraphCore
  /// The thread holding `lock`, to report re-entrant use from a getter instead of deadlocking.
  @usableFromInline let _lockOwner = Atomic<UInt>(0)
  private let subscriberIDs = Atomic<UInt64>(0)
  /// Whether its subscriptions' callbacks are counted and timed: while it records evaluations.
  let subscriberRecording = SubscriberTally.Recording()

  /// Creates an empty container.
  ///
  /// ```swift
  /// let container = AtomContainer()
  /// let logged = AtomContainer(onEffectFailure: { print("\($0.node): \($0.effect) failed: \($0.error)") })
  /// ```
  ///
  /// - Parameter onEffectFailure: Called with every atom effect's failure (a throw when it
  ///   starts or in an `onSet` handler, or a reported error), after the container's lock is
  ///   released, on the thread that made the change.
  public init(onEffectFailure: (@Sendable (AtomEffectFailure) -> Void)? = nil) {
    _core = _GraphCore(serial: Self.serials.add(1, ordering: .relaxed).newValue)
    _core.effectFailureHandler = onEffectFailure
    _core.container = self
  }

  deinit {
    for slot in _core._slots { slot._task?.cancel() }
    for run in _core.effectRuns.values { run.cleanUp() }
  }

  // MARK: - The lock

  /// Runs `body` under the lock, then delivers what it queued.
  @inlinable func _operate<Result>(_ body: (_GraphCore) throws -> Result) rethrows -> Result {
    let thread = CurrentThread.id
    if _lockOwner.load(ordering: .relaxed) == thread {
      ProgrammerError.stop(
        "AtomContainer was called from inside a selector's getter or setter, or from an atom effect as it started; read through the Getter, the Setter or the effect's context instead"
      )
    }
    // Delivered whether `body` returns or throws: a failing read may still have evaluated
    // nodes and changed values that observers and subscribers must hear about.
    var needsDelivery = false
    defer { if needsDelivery { _deliverPending() } }
    return try _lock.withLock {
      _lockOwner.store(thread, ordering: .relaxed)
      if _core._hasObservers { _core._operationInterests = _core._interests() }
      defer {
        // Family members a cache policy leaves out go once nothing evaluates.
        if _core._hasFamiliesToTrim { _core._trimFamilies() }
        _lockOwner.store(0, ordering: .relaxed)
        needsDelivery = !_core._deliveries.isEmpty || !_core._events.isEmpty
      }
      return try body(_core)
    }
  }

  /// Delivers queued events and notifications outside the lock, in order, by one thread at a
  /// time; a thread that finds another delivering leaves its work to it.
  @usableFromInline func _deliverPending() {
    var claimed = false
    // The delivering thread swaps its emptied batch back in for the next one, so that queueing
    // events reuses the arrays' storage instead of allocating it per operation.
    var events: [AtomGraphEvent] = []
    while true {
      let work: ([any AtomGraphObserver], [@Sendable () -> Void])? = _lock.withLock {
        if !claimed {
          if _core.isDelivering { return nil }
          _core.isDelivering = true
          claimed = true
        }
        if _core._events.isEmpty && _core._deliveries.isEmpty {
          _core.isDelivering = false
          if events.capacity > _core._events.capacity && events.capacity <= 4096 { swap(&events, &_core._events) }
          return nil
        }
        swap(&events, &_core._events)
        let deliveries = _core._deliveries
        _core._deliveries = []
        return (_core.observers, deliveries)
      }
      guard let (observers, deliveries) = work else { return }
      for event in events {
        for observer in observers { observer.receive(event) }
      }
      events.removeAll(keepingCapacity: true)
      for delivery in deliveries { delivery() }
    }
  }

  // MARK: - Reading

  /// Reads a node's current value, evaluating it if needed.
  ///
  /// ```swift
  /// let total = try container.get(CartState.total)
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: The value.
  /// - Throws: The node's cached error, ``AtomError/cycle(_:)``, or ``AtomError/loading(_:)``
  ///   while an asynchronous node has no value yet (use ``value(_:)`` to wait for it).
  @inlinable public func get<Value>(_ node: Node<Value>) throws -> Value {
    try _operate { core in
      let index = core.index(of: node)
      if node._isFamilyMember { core._usedMember(index) }
      core._ensureFresh(index)
      core.settle()
      return try core.readFresh(index, as: Value.self)
    }
  }

  /// Reads a node's state: loading (with the previous value), a value, or an error.
  ///
  /// ```swift
  /// if case .loading(let previous) = container.loadable(Search.results) { show(previous) }
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: Its loadable state.
  public func loadable<Value>(_ node: Node<Value>) -> Loadable<Value> {
    _operate { core in
      let index = core.index(of: node)
      if node._isFamilyMember { core._usedMember(index) }
      core._ensureFresh(index)
      core.settle()
      return core.slot(index, as: Value.self).loadable
    }
  }

  /// Waits until a node has a value (or an error) and returns it.
  ///
  /// ```swift
  /// let results = try await container.value(Search.results)
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: The value.
  /// - Throws: The node's error, or `CancellationError` when the task is cancelled.
  public func value<Value>(_ node: Node<Value>) async throws -> Value {
    while true {
      try Task.checkCancellation()
      let (loadable, slot, version) = _operate { core in
        let index = core.index(of: node)
        if node._isFamilyMember { core._usedMember(index) }
        core._ensureFresh(index)
        core.settle()
        let slot = core._slots[Int(index)]
        return (core.slot(index, as: Value.self).loadable, slot, slot._version)
      }
      switch loadable {
      case .value(let value): return value
      case .error(let error): throw error
      case .loading: await waitForChange(of: slot, after: version)
      }
    }
  }

  /// Suspends until `slot`'s version moves past `version`, or the task is cancelled.
  func waitForChange(of slot: _NodeSlot, after version: UInt64) async {
    let waiter = ChangeWaiter()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        guard waiter.install(continuation) else {
          continuation.resume()  // cancelled before it began to wait
          return
        }
        let registered = _operate { core in
          // Changed since it was read, or marked for re-evaluation (an input changed before
          // this waiter made it watched): no change would wake the waiter, so read again.
          guard slot._version == version, slot.index >= 0, core._slots[Int(slot.index)] === slot,
            core._records[Int(slot.index)]._mark == .clean
          else { return false }
          slot.waiters.append(waiter)
          core.updateWatched(slot)
          return true
        }
        if !registered { waiter.resume() }
      }
    } onCancel: {
      waiter.resume()
    }
  }

  // MARK: - Writing

  /// Sets an atom.
  ///
  /// ```swift
  /// container.set(Settings.currency, "USD")
  /// ```
  ///
  /// - Parameters:
  ///   - atom: The atom.
  ///   - value: Its new value.
  ///   - file: Where it is set, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is set; filled in by the compiler.
  @inlinable public func set<Value>(
    _ atom: Atom<Value>, _ value: Value, file: StaticString = #fileID, line: UInt = #line
  ) {
    _operate { core in
      let index = core.index(of: atom)
      let before = core.notesWrites ? core._valueBeforeWrite(index) : nil
      if core._writeSlot(index, value) {
        if core.notesWrites { core._noteWrite(index, before: before, site: CallSite(file: file, line: line)) }
        core._didChange(index)
      }
      core.settle()
    }
  }

  /// Sets an atom of an `Equatable` value.
  ///
  /// ```swift
  /// container.set(Settings.currency, "USD")
  /// ```
  ///
  /// - Parameters:
  ///   - atom: The atom.
  ///   - value: Its new value; setting the value it has changes nothing.
  ///   - file: Where it is set, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is set; filled in by the compiler.
  @inlinable public func set<Value: Equatable>(
    _ atom: Atom<Value>, _ value: Value, file: StaticString = #fileID, line: UInt = #line
  ) {
    _operate { core in
      let index = core.index(of: atom)
      // An unwatched plain atom holding a value is written in its arena cell directly: no
      // subscriber or waiter needs its version, and its slot stays untouched.
      switch core._writeInPlace(index, value, site: CallSite(file: file, line: line)) {
      case .unchanged: return
      case .changed:
        core._didChange(index)
        core.settle()
        return
      case .notInPlace: break
      }
      let before = core.notesWrites ? core._valueBeforeWrite(index) : nil
      if core._writeSlot(index, value) {
        if core.notesWrites { core._noteWrite(index, before: before, site: CallSite(file: file, line: line)) }
        core._didChange(index)
      }
      core.settle()
    }
  }

  /// Sets an atom, an async atom or a writable selector.
  ///
  /// ```swift
  /// try container.set(Temperature.fahrenheit, 212)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node.
  ///   - value: Its new value.
  ///   - file: Where it is set, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is set; filled in by the compiler.
  /// - Throws: What a writable selector's setter throws.
  public func set<Value>(
    _ node: WritableNode<Value>, _ value: Value, file: StaticString = #fileID, line: UInt = #line
  ) throws {
    try _operate { core in
      defer { core.settle() }
      try core.write(node, value, site: CallSite(file: file, line: line))
    }
  }

  /// Updates an atom's value in place.
  ///
  /// ```swift
  /// container.update(CartState.items) { $0.append(item) }
  /// ```
  ///
  /// - Parameters:
  ///   - atom: The atom.
  ///   - file: Where it is updated, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is updated; filled in by the compiler.
  ///   - change: Mutates the current value.
  public func update<Value>(
    _ atom: Atom<Value>, file: StaticString = #fileID, line: UInt = #line, _ change: (inout Value) -> Void
  ) {
    _operate { core in
      let index = core.index(of: atom)
      let slot = core.slot(index, as: Value.self)
      guard case .value(var value) = slot.state else { return }
      let before = core.notesWrites ? value as any Sendable : nil
      change(&value)
      if slot.write(value) {
        core._noteWrite(index, before: before, site: CallSite(file: file, line: line))
        core._didChange(index)
      }
      core.settle()
    }
  }

  /// Restores an atom's default value (an async atom loads it again).
  ///
  /// A writable selector has no default of its own: resetting it resets the atoms its setter
  /// wrote the last time it ran (through other writable selectors too), so a proxy such as
  /// a Fahrenheit view of a Celsius atom resets that atom. A writable selector that was never
  /// set has written nothing, and resetting it changes nothing.
  ///
  /// ```swift
  /// container.reset(CartState.items)
  /// container.reset(Temperature.fahrenheit)  // resets Temperature.celsius
  /// ```
  ///
  /// - Parameters:
  ///   - node: The atom, async atom or writable selector.
  ///   - file: Where it is reset, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is reset; filled in by the compiler.
  public func reset<Value>(_ node: WritableNode<Value>, file: StaticString = #fileID, line: UInt = #line) {
    _operate { core in
      core.reset(core.index(of: node), site: CallSite(file: file, line: line))
      core.settle()
    }
  }

  /// Re-runs a selector's getter and those of the selectors it reads, directly or not, even
  /// though nothing they read changed; or re-runs an async atom's load. Atoms upstream keep
  /// their values. As Recoil's `useRecoilRefresher`, which clears a selector's cache and its
  /// dependencies' selector caches: a refresh of a view's selector fetches again whatever it
  /// is built from.
  ///
  /// ```swift
  /// container.refresh(Search.results)  // fetch again, and what it is made of
  /// ```
  ///
  /// - Parameter node: A selector, async selector or async atom.
  public func refresh<Value>(_ node: Node<Value>) {
    _operate { core in
      for index in core.selectorsUpstream(of: core.index(of: node)) { core.forceRefresh(index) }
      core.settle()
    }
  }

  // MARK: - Subscribing

  /// Calls `onChange` with a node's new state after each change, until the returned
  /// subscription is cancelled or released. While subscribed, the node is kept up to date
  /// eagerly.
  ///
  /// By default only changes are delivered (read the current value with `get`);
  /// `starting: .currentThenChanges` delivers the current state first, as a store's key-path
  /// subscription does, in order with the changes that follow.
  ///
  /// ```swift
  /// let subscription = container.subscribe(CartState.total) { total in
  ///   print(total.value ?? 0)
  /// }
  /// ```
  ///
  /// A subscription is named in the inspector's timeline, snapshots and graph (which views did
  /// this change reach?) by its `label`, or by default by where it was made
  /// (`CartDemo/CartView.swift:18`), which costs nothing at run time.
  ///
  /// - Parameters:
  ///   - node: Any atom or selector.
  ///   - label: What the inspector calls it (`"cart badge"`); by default where it was made.
  ///   - starting: Whether the current state is delivered first; by default it is not.
  ///   - delivery: Where `onChange` runs; by default on the thread that made the change.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives the new state.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe<Value>(
    _ node: Node<Value>, label: String? = nil, starting: SubscriptionStart = .changesOnly,
    delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (Loadable<Value>) -> Void
  ) -> Subscription {
    subscribe(
      node, label: label, site: CallSite(file: file, line: line), starting: starting, delivery: delivery, onChange)
  }

  /// ``subscribe(_:label:starting:delivery:file:line:_:)`` with the site given: what the
  /// library's own subscribers (`observe`, `TrackingScope`) pass on from their callers.
  package func subscribe<Value>(
    _ node: Node<Value>, label: String?, site: CallSite, starting: SubscriptionStart = .changesOnly,
    delivery: Delivery = .immediate, _ onChange: @escaping @Sendable (Loadable<Value>) -> Void
  ) -> Subscription {
    let id = subscriberIDs.add(1, ordering: .relaxed).newValue
    let tally = SubscriberTally(id: id, label: label, site: site, recording: subscriberRecording)
    // Counted and timed where it really runs: after any hop to its queue or the main actor;
    // an immediate one by the recording container's notification, so that a container that
    // does not record calls it with nothing in between.
    let talliesWhereItRuns = !delivery.isImmediate
    let end = SubscriptionEnd()
    let deliver =
      talliesWhereItRuns
      ? delivery.wrap(unlessEnded: end) { (value: Loadable<Value>) in tally.call { onChange(value) } } : onChange
    let slot = _operate { core in
      let index = core.index(of: node)
      if node._isFamilyMember { core._usedMember(index) }
      let slot = core._slots[Int(index)]
      slot.subscribers.append(
        SubscriberEntry(id: id, tally: tally, talliesWhereItRuns: talliesWhereItRuns) { slot in
          // Made under the lock, so the state is captured as it is now.
          let loadable = _ValueSlot<Value>.loadable(of: slot)
          return { deliver(loadable) }
        })
      core.updateWatched(slot)
      core._ensureFresh(index)
      // Changes are heard from now on; the state it starts from only when asked for, queued
      // with the notifications so that it comes before any change made after it.
      slot.notifiedVersion = slot._version
      if starting == .currentThenChanges {
        let current = core.slot(index, as: Value.self).loadable
        core._deliveries.append { deliver(current) }
      }
      core.settle()
      if !core.observers.isEmpty {
        core._events.append(.subscribersChanged(node: slot._key, count: slot.subscribers.count))
      }
      return slot
    }
    return Subscription(container: self, slot: slot, id: id, end: end)
  }

  func unsubscribe(slot: _NodeSlot, id: UInt64) {
    _operate { core in
      guard let position = slot.subscribers.firstIndex(where: { $0.id == id }) else { return }
      // The timeline may still name it: the recorder keeps what it needs to.
      core.recorder?.departed(slot.subscribers[position].tally, node: slot.nodeUID)
      slot.subscribers.remove(at: position)
      core.updateWatched(slot)
      if !core.observers.isEmpty {
        core._events.append(.subscribersChanged(node: slot._key, count: slot.subscribers.count))
      }
      // An unused family selector member is dropped (its value can be recomputed), or kept as
      // its family's cache policy says. Atoms keep their values until released explicitly.
      if slot.isCachedByPolicy, let family = slot.family {
        core.trimLater(family)
      } else if slot.subscribers.isEmpty, slot.family != nil, slot.kind == .selector,
        core._slots[Int(slot.index)] === slot
      {
        _ = core.release(slot.index)
      }
    }
  }

  /// The node's states as an asynchronous sequence: the current state first, then each new one.
  ///
  /// ```swift
  /// for await total in container.loadables(of: CartState.total) { print(total) }
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: A stream that ends when the consuming task is cancelled.
  public func loadables<Value>(of node: Node<Value>) -> AsyncStream<Loadable<Value>> {
    let (stream, continuation) = AsyncStream<Loadable<Value>>.makeStream(bufferingPolicy: .unbounded)
    continuation.yield(loadable(node))
    let subscription = subscribe(node) { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// The node's values as an asynchronous sequence: the current value first (once there is
  /// one), then each new value. Loading and error states are skipped.
  ///
  /// ```swift
  /// for await items in container.values(of: CartState.items) { render(items) }
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: A stream that ends when the consuming task is cancelled.
  public func values<Value>(of node: Node<Value>) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
    if let value = loadable(node).value { continuation.yield(value) }
    let subscription = subscribe(node) { if let value = $0.value { continuation.yield(value) } }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  // MARK: - Observers

  /// Registers an observer for everything the container does. The observer first receives a
  /// registration (and, if it asks for values, the current value) of every node already in use.
  ///
  /// ```swift
  /// let token = container.addObserver(myObserver)
  /// defer { container.removeObserver(token) }
  /// ```
  ///
  /// - Parameter observer: The observer.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ observer: any AtomGraphObserver) -> ObjectIdentifier {
    _operate { core in
      core.observers.append(observer)
      for slot in core._slots where slot.index >= 0 {
        core._events.append(.nodeRegistered(slot.info))
      }
      for slot in core._slots where slot.index >= 0 {
        for dependency in core._records[Int(slot.index)].dependencies {
          core._events.append(.edgeAdded(from: core._slots[Int(dependency)]._key, to: slot._key))
        }
        if observer.interests.contains(.values), let value = slot.erasedLoadable.value {
          core._events.append(.valueChanged(node: slot._key, value: value))
        }
      }
      // Only the new observer should see this replay.
      let replay = core._events
      core._events = []
      core._deliveries.append { for event in replay { observer.receive(event) } }
      return ObjectIdentifier(observer)
    }
  }

  /// Removes an observer.
  ///
  /// ```swift
  /// container.removeObserver(token)
  /// ```
  ///
  /// - Parameter token: What ``addObserver(_:)`` returned.
  public func removeObserver(_ token: ObjectIdentifier) {
    _operate { core in core.observers.removeAll { ObjectIdentifier($0) == token } }
  }

  // MARK: - Releasing

  /// Removes a node that nothing depends on and nobody subscribes to, freeing its memory.
  /// An atom's value is lost; its default applies when it is used again.
  ///
  /// ```swift
  /// container.release(Catalog.product(oldID))
  /// ```
  ///
  /// - Parameter node: The node.
  /// - Returns: Whether the node was removed.
  @discardableResult
  public func release<Value>(_ node: Node<Value>) -> Bool {
    _operate { core in
      guard let index = core.indexOfKey[node.key] else { return false }
      return core.release(index)
    }
  }

  /// Removes every member of a family that nothing depends on and nobody subscribes to.
  ///
  /// ```swift
  /// container.releaseUnusedMembers(of: Catalog.product)
  /// ```
  ///
  /// - Parameter family: The family's name (``AtomFamily/name`` or ``SelectorFamily/name``).
  /// - Returns: How many members were removed.
  @discardableResult
  public func releaseUnusedMembers(of family: String) -> Int {
    _operate { core in
      var released = 0
      // Release dependents before what they read, so chains inside a family all go.
      var progress = true
      while progress {
        progress = false
        for slot in core._slots where slot.index >= 0 && slot.family == family {
          if core.release(slot.index) {
            released += 1
            progress = true
          }
        }
      }
      return released
    }
  }

  /// How many nodes the container holds.
  ///
  /// ```swift
  /// print(container.nodeCount)
  /// ```
  public var nodeCount: Int {
    _operate { core in core.indexOfKey.count }
  }

  // MARK: - Inspection

  /// A consistent picture of every node in use: identity, state, dependencies, subscribers.
  ///
  /// ```swift
  /// let state = container.graphState()
  /// print(state.nodes.count, state.edges.count)
  /// ```
  ///
  /// - Returns: The nodes and edges, taken under the lock.
  public func graphState() -> AtomGraphState {
    _operate { core in
      var state = AtomGraphState()
      for slot in core._slots where slot.index >= 0 {
        state.nodes.append(
          AtomGraphState.NodeState(
            info: slot.info,
            loadable: slot.erasedLoadable, subscribers: slot.subscribers.count))
        for dependency in core._records[Int(slot.index)].dependencies {
          state.edges.append((from: core._slots[Int(dependency)]._key, to: slot._key))
        }
      }
      return state
    }
  }

  // MARK: - Internals used by nodes

  /// A write an atom effect asked for after it started: its cause is the effect, and its own
  /// `onSet` handlers do not hear it.
  func writeFromEffect<Value>(_ context: AtomEffectContext<Value>, _ write: AtomEffectContext<Value>.Initial) {
    _operate { core in
      // Checked under the lock, where the atom is released: a released atom stays released.
      guard !context.hasEnded else { return }
      core.writingEffect = ObjectIdentifier(context)
      defer { core.writingEffect = nil }
      CauseContext.withCause(context.startOrder) {
        switch write {
        case .untouched: break
        case .value(let value, let site): try? core.write(context.atom, value, site: site)
        case .reset: core.reset(core.index(of: context.atom))
        }
      }
      core.settle()
    }
  }

  /// An atom effect's failure after it started: a handler threw, or it reported one.
  func reportEffectError<Value>(
    _ context: AtomEffectContext<Value>, _ error: any Error, phase: AtomEffectFailure.Phase
  ) {
    _operate { core in
      guard !context.hasEnded else { return }
      core.reportEffectError(
        context.name, error, phase: phase, index: core.index(of: context.atom), startOrder: context.startOrder)
    }
  }

  func completeAsync<Value>(
    slot reference: LockedReference<Value>, generation: UInt64, outcome: Result<Value, any Error>
  ) {
    _operate { core in
      let slot = reference.slot
      guard core._slots[Int(slot.index)] === slot, slot.complete(generation: generation, outcome: outcome) else {
        return
      }
      if !core.observers.isEmpty { core._events.append(.loadingFinished(node: slot._key)) }
      core.recordResolution(slot.index)
      core._didChange(slot.index)
      core.settle()
    }
  }
}

/// What ``AtomContainer/graphState()`` returns.
///
/// ```swift
/// for node in container.graphState().nodes { print(node.info.key, node.subscribers) }
/// ```
public struct AtomGraphState: Sendable {
  /// One node and its state.
  public struct NodeState: Sendable {
    /// Identity, kind and type.
    public var info: AtomNodeInfo
    /// The current state, with the value type-erased.
    public var loadable: Loadable<any Sendable>
    /// How many subscribers it has.
    public var subscribers: Int
  }

  /// Every node in use.
  public var nodes: [NodeState] = []
  /// Every dependency edge, from dependency to dependent.
  public var edges: [(from: NodeKey, to: NodeKey)] = []
}
