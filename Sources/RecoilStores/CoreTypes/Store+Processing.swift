import Dispatch
import RecoilConcurrency
import Synchronization

/// How a store processes its queue, one action at a time: middleware, reducers, the new
/// state, subscribers, observers and effects. The processing role passes between threads
/// through `isProcessing`; whoever holds it drains the queue.
extension Store {
  /// Queues an action behind the one being processed. It is processed after whatever bound
  /// its cause has returned, so the cause goes with it while the store has a configuration.
  @usableFromInline func _enqueue(_ action: Action, at site: CallSite) {
    let origin =
      _hasNoConfiguration.load(ordering: .relaxed)
      ? nil : _QueuedOrigin(_ActionOrigin(site: site, cause: CauseContext.current))
    _enqueue(.action(action, origin))
  }

  @usableFromInline func _enqueue(_ work: _StoreWork<State, Action>) {
    _lock.withLock { _storage._queue.append(work) }
    _pending.add(1, ordering: .sequentiallyConsistent)
    // The processing thread may have finished meanwhile: then take over.
    if _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      _drainQueue(startingWith: nil)
    }
  }

  @inlinable func _nextQueued() -> _StoreWork<State, Action>? {
    guard _pending.load(ordering: .sequentiallyConsistent) > 0 else { return nil }
    let work = _lock.withLock { () -> _StoreWork<State, Action>? in
      guard _storage._queueHead < _storage._queue.count else { return nil }
      let work = _storage._queue[_storage._queueHead]
      _storage._queueHead += 1
      if _storage._queueHead == _storage._queue.count {
        _storage._queue.removeAll(keepingCapacity: true)
        _storage._queueHead = 0
      }
      return work
    }
    if work != nil { _pending.subtract(1, ordering: .sequentiallyConsistent) }
    return work
  }

  /// Processes work until the queue is empty, then gives up the processing role, taking it
  /// back if work arrived in between.
  @inlinable func _drainQueue(startingWith first: _StoreWork<State, Action>?) {
    var next = first ?? _nextQueued()
    while true {
      while let work = next {
        switch work {
        case .action(let action, let queued):
          _processAction(action, origin: queued?._origin ?? ._unknown)
        case .replay(let action):
          _reduceAndPublish(action, origin: ._unknown, startingEffects: false)
        case .subscribe(let subscriber): _activate(subscriber)
        }
        next = _nextQueued()
      }
      _isProcessing.store(false, ordering: .sequentiallyConsistent)
      guard _pending.load(ordering: .sequentiallyConsistent) > 0,
        _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
      else { return }
      next = _nextQueued()
    }
  }

  /// One action: middleware, reducers, state, subscribers, observers, effects. `origin` is
  /// where it was dispatched, and its cause when it was queued.
  @inlinable func _processAction(_ incoming: Action, origin: _ActionOrigin) {
    if _middleware.isEmpty {
      _reduceAndPublish(incoming, origin: origin)
    } else {
      _runMiddleware(incoming, origin: origin)
    }
  }

  /// Runs the middleware chain: each one hands the action on to the next step, the last step
  /// being the reducers; one that never does drops it.
  /// The first action to reach the reducers takes `origin`; any other one a middleware hands
  /// on for it has none.
  @usableFromInline func _runMiddleware(_ incoming: Action, origin: _ActionOrigin) {
    // A middleware may keep its context (to dispatch a reply from a task): held weakly, the
    // store is neither kept alive by it nor read after it has gone. Only this thread writes
    // the state while it processes, so it is read here without the lock.
    let began = _storage._state
    let context = MiddlewareContext<State, Action>(
      currentState: { [weak self] in self?.state ?? began },
      send: { [weak self] in self?._dispatch($0, at: $1) })
    var reachedReducers = false
    func step(_ position: Int, _ action: Action) {
      guard position < _middleware.count else {
        _reduceAndPublish(action, origin: reachedReducers ? ._unknown : origin)
        reachedReducers = true
        return
      }
      _middleware[position]._run(action, context) { step(position + 1, $0) }
    }
    step(0, incoming)
    if !reachedReducers { _notifyDropped(incoming) }
  }

  /// Reduces an action that passed the middleware, publishes the new state and starts effects.
  @inlinable func _reduceAndPublish(_ action: Action, origin: _ActionOrigin, startingEffects: Bool = true) {
    let before = _storage._state
    var after = before
    // Most stores register nothing after creation: then no configuration is read.
    guard !_hasNoConfiguration.load(ordering: .acquiring), let configuration = _currentConfiguration() else {
      _reduce(&after, action)
      let subscribers = _lock.withLock {
        _storage._state = after
        _storage._sequence += 1
        return _storage._subscribers
      }
      Self._notify(subscribers, of: after)
      return
    }
    configuration._withUnsafeGuaranteedRef { configuration in
      _processConfigured(
        action, from: before, to: &after, origin: origin, configuration, startingEffects: startingEffects)
    }
  }

  /// Processes `work` now if no other thread is processing, else queues it behind the rest.
  @usableFromInline func _perform(_ work: _StoreWork<State, Action>) {
    if _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      _drainQueue(startingWith: work)
    } else {
      _enqueue(work)
    }
  }

  /// Runs the reducer and, if any, the slice reducers, noting which thread runs them.
  @inlinable func _reduce(_ state: inout State, _ action: Action, onThread thread: UInt = CurrentThread.id) {
    _reducingThread.store(thread, ordering: .relaxed)
    _reducer.reduce(&state, action)
    _reducingThread.store(0, ordering: .relaxed)
  }

  @inlinable func _reduce(
    _ state: inout State, _ action: Action, slices: [_SliceRegistration<State, Action>],
    onThread thread: UInt = CurrentThread.id
  ) {
    _reducingThread.store(thread, ordering: .relaxed)
    _reducer.reduce(&state, action)
    for slice in slices { slice._reduce(&state, action) }
    _reducingThread.store(0, ordering: .relaxed)
  }

  /// Reduces with the reducer that replaced the store's own, then the slices. Out of line: a
  /// store whose reducer was never replaced does not pay for it.
  @usableFromInline @inline(never) func _reduceReplaced(
    _ state: inout State, _ action: Action, _ reducer: Reducer<State, Action>,
    slices: [_SliceRegistration<State, Action>], onThread thread: UInt
  ) {
    _reducingThread.store(thread, ordering: .relaxed)
    reducer.reduce(&state, action)
    for slice in slices { slice._reduce(&state, action) }
    _reducingThread.store(0, ordering: .relaxed)
  }

  /// The rest of `processAction(_:)` when observers, slices, effects or a recorder are
  /// registered: a store that records takes one path, a store that is only observed or has
  /// slices or effects the other.
  @inlinable @inline(__always) func _processConfigured(
    _ action: Action, from before: State, to after: inout State, origin: _ActionOrigin,
    _ configuration: _ProcessedConfiguration<State, Action>,
    startingEffects: Bool = true
  ) {
    if let recorder = configuration._recorder {
      _processRecorded(
        action, from: before, to: &after, origin: origin, configuration, recorder: recorder,
        startingEffects: startingEffects)
    } else {
      _processUnrecorded(
        action, from: before, to: &after, site: origin._site, configuration, startingEffects: startingEffects)
    }
  }

  /// Reduces with the configuration's slices, if any, on `thread`; when `timed`, returns the
  /// time since `start`, else `_untimed`.
  @inlinable @inline(__always) func _reduceTimed(
    _ action: Action, _ after: inout State, _ configuration: _ProcessedConfiguration<State, Action>,
    onThread thread: UInt, timed: Bool, from start: UInt64
  ) -> UInt64 {
    if let replaced = configuration._reducer {
      _reduceReplaced(&after, action, replaced, slices: configuration._value._slices, onThread: thread)
    } else if configuration._hasSlices {
      // Two calls rather than an optional array: the common case then touches no array at all.
      _reduce(&after, action, slices: configuration._value._slices, onThread: thread)
    } else {
      _reduce(&after, action, onThread: thread)
    }
    return timed ? MonotonicClock.nanos &- start : _ActionRecorder<State, Action>._untimed
  }

  /// An action of a store that records: the action and its notification take their places
  /// in the causal order, and the recorder keeps it.
  // Inlined into `reduceAndPublish`: called, it took its eight arguments through the stack
  // and spilled most of them again, a sizeable part of recording an action. The path of a
  // store without configuration returns before it and pays nothing for it (the instruction
  // counts are in Benchmarks/README.md).
  @inlinable @inline(__always) func _processRecorded(
    _ action: Action, from before: State, to after: inout State, origin: _ActionOrigin,
    _ configuration: _ProcessedConfiguration<State, Action>, recorder: Unmanaged<_ActionRecorder<State, Action>>,
    startingEffects: Bool
  ) {
    // The configuration's fields are read where they are used, not kept from here: held
    // across the calls below, each would be spilled to the stack and read back.
    // Observers get every action they accept timed; a recording follows its timing (see
    // `RecordingTiming`).
    var timed = false
    if configuration._notifiesActions {
      timed = Self._anyAccepts(configuration._actionObservers)
      _storage._observersAccepted = timed
    }
    timed = timed || configuration._sampler.shouldTime()
    let start = timed ? MonotonicClock.nanos : 0
    let thread = CurrentThread.id
    let duration = _reduceTimed(action, &after, configuration, onThread: thread, timed: timed, from: start)
    if timed { configuration._sampler.timed(duration) }

    // The action's cause: the one bound when it was queued, else the one bound now (an
    // effect's, or a subscriber's action). A replay (no known site) has none.
    // The cause bound on this thread, read once: the action's cause, and what to restore
    // after its notification. The cell the last action used is checked before a lookup.
    let cell: ThreadCauseCell
    if let kept = _storage._causeCell, kept.belongs(toThread: thread) {
      cell = kept
    } else {
      cell = configuration._clock.threadCell()
      _storage._causeCell = cell
    }
    let onThread = cell.cause
    let cause =
      origin._site.isUnknown
      ? 0 : origin._cause != 0 ? origin._cause : CauseContext.current(onThread: onThread, clock: configuration._clock)
    let (subscribers, sequence, order) = _lock.withLock {
      // The action, then the notification of its subscribers, each get their place. Taken
      // first, while the lock's own atomic has just emptied the store buffer: after the
      // state's stores below, the atomic add would wait for them to drain.
      let order = configuration._clock.next(count: 2)
      _storage._state = after
      _storage._sequence += 1
      recorder._withUnsafeGuaranteedRef {
        $0.append(
          _ActionRecorder._Entry(
            action: action, before: before, after: after,
            causality: _ActionCausality(
              order: order, cause: cause, site: origin._site, subscribers: _storage._subscribers.count, isTimed: timed,
              subscriberGeneration: _storage._subscriberGeneration)),
          sequence: _storage._sequence, startNanos: start, durationNanos: duration)
      }
      return (_storage._subscribers, _storage._sequence, order)
    }
    // Observers hear of the action before its consequences, so a live view shows them in order.
    if configuration._notifiesActions && _storage._observersAccepted {
      _tellObservers(
        configuration._actionObservers, action, before, after, sequence: sequence, duration: duration, start: start,
        order: order, cause: cause, site: origin._site, subscribers: subscribers)
    }
    if !subscribers.isEmpty {
      // What subscribers do (write an atom, dispatch) names this notification as its cause;
      // each callback is counted and (sampled) timed.
      cell.cause = order + 1
      Self._notifyRecorded(subscribers, of: after)
      cell.cause = onThread
    }
    if startingEffects && configuration._hasEffects {
      _startEffects(
        configuration._value._effects, for: action, state: after, sequence: sequence, cause: order,
        observers: configuration._value._observers)
    }
  }

  /// An action of a store with observers, slices or effects but no recorder: nothing takes a
  /// place in the causal order.
  @inlinable @inline(never) func _processUnrecorded(
    _ action: Action, from before: State, to after: inout State, site: CallSite,
    _ configuration: _ProcessedConfiguration<State, Action>, startingEffects: Bool
  ) {
    let observing = configuration._notifiesActions && Self._anyAccepts(configuration._actionObservers)
    let start = observing ? MonotonicClock.nanos : 0
    let duration = _reduceTimed(
      action, &after, configuration, onThread: CurrentThread.id, timed: observing, from: start)
    let (subscribers, sequence) = _lock.withLock {
      _storage._state = after
      _storage._sequence += 1
      return (_storage._subscribers, _storage._sequence)
    }
    if observing {
      _tellObservers(
        configuration._actionObservers, action, before, after, sequence: sequence, duration: duration, start: start,
        order: 0, cause: 0, site: site, subscribers: subscribers)
    }
    Self._notify(subscribers, of: after)
    if startingEffects && configuration._hasEffects {
      _startEffects(
        configuration._value._effects, for: action, state: after, sequence: sequence, cause: 0,
        observers: configuration._value._observers)
    }
  }

  /// Whether any of `observers` takes the next action; each is asked (an observer that says
  /// no accounts for the action it misses).
  @inlinable @inline(__always) static func _anyAccepts(_ observers: [any StoreObserver]) -> Bool {
    var accepts = false
    for observer in observers where observer.acceptsNextAction() { accepts = true }
    return accepts
  }

  /// Tells the observers of an action; out of line, so that the path of a store that only
  /// records keeps its values in registers.
  @usableFromInline @inline(never) func _tellObservers(
    _ observers: [any StoreObserver], _ action: Action, _ before: State, _ after: State, sequence: Int,
    duration: UInt64, start: UInt64, order: UInt64, cause: UInt64, site: CallSite,
    subscribers: [_StoreSubscriber<State>]
  ) {
    // A recorded action's notification names the subscriptions it reaches, for the stream.
    let event = StoreEvent.action(
      RecordedAction(
        sequence: sequence, store: name, action: action, stateBefore: before, stateAfter: after,
        durationNanos: duration, atNanos: start, order: order, cause: cause, site: site.isUnknown ? nil : site,
        subscribers: subscribers.count,
        reached: order == 0 ? [] : subscribers.map { RecordedReach(subscription: $0._tally.id) }))
    for observer in observers { observer.receive(event) }
  }

  /// The processing thread's copy of the configuration, read again under the lock only when
  /// its version moved since the last action.
  ///
  /// Returned unretained: only this thread replaces it, here, between actions.
  @inlinable func _currentConfiguration() -> Unmanaged<_ProcessedConfiguration<State, Action>>? {
    let version = _configurationVersion.load(ordering: .acquiring)
    if version != _storage._processedConfigurationVersion { _readConfiguration(version: version) }
    return _storage._processedConfiguration.map { Unmanaged.passUnretained($0) }
  }

  /// Makes the processing thread's copy of configuration `version`; kept out of line, as it
  /// runs only after a change.
  @usableFromInline func _readConfiguration(version: Int) {
    _storage._processedConfiguration = _lock.withLock {
      _storage._configuration.isEmpty ? nil : _ProcessedConfiguration(_storage._configuration)
    }
    _storage._processedConfigurationVersion = version
  }

  /// Calls each active subscriber. The array keeps the subscribers alive, so they are used
  /// without retaining each one: this loop is the whole cost of a notification.
  @inlinable static func _notify(_ subscribers: [_StoreSubscriber<State>], of state: State) {
    subscribers.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { subscriber in
          if subscriber._isActive.load(ordering: .relaxed) { subscriber._deliver(state) }
        }
      }
    }
  }

  /// ``_notify(_:of:)`` for a recording store: each callback counted and (sampled) timed by
  /// its tally, here or, for a subscriber delivered elsewhere, where it runs. A loop of its
  /// own: a store that does not record keeps the plain one.
  @inlinable static func _notifyRecorded(_ subscribers: [_StoreSubscriber<State>], of state: State) {
    subscribers.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { subscriber in
          guard subscriber._isActive.load(ordering: .relaxed) else { return }
          if subscriber._talliesWhereItRuns {
            subscriber._deliver(state)
          } else {
            subscriber._tally.call { subscriber._deliver(state) }
          }
        }
      }
    }
  }

  @usableFromInline func _notifyDropped(_ action: Action) {
    let observers = _lock.withLock { _storage._configuration._observers }
    for observer in observers { observer.receive(.actionDropped(store: name, action: action)) }
  }
}
