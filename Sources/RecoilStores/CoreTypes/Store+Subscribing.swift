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
  /// - Parameters:
  ///   - delivery: Where `onChange` runs; by default on the processing thread.
  ///   - onChange: Receives each state.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe(delivery: Delivery = .immediate, _ onChange: @escaping @Sendable (State) -> Void)
    -> StoreSubscription
  {
    let subscriber = _StoreSubscriber<State>(deliver: delivery.wrap(onChange))
    if _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      _drainQueue(startingWith: .subscribe(subscriber))
    } else {
      _enqueue(.subscribe(subscriber))
    }
    return StoreSubscription { [weak self] in self?.remove(subscriber) }
  }

  /// Registers a subscriber and gives it the current state; runs on the processing thread.
  @usableFromInline func _activate(_ subscriber: _StoreSubscriber<State>) {
    guard subscriber._isActive.load(ordering: .relaxed) else { return }
    let (state, observers, count) = _lock.withLock {
      _storage._subscribers.append(subscriber)
      return (_storage._state, _storage._configuration._observers, _storage._subscribers.count)
    }
    subscriber._deliver(state)
    for observer in observers { observer.receive(.subscribersChanged(store: name, count: count)) }
  }

  private func remove(_ subscriber: _StoreSubscriber<State>) {
    subscriber._isActive.store(false, ordering: .relaxed)
    let (observers, count) = _lock.withLock {
      _storage._subscribers.removeAll { $0 === subscriber }
      return (_storage._configuration._observers, _storage._subscribers.count)
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
    _lock.withLock { _storage._subscribers.count }
  }
}
