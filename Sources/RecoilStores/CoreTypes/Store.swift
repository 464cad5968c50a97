import Dispatch
import RecoilConcurrency
import Synchronization

/// A Redux store: one value-type state, changed only by dispatching actions through reducers.
///
/// It serves both styles: a single reducer (``Reducer``, with ``Reducer/combine(_:)-(Reducer...)``
/// and ``Reducer/lift(state:action:)``), and slices registered per key path, each with its own
/// reducer and observable on its own (``registerSlice(_:name:reducer:)``).
///
/// ## Dispatch
///
/// `dispatch` may be called from any thread or task. Actions are processed one at a time in
/// FIFO order: middleware, then the reducer and slice reducers, then subscribers are notified,
/// then matching effects start. An action dispatched while another is being processed (from a
/// subscriber, a middleware, an effect, or another thread) is queued and processed after it,
/// by the thread already processing; so there is no nested notification and every subscriber
/// sees every state, in order. Dispatching from inside a reducer is a programmer error and
/// stops the program with a message saying so.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
/// let subscription = store.subscribe { state in print(state.cart.items.count) }
/// store.dispatch(.cart(.add(item)))
/// ```
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// The store's name, as shown by the inspector.
  public let name: String

  @usableFromInline let lock = Lock()
  // Safe: `storage` is guarded by `lock`, except `storage.state`, which only the processing
  // thread (the one that set `isProcessing`) writes (under `lock`) and may read without it.
  @usableFromInline nonisolated(unsafe) let storage: StoreStorage<State, Action>
  /// Set while some thread processes the queue.
  @usableFromInline let isProcessing = Atomic<Bool>(false)
  /// Work waiting in `storage.queue`, readable without the lock.
  @usableFromInline let pending = Atomic<Int>(0)
  /// Whether no observer, slice or effect is registered: then processing skips reading the
  /// configuration under the lock. Changed only while holding `lock`.
  @usableFromInline let hasNoConfiguration = Atomic<Bool>(true)
  /// Bumped (under `lock`) at every change of the configuration.
  @usableFromInline let configurationVersion = Atomic<Int>(0)
  /// The thread running a reducer, to report a dispatch from inside it.
  @usableFromInline let reducingThread = Atomic<UInt>(0)
  @usableFromInline let reducer: Reducer<State, Action>
  @usableFromInline let middleware: [Middleware<State, Action>]

  /// Creates a store.
  ///
  /// ```swift
  /// let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, name: "counter")
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The reducer (``Reducer/empty`` when the state is all slices).
  ///   - middleware: Run in order before the reducer for every action.
  ///   - name: The store's name, for the inspector.
  public init(
    initialState: State, reducer: Reducer<State, Action> = .empty, middleware: [Middleware<State, Action>] = [],
    name: String = String(describing: State.self)
  ) {
    self.name = name
    self.reducer = reducer
    self.middleware = middleware
    self.storage = StoreStorage(state: initialState)
  }

  deinit {
    for task in storage.effectTasks.values { task.task.cancel() }
  }

  /// The current state.
  ///
  /// ```swift
  /// let count = store.state.cart.items.count
  /// ```
  public var state: State {
    lock.withLock { storage.state }
  }

  // MARK: - Dispatch

  /// Sends an action to the store.
  ///
  /// When no other action is being processed, the action is processed before `dispatch`
  /// returns; otherwise it is queued behind the others and processed by the thread already
  /// processing.
  ///
  /// ```swift
  /// store.dispatch(.user(.setName("Ann")))
  /// ```
  ///
  /// - Parameter action: The action.
  @inlinable public func dispatch(_ action: Action) {
    if reducingThread.load(ordering: .relaxed) == CurrentThread.id {
      ProgrammerError.stop(
        "Store '\(name)': dispatch(\(action)) was called from inside a reducer; reducers must be pure. Dispatch from middleware, an effect or a subscriber instead."
      )
    }
    if isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      process(action)
      process(first: nil)
    } else {
      enqueue(.action(action))
    }
  }

  @usableFromInline func enqueue(_ work: StoreWork<State, Action>) {
    lock.withLock { storage.queue.append(work) }
    pending.add(1, ordering: .sequentiallyConsistent)
    // The processing thread may have finished meanwhile: then take over.
    if isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      process(first: nil)
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
  @inlinable func process(first: StoreWork<State, Action>?) {
    var next = first ?? nextQueued()
    while true {
      while let work = next {
        switch work {
        case .action(let action): process(action)
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
  @inlinable func process(_ incoming: Action) {
    var action = incoming
    if !middleware.isEmpty {
      let context = MiddlewareContext<State, Action>(
        currentState: { [unowned self] in self.state }, send: { [unowned self] in self.dispatch($0) })
      for step in middleware {
        guard let handed = step.handle(action, context) else {
          notifyDropped(incoming)
          return
        }
        action = handed
      }
    }
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
      process(action, from: before, to: &after, configuration)
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

  /// The rest of `process(_:)` when observers, slices, effects or a recorder are registered.
  @inlinable func process(
    _ action: Action, from before: State, to after: inout State, _ configuration: ProcessedConfiguration<State, Action>
  ) {
    let observing = configuration.notifiesActions
    let recorder = configuration.recorder
    // Observers get every action timed; a recording follows its timing (see `RecordingTiming`).
    let timed = observing || (recorder != nil && configuration.sampler.shouldTime())
    let start = timed ? DispatchTime.now().uptimeNanoseconds : 0
    // Two calls rather than an optional array: the common case then touches no array at all.
    if configuration.hasSlices {
      reduce(&after, action, slices: configuration.value.slices)
    } else {
      reduce(&after, action)
    }
    let duration = timed ? DispatchTime.now().uptimeNanoseconds &- start : ActionRecorder<State, Action>.untimed
    if timed { configuration.sampler.timed(duration) }

    let (subscribers, sequence) = lock.withLock {
      storage.state = after
      storage.sequence += 1
      recorder?._withUnsafeGuaranteedRef {
        $0.append(
          ActionRecorder.Entry(
            sequence: storage.sequence, action: action, before: before, after: after, durationNanos: duration,
            atNanos: start))
      }
      return (storage.subscribers, storage.sequence)
    }
    Self.notify(subscribers, of: after)
    if observing {
      let event = StoreEvent.action(
        StoreActionRecord(
          sequence: sequence, store: name, action: action, stateBefore: before, stateAfter: after,
          durationNanos: duration, atNanos: start))
      for observer in configuration.actionObservers { observer.receive(event) }
    }
    if configuration.hasEffects {
      startEffects(
        configuration.value.effects, for: action, state: after, sequence: sequence,
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

  // MARK: - Subscribing

  /// Calls `onChange` with the current state at once, then with every new state, in order,
  /// until the returned subscription is cancelled or released.
  ///
  /// The store holds the subscriber only through the subscription, so there is no reference
  /// cycle. Subscribing or unsubscribing from inside a notification is safe. If an action is
  /// being processed on another thread, the first call comes from that thread right after it.
  ///
  /// ```swift
  /// let subscription = store.subscribe { state in render(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - delivery: Where `onChange` runs; by default on the processing thread.
  ///   - onChange: Receives each state.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe(delivery: Delivery = .immediate, _ onChange: @escaping @Sendable (State) -> Void)
    -> StoreSubscription
  {
    let subscriber = StoreSubscriber<State>(deliver: delivery.wrap(onChange))
    if isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      process(first: .subscribe(subscriber))
    } else {
      enqueue(.subscribe(subscriber))
    }
    return StoreSubscription { [weak self] in self?.remove(subscriber) }
  }

  /// Registers a subscriber and gives it the current state; runs on the processing thread.
  @usableFromInline func activate(_ subscriber: StoreSubscriber<State>) {
    guard subscriber.isActive.load(ordering: .relaxed) else { return }
    let (state, observers, count) = lock.withLock {
      storage.subscribers.append(subscriber)
      return (storage.state, storage.configuration.observers, storage.subscribers.count)
    }
    subscriber.deliver(state)
    for observer in observers { observer.receive(.subscribersChanged(store: name, count: count)) }
  }

  private func remove(_ subscriber: StoreSubscriber<State>) {
    subscriber.isActive.store(false, ordering: .relaxed)
    let (observers, count) = lock.withLock {
      storage.subscribers.removeAll { $0 === subscriber }
      return (storage.configuration.observers, storage.subscribers.count)
    }
    for observer in observers { observer.receive(.subscribersChanged(store: name, count: count)) }
  }

  /// Calls `onChange` with a part of the state at once and whenever it changes: repeats of an
  /// `Equatable` value are skipped.
  ///
  /// ```swift
  /// let subscription = store.subscribe(\.user.name) { name in title = name }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - starting: Whether the current value is delivered first; by default it is (pass
  ///     `.changesOnly` for changes alone, as the atom graph's `subscribe` does by default).
  ///   - delivery: Where `onChange` runs.
  ///   - onChange: Receives the value at once (unless `.changesOnly`) and after each change.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable, starting: SubscriptionStart = .currentThenChanges,
    delivery: Delivery = .immediate, _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    select({ $0[keyPath: keyPath] }, starting: starting, delivery: delivery, onChange)
  }

  /// Calls `onChange` with a value derived from the state at once and whenever it changes:
  /// repeats are skipped.
  ///
  /// ```swift
  /// let subscription = store.select({ $0.cart.items.count }) { count in badge = count }
  /// ```
  ///
  /// - Parameters:
  ///   - transform: Derives the value from a state.
  ///   - starting: Whether the current value is delivered first; by default it is.
  ///   - delivery: Where `onChange` runs.
  ///   - onChange: Receives the value at once (unless `.changesOnly`) and after each change.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func select<Value: Equatable & Sendable>(
    _ transform: @escaping @Sendable (State) -> Value, starting: SubscriptionStart = .currentThenChanges,
    delivery: Delivery = .immediate, _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    let deliver = delivery.wrap(onChange)
    // Only the processing thread calls the subscriber, one state at a time. The first call
    // brings the current state: delivered, or only remembered for `.changesOnly`.
    let last = LockedValue<(seen: Bool, value: Value?)>((false, nil))
    return subscribe { state in
      let value = transform(state)
      let deliverIt = last.withLock { last in
        defer { last = (true, value) }
        return last.seen ? last.value != value : starting == .currentThenChanges
      }
      if deliverIt { deliver(value) }
    }
  }

  /// The states as an asynchronous sequence: the current state first, then every new one.
  ///
  /// ```swift
  /// for await state in store.states { print(state) }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .unbounded)
    let subscription = subscribe { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// How many subscribers the store has.
  ///
  /// ```swift
  /// print(store.subscriberCount)
  /// ```
  public var subscriberCount: Int {
    lock.withLock { storage.subscribers.count }
  }

  // MARK: - Observers

  /// Call under `lock` after changing `storage.configuration`.
  func configurationChanged() {
    hasNoConfiguration.store(storage.configuration.isEmpty, ordering: .releasing)
    configurationVersion.add(1, ordering: .releasing)
  }

  /// Registers an observer of everything the store does.
  ///
  /// ```swift
  /// let token = store.addObserver(recorder)
  /// ```
  ///
  /// - Parameter observer: The observer.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ observer: any StoreObserver) -> ObjectIdentifier {
    lock.withLock {
      storage.configuration.observers.append(observer)
      configurationChanged()
    }
    return ObjectIdentifier(observer)
  }

  /// Reads every observer's ``StoreObserver/wantsActions`` again before the next action.
  ///
  /// The store reads it when observers are added or removed; an observer whose answer
  /// changes calls this.
  ///
  /// ```swift
  /// log.isEnabled = true
  /// store.observerInterestsChanged()
  /// ```
  public func observerInterestsChanged() {
    lock.withLock { configurationChanged() }
  }

  /// Removes an observer.
  ///
  /// ```swift
  /// store.removeObserver(token)
  /// ```
  ///
  /// - Parameter token: What ``addObserver(_:)`` returned.
  public func removeObserver(_ token: ObjectIdentifier) {
    lock.withLock {
      storage.configuration.observers.removeAll { ObjectIdentifier($0) == token }
      configurationChanged()
    }
  }
}

/// An item in a store's queue.
@usableFromInline enum StoreWork<State: Sendable, Action: Sendable> {
  case action(Action)
  case subscribe(StoreSubscriber<State>)
}

/// A subscriber's callback and whether it is still subscribed.
@usableFromInline final class StoreSubscriber<State: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (State) -> Void
  @usableFromInline let isActive = Atomic<Bool>(true)

  @usableFromInline init(deliver: @escaping @Sendable (State) -> Void) {
    self.deliver = deliver
  }
}

/// A store's mutable parts, guarded by its lock.
@usableFromInline final class StoreStorage<State: Sendable, Action: Sendable> {
  @usableFromInline @exclusivity(unchecked) var state: State
  @usableFromInline @exclusivity(unchecked) var sequence = 0
  @usableFromInline @exclusivity(unchecked) var queue: [StoreWork<State, Action>] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  @usableFromInline @exclusivity(unchecked) var subscribers: [StoreSubscriber<State>] = []
  @usableFromInline @exclusivity(unchecked) var configuration = StoreConfiguration<State, Action>()
  /// The configuration as the processing thread last read it, and its version: only the
  /// thread holding the processing role (`isProcessing`) touches these, so it reads the
  /// configuration under the lock only after a change.
  @usableFromInline @exclusivity(unchecked) var processedConfiguration: ProcessedConfiguration<State, Action>?
  @usableFromInline @exclusivity(unchecked) var processedConfigurationVersion = -1
  @usableFromInline @exclusivity(unchecked) var effectTasks: [Int: (id: String, task: Task<Void, Never>)] = [:]
  @usableFromInline @exclusivity(unchecked) var nextEffectRun = 0
  @usableFromInline @exclusivity(unchecked) var selectors: [String: [String]] = [:]

  @usableFromInline init(state: State) {
    self.state = state
  }
}

/// A configuration as the processing thread read it: held by reference, so that using it for
/// an action costs no retain (see `currentConfiguration()`).
@usableFromInline final class ProcessedConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline let value: StoreConfiguration<State, Action>
  /// `value.actionRecorder`, which keeps it alive, for use without a retain.
  @usableFromInline let recorder: Unmanaged<ActionRecorder<State, Action>>?
  /// Which actions the recorder times. A new copy of the configuration starts afresh, which
  /// also brings in a change of the recorder's timing.
  @usableFromInline @exclusivity(unchecked) var sampler: TimingSampler
  /// The observers that want action events, as they said when this copy was made.
  @usableFromInline let actionObservers: [any StoreObserver]
  // Read for every action, as flags, so that no array is touched when there is nothing to do.
  @usableFromInline let notifiesActions: Bool
  @usableFromInline let hasSlices: Bool
  @usableFromInline let hasEffects: Bool

  @usableFromInline init(_ value: StoreConfiguration<State, Action>) {
    self.value = value
    recorder = value.actionRecorder.map { Unmanaged.passUnretained($0) }
    sampler = TimingSampler(value.actionRecorder?.timing ?? .sampled)
    actionObservers = value.observers.filter(\.wantsActions)
    notifiesActions = !actionObservers.isEmpty
    hasSlices = !value.slices.isEmpty
    hasEffects = !value.effects.isEmpty
  }
}

/// What can be registered on a store after its creation.
@usableFromInline struct StoreConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline var observers: [any StoreObserver] = []
  @usableFromInline var slices: [SliceRegistration<State, Action>] = []
  @usableFromInline var effects: [Effect<State, Action>] = []
  @usableFromInline var actionRecorder: ActionRecorder<State, Action>?

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { observers.isEmpty && slices.isEmpty && effects.isEmpty && actionRecorder == nil }
}
