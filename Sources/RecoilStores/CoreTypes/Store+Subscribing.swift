import Dispatch
import RecoilConcurrency
import Synchronization

/// Subscribing to a store's state, whole or through a selected value.
extension Store {
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
  /// The inspector names a subscription by its `label`, or by default by where it was made
  /// (`Shop/CartView.swift:18`, free at run time), and shows which ones each action's
  /// notification reached and how long each callback took.
  ///
  /// - Parameters:
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - delivery: Where `onChange` runs; by default on the processing thread.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives each state.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe(
    label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (State) -> Void
  ) -> StoreSubscription {
    subscribe(label: label, site: CallSite(file: file, line: line), delivery: delivery, onChange)
  }

  /// ``subscribe(label:delivery:file:line:_:)`` with the site given, which the store's own
  /// subscribing methods pass on from their callers.
  func subscribe(
    label: String?, site: CallSite, delivery: Delivery = .immediate, end: SubscriptionEnd = SubscriptionEnd(),
    _ onChange: @escaping @Sendable (State) -> Void
  ) -> StoreSubscription {
    let tally = SubscriberTally(
      id: subscriberIDs.add(1, ordering: .relaxed).newValue, label: label, site: site, recording: subscriberRecording)
    // Counted and timed where it really runs: after any hop to its queue or the main actor;
    // an immediate one by the recording store's notification, so that a store that does not
    // record calls it with nothing in between.
    let talliesWhereItRuns = !delivery.isImmediate
    let subscriber = _StoreSubscriber<State>(
      deliver: talliesWhereItRuns
        ? delivery.wrap(unlessEnded: end) { (state: State) in tally.call { onChange(state) } } : onChange,
      tally: tally, talliesWhereItRuns: talliesWhereItRuns)
    if _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      _drainQueue(startingWith: .subscribe(subscriber))
    } else {
      _enqueue(.subscribe(subscriber))
    }
    return StoreSubscription(end: end) { [weak self] in self?.remove(subscriber) }
  }

  /// Calls `onChange` with the current state at once, then with every new state that `skip`
  /// does not rule a repeat of the last one delivered: a subscriber's own rule, as ReSwift's
  /// `skipRepeats(_:)`.
  ///
  /// ```swift
  /// let subscription = store.subscribe(skip: { old, new in old.cart.items.count == new.cart.items.count }) { state in
  ///   badge.count = state.cart.items.count
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - delivery: Where `onChange` runs; by default on the processing thread.
  ///   - skip: Whether a new state repeats the last one delivered (old, new), and is skipped.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives each state not skipped.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe(
    label: String? = nil, delivery: Delivery = .immediate, skip: @escaping @Sendable (State, State) -> Bool,
    file: StaticString = #fileID, line: UInt = #line, _ onChange: @escaping @Sendable (State) -> Void
  ) -> StoreSubscription {
    subscribe(label: label, site: CallSite(file: file, line: line), delivery: delivery, skip: skip, onChange)
  }

  /// ``subscribe(label:delivery:skip:file:line:_:)`` with the site given.
  func subscribe(
    label: String?, site: CallSite, delivery: Delivery, skip: @escaping @Sendable (State, State) -> Bool,
    _ onChange: @escaping @Sendable (State) -> Void
  ) -> StoreSubscription {
    // The rule is applied where the states arrive, one at a time, before any hop to `delivery`.
    let last = LockedValue<State?>(nil)
    let end = SubscriptionEnd()
    let deliver = delivery.wrap(unlessEnded: end, onChange)
    return subscribe(label: label, site: site, end: end) { state in
      let repeats = last.withLock { last in
        defer { last = state }
        return last.map { skip($0, state) } ?? false
      }
      if !repeats { deliver(state) }
    }
  }

  /// Registers a subscriber and gives it the current state; runs on the processing thread.
  @usableFromInline func _activate(_ subscriber: _StoreSubscriber<State>) {
    guard subscriber._isActive.load(ordering: .relaxed) else { return }
    let (state, observers, count) = _lock.withLock {
      _storage._subscribers.append(subscriber)
      subscribersChanged()
      return (_storage._state, _storage._configuration._observers, _storage._subscribers.count)
    }
    subscriber._deliver(state)
    for observer in observers { observer.receive(.subscribersChanged(store: name, count: count)) }
  }

  private func remove(_ subscriber: _StoreSubscriber<State>) {
    subscriber._isActive.store(false, ordering: .relaxed)
    let (observers, count) = _lock.withLock {
      _storage._subscribers.removeAll { $0 === subscriber }
      subscribersChanged()
      return (_storage._configuration._observers, _storage._subscribers.count)
    }
    for observer in observers { observer.receive(.subscribersChanged(store: name, count: count)) }
  }

  /// The list of subscribers is a new one: a recording keeps it, for the actions that notify
  /// it. Called under the lock.
  func subscribersChanged() {
    _storage._subscriberGeneration &+= 1
    _storage._configuration._actionRecorder?.noteSubscribers(
      _storage._subscribers.map(\.tally), generation: _storage._subscriberGeneration)
  }

  /// Calls `onChange` with a part of the state at once and whenever it changes: repeats of an
  /// `Equatable` value are skipped, or those `skip` rules repeats.
  ///
  /// ```swift
  /// let subscription = store.subscribe(\.user.name) { name in title = name }
  /// let prices = store.subscribe(\.prices, skip: { old, new in abs(old.total - new.total) < 0.01 }) { show($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - starting: Whether the current value is delivered first; by default it is (pass
  ///     `.changesOnly` for changes alone, as the atom graph's `subscribe` does by default).
  ///   - skip: Whether a new value repeats the last one (old, new); by default `==`.
  ///   - delivery: Where `onChange` runs.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives the value at once (unless `.changesOnly`) and after each change.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable, label: String? = nil,
    starting: SubscriptionStart = .currentThenChanges, skip: (@Sendable (Value, Value) -> Bool)? = nil,
    delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    select(
      { $0[keyPath: keyPath] }, label: label, site: CallSite(file: file, line: line), starting: starting,
      skip: skip ?? { $0 == $1 }, delivery: delivery, onChange)
  }

  /// Calls `onChange` with a part of the state at once and whenever `skip` does not rule the
  /// new value a repeat of the last: for a value that is not `Equatable`.
  ///
  /// ```swift
  /// let subscription = store.subscribe(\.session, skip: { $0.id == $1.id }) { session in reconnect(session) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - starting: Whether the current value is delivered first; by default it is.
  ///   - skip: Whether a new value repeats the last one (old, new), and is skipped.
  ///   - delivery: Where `onChange` runs.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives the value at once (unless `.changesOnly`) and after each change.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe<Value: Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable, label: String? = nil,
    starting: SubscriptionStart = .currentThenChanges, skip: @escaping @Sendable (Value, Value) -> Bool,
    delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    select(
      { $0[keyPath: keyPath] }, label: label, site: CallSite(file: file, line: line), starting: starting, skip: skip,
      delivery: delivery, onChange)
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
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - starting: Whether the current value is delivered first; by default it is.
  ///   - delivery: Where `onChange` runs.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives the value at once (unless `.changesOnly`) and after each change.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func select<Value: Equatable & Sendable>(
    _ transform: @escaping @Sendable (State) -> Value, label: String? = nil,
    starting: SubscriptionStart = .currentThenChanges, delivery: Delivery = .immediate, file: StaticString = #fileID,
    line: UInt = #line, _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    select(
      transform, label: label, site: CallSite(file: file, line: line), starting: starting, skip: { $0 == $1 },
      delivery: delivery, onChange)
  }

  /// ``select(_:label:starting:delivery:file:line:_:)`` with the site and the rule for repeats
  /// given.
  func select<Value: Sendable>(
    _ transform: @escaping @Sendable (State) -> Value, label: String?, site: CallSite, starting: SubscriptionStart,
    skip: @escaping @Sendable (Value, Value) -> Bool, delivery: Delivery,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    let end = SubscriptionEnd()
    let deliver = delivery.wrap(unlessEnded: end, onChange)
    // Only the processing thread calls the subscriber, one state at a time. The first call
    // brings the current state: delivered, or only remembered for `.changesOnly`.
    let last = LockedValue<Value?>(nil)
    return subscribe(label: label, site: site, end: end) { state in
      let value = transform(state)
      let deliverIt = last.withLock { last in
        defer { last = value }
        return last.map { !skip($0, value) } ?? (starting == .currentThenChanges)
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
    _lock.withLock { _storage._subscribers.count }
  }
}

/// Whole-state subscribers of an `Equatable` state skip repeats, as ReSwift's subscribers do by
/// default (Redux.js calls every listener on every dispatch; a state that is not `Equatable`
/// is delivered after every action here too): the same rule as a key path's subscriber.
extension Store where State: Equatable {
  /// Calls `onChange` with the current state at once, then with every new state unequal to
  /// the last one delivered: an action that left the state as it was reaches no one.
  ///
  /// ```swift
  /// let subscription = store.subscribe { state in render(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - delivery: Where `onChange` runs; by default on the processing thread.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives each new state.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe(
    label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (State) -> Void
  ) -> StoreSubscription {
    subscribe(label: label, site: CallSite(file: file, line: line), delivery: delivery, skip: { $0 == $1 }, onChange)
  }

  /// The distinct states as an asynchronous sequence: the current state first, then every new
  /// one unequal to the one before.
  ///
  /// ```swift
  /// for await state in store.states { print(state) }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .unbounded)
    let subscription = subscribe(label: nil, site: .unknown, delivery: .immediate, skip: { $0 == $1 }) {
      continuation.yield($0)
    }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }
}
