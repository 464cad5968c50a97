import Dispatch
import RecoilConcurrency
import Synchronization

/// How a store processes its queue, one action at a time: middleware, reducers, the new
/// state, subscribers, observers and effects. The processing role passes between threads
/// through `isProcessing`; whoever holds it drains the queue.
extension Store {
  /// Notes where the action about to be processed was dispatched; its cause is read when it
  /// is recorded. Only the processing thread calls it.
  @usableFromInline func noteOrigin(_ site: CallSite) {
    storage.origin = ActionOrigin(site: site, cause: 0)
  }

  /// Queues an action behind the one being processed. It is processed after whatever bound
  /// its cause has returned, so the cause goes with it while the store has a configuration.
  @usableFromInline func enqueue(_ action: Action, at site: CallSite) {
    let origin =
      hasNoConfiguration.load(ordering: .relaxed)
      ? nil : QueuedOrigin(ActionOrigin(site: site, cause: CauseContext.current))
    enqueue(.action(action, origin))
  }

  @usableFromInline func enqueue(_ work: StoreWork<State, Action>) {
    lock.withLock { storage.queue.append(work) }
    pending.add(1, ordering: .sequentiallyConsistent)
    // The processing thread may have finished meanwhile: then take over.
    if isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      drainQueue(startingWith: nil)
    }
  }

  @inlinable func nextQueued() -> StoreWork<State, Action>? {
    guard pending.load(ordering: .sequentiallyConsistent) > 0 else { return nil }
    let work = lock.withLock { () -> StoreWork<State, Action>? in
      guard storage.queueHead < storage.queue.count else { return nil }
      let work = storage.queue[storage.queueHead]
      storage.queueHead += 1
      if storage.queueHead == storage.queue.count {
        storage.queue.removeAll(keepingCapacity: true)
        storage.queueHead = 0
      }
      return work
    }
    if work != nil { pending.subtract(1, ordering: .sequentiallyConsistent) }
    return work
  }

  /// Processes work until the queue is empty, then gives up the processing role, taking it
  /// back if work arrived in between.
  @inlinable func drainQueue(startingWith first: StoreWork<State, Action>?) {
    var next = first ?? nextQueued()
    while true {
      while let work = next {
        switch work {
        case .action(let action, let queued):
          storage.origin = queued?.origin ?? .unknown
          processAction(action)
        case .replay(let action):
          storage.origin = .unknown
          reduceAndPublish(action, startingEffects: false)
        case .subscribe(let subscriber): activate(subscriber)
        }
        next = nextQueued()
      }
      isProcessing.store(false, ordering: .sequentiallyConsistent)
      guard pending.load(ordering: .sequentiallyConsistent) > 0,
        isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
      else { return }
      next = nextQueued()
    }
  }

  /// One action: middleware, reducers, state, subscribers, observers, effects.
  @inlinable func processAction(_ incoming: Action) {
    if middleware.isEmpty {
      reduceAndPublish(incoming)
    } else {
      runMiddleware(incoming)
    }
  }

  /// Runs the middleware chain: each one hands the action on to the next step, the last step
  /// being the reducers; one that never does drops it.
  @usableFromInline func runMiddleware(_ incoming: Action) {
    let context = MiddlewareContext<State, Action>(
      currentState: { [unowned self] in self.state },
      send: { [unowned self] in self.dispatch($0, at: $1) })
    var reachedReducers = false
    func step(_ position: Int, _ action: Action) {
      guard position < middleware.count else {
        reachedReducers = true
        reduceAndPublish(action)
        return
      }
      middleware[position].run(action, context) { step(position + 1, $0) }
    }
    step(0, incoming)
    if !reachedReducers { notifyDropped(incoming) }
  }

  /// Reduces an action that passed the middleware, publishes the new state and starts effects.
  @inlinable func reduceAndPublish(_ action: Action, startingEffects: Bool = true) {
    let before = storage.state
    var after = before
    // Most stores register nothing after creation: then no configuration is read.
    guard !hasNoConfiguration.load(ordering: .acquiring), let configuration = currentConfiguration() else {
      reduce(&after, action)
      let subscribers = lock.withLock {
        storage.state = after
        storage.sequence += 1
        return storage.subscribers
      }
      Self.notify(subscribers, of: after)
      return
    }
    configuration._withUnsafeGuaranteedRef { configuration in
      processConfigured(action, from: before, to: &after, configuration, startingEffects: startingEffects)
    }
  }

  /// Processes `work` now if no other thread is processing, else queues it behind the rest.
  @usableFromInline func perform(_ work: StoreWork<State, Action>) {
    if isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      drainQueue(startingWith: work)
    } else {
      enqueue(work)
    }
  }

  /// Runs the reducer and, if any, the slice reducers, noting which thread runs them.
  @inlinable func reduce(_ state: inout State, _ action: Action) {
    reducingThread.store(CurrentThread.id, ordering: .relaxed)
    reducer.reduce(&state, action)
    reducingThread.store(0, ordering: .relaxed)
  }

  @inlinable func reduce(_ state: inout State, _ action: Action, slices: [SliceRegistration<State, Action>]) {
    reducingThread.store(CurrentThread.id, ordering: .relaxed)
    reducer.reduce(&state, action)
    for slice in slices { slice.reduce(&state, action) }
    reducingThread.store(0, ordering: .relaxed)
  }

  /// The rest of `processAction(_:)` when observers, slices, effects or a recorder are
  /// registered.
  // Never inlined into `reduceAndPublish`: the path of a store without configuration stays small.
  @inlinable @inline(never) func processConfigured(
    _ action: Action, from before: State, to after: inout State, _ configuration: ProcessedConfiguration<State, Action>,
    startingEffects: Bool = true
  ) {
    let observing = configuration.notifiesActions
    let recorder = configuration.recorder
    // Observers get every action timed; a recording follows its timing (see `RecordingTiming`).
    let timed = observing || (recorder != nil && configuration.sampler.shouldTime())
    let start = timed ? MonotonicClock.nanos : 0
    // Two calls rather than an optional array: the common case then touches no array at all.
    if configuration.hasSlices {
      reduce(&after, action, slices: configuration.value.slices)
    } else {
      reduce(&after, action)
    }
    let duration = timed ? MonotonicClock.nanos &- start : ActionRecorder<State, Action>.untimed
    if timed { configuration.sampler.timed(duration) }

    // A recording places the action in the causal order, with its cause: the one bound when
    // it was queued, else the one bound now (an effect's, or a subscriber's action).
    let origin = storage.origin
    storage.origin = .unknown
    let clock = configuration.clock
    // The cause bound on this thread, read once: the action's cause, and what to restore
    // after its notification.
    let cell = clock?.threadCell()
    let onThread = cell?.cause ?? 0
    // A known site means the action came through dispatch (not a replay): its cause is the
    // one kept when it was queued, else the one bound now.
    let cause: UInt64
    if let clock, !origin.site.isUnknown {
      cause = origin.cause != 0 ? origin.cause : CauseContext.current(onThread: onThread, clock: clock)
    } else {
      cause = 0
    }
    let (subscribers, sequence, order) = lock.withLock {
      storage.state = after
      storage.sequence += 1
      // The action, then the notification of its subscribers, each get their place.
      let order = clock?.next(count: 2) ?? 0
      recorder?._withUnsafeGuaranteedRef {
        $0.append(
          ActionRecorder.Entry(
            action: action, before: before, after: after,
            causality: ActionRecorder.Causality(
              order: order, cause: cause, site: origin.site, subscribers: storage.subscribers.count, isTimed: timed)),
          sequence: storage.sequence, startNanos: start, durationNanos: duration)
      }
      return (storage.subscribers, storage.sequence, order)
    }
    let notification = order == 0 || subscribers.isEmpty ? 0 : order + 1
    // Observers hear of the action before its consequences, so a live view shows them in order.
    if observing {
      let event = StoreEvent.action(
        StoreActionRecord(
          sequence: sequence, store: name, action: action, stateBefore: before, stateAfter: after,
          durationNanos: duration, atNanos: start, order: order, cause: cause,
          site: origin.site.isUnknown ? nil : origin.site,
          subscribers: subscribers.count))
      for observer in configuration.actionObservers { observer.receive(event) }
    }
    if notification != 0, let cell {
      // What subscribers do (write an atom, dispatch) names this notification as its cause.
      cell.cause = notification
      Self.notify(subscribers, of: after)
      cell.cause = onThread
    } else {
      Self.notify(subscribers, of: after)
    }
    if startingEffects && configuration.hasEffects {
      startEffects(
        configuration.value.effects, for: action, state: after, sequence: sequence, cause: order,
        observers: configuration.value.observers)
    }
  }

  /// The processing thread's copy of the configuration, read again under the lock only when
  /// its version moved since the last action.
  ///
  /// Returned unretained: only this thread replaces it, here, between actions.
  @inlinable func currentConfiguration() -> Unmanaged<ProcessedConfiguration<State, Action>>? {
    let version = configurationVersion.load(ordering: .acquiring)
    if version != storage.processedConfigurationVersion { readConfiguration(version: version) }
    return storage.processedConfiguration.map { Unmanaged.passUnretained($0) }
  }

  /// Makes the processing thread's copy of configuration `version`; kept out of line, as it
  /// runs only after a change.
  @usableFromInline func readConfiguration(version: Int) {
    storage.processedConfiguration = lock.withLock {
      storage.configuration.isEmpty ? nil : ProcessedConfiguration(storage.configuration)
    }
    storage.processedConfigurationVersion = version
  }

  /// Calls each active subscriber. The array keeps the subscribers alive, so they are used
  /// without retaining each one: this loop is the whole cost of a notification.
  @inlinable static func notify(_ subscribers: [StoreSubscriber<State>], of state: State) {
    subscribers.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { subscriber in
          if subscriber.isActive.load(ordering: .relaxed) { subscriber.deliver(state) }
        }
      }
    }
  }

  @usableFromInline func notifyDropped(_ action: Action) {
    let observers = lock.withLock { storage.configuration.observers }
    for observer in observers { observer.receive(.actionDropped(store: name, action: action)) }
  }
}
