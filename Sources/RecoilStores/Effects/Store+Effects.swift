import RecoilConcurrency

extension Store {
  /// Adds an effect; it starts for matching actions dispatched from now on.
  ///
  /// ```swift
  /// store.addEffect(search)
  /// ```
  ///
  /// - Parameter effect: The effect.
  public func addEffect(_ effect: Effect<State, Action>) {
    _lock.withLock {
      _storage._configuration._effects.append(effect)
      configurationChanged()
    }
  }

  /// Cancels the runs in flight of the effect with this id.
  ///
  /// ```swift
  /// store.cancelEffects(id: "search")
  /// ```
  ///
  /// - Parameter id: The effect's id.
  public func cancelEffects(id: String) {
    let tasks = _lock.withLock { _storage._effectTasks.values.filter { $0.id == id }.map(\.task) }
    for task in tasks { task.cancel() }
  }

  /// How many effect runs are in flight.
  ///
  /// ```swift
  /// #expect(store.runningEffectCount == 0)
  /// ```
  public var runningEffectCount: Int {
    _lock.withLock { _storage._effectTasks.count }
  }

  @usableFromInline func _startEffects(
    _ effects: [Effect<State, Action>], for action: Action, state: State, sequence: Int, cause: UInt64,
    observers: [any StoreObserver]
  ) {
    for effect in effects where effect.matches(action) {
      if effect.cancelsInFlight { cancelEffects(id: effect.id) }
      let context = EffectContext<Action> { [weak self] in self?._dispatch($0, at: $1) }
      let storeName = name
      let run = _lock.withLock {
        _storage._nextEffectRun += 1
        return _storage._nextEffectRun
      }
      // A recording store places the start in the causal order; the effect's task carries it,
      // so what the effect dispatches names it.
      let order = cause == 0 ? 0 : CausalOrder.next()
      for observer in observers {
        observer.receive(
          .effectStarted(store: storeName, effect: effect.id, run: run, sequence: sequence, order: order))
      }
      // The task is created while the lock is held, so it cannot remove its entry before it
      // was added.
      _lock.withLock {
        _storage._effectTasks[run] = (
          effect.id,
          Task { [weak self] in
            let event: StoreEvent
            do {
              if order == 0 {
                try await effect.run(action, state, context)
              } else {
                try await CauseContext.withTaskCause(order) { try await effect.run(action, state, context) }
              }
              event =
                Task.isCancelled
                ? .effectCancelled(store: storeName, effect: effect.id, run: run)
                : .effectFinished(store: storeName, effect: effect.id, run: run)
            } catch is CancellationError {
              event = .effectCancelled(store: storeName, effect: effect.id, run: run)
            } catch {
              event = .effectFailed(store: storeName, effect: effect.id, run: run, error: error)
            }
            guard let self else { return }
            let observers = self._lock.withLock {
              self._storage._effectTasks[run] = nil
              return self._storage._configuration._observers
            }
            for observer in observers { observer.receive(event) }
          }
        )
      }
    }
  }
}
