import Foundation
import RecoilConcurrency

/// What the inspector's remote control does to a store: hold the app's actions while the
/// store shows an earlier state, put a state in place, and reduce recorded actions again.
extension Store {
  /// Holds every action dispatched from now on (and subscriptions made) in the queue, in
  /// order, until ``releaseHeldActions()``: the store takes the processing role itself, so
  /// that nothing is reduced while it shows an earlier state. Waits for an action being
  /// processed on another thread to finish; never call it from the store's own subscribers.
  ///
  /// ```swift
  /// store.holdActions()
  /// store.replaceState(earlier)
  /// ```
  package func holdActions() {
    while !_isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      // Another thread is processing an action: it gives the role up when its queue is empty.
      Thread.sleep(forTimeInterval: 0.000_2)
    }
  }

  /// Processes what was held since ``holdActions()``, in order, as if it had just been
  /// dispatched (middleware, reducers, effects), then lets actions through again.
  ///
  /// ```swift
  /// store.replaceState(present)
  /// store.releaseHeldActions()
  /// ```
  package func releaseHeldActions() {
    _drainQueue(startingWith: nil)
  }

  /// How many actions (and subscriptions) wait behind ``holdActions()``.
  ///
  /// ```swift
  /// print(store.heldCount)
  /// ```
  package var heldCount: Int { _pending.load(ordering: .sequentiallyConsistent) }

  /// Puts `state` in place and tells subscribers, without an action: for a jump through the
  /// recorded history, or a replay computed apart. Middleware, reducers, effects and observers
  /// see nothing.
  ///
  /// ```swift
  /// store.replaceState(recordedStateAfterAction12)
  /// ```
  package func replaceState(_ state: State) {
    let subscribers = _lock.withLock {
      _storage._state = state
      return _storage._subscribers
    }
    Self._notify(subscribers, of: state)
  }

  /// `state` reduced by `actions`, in order, through the store's reducer and slice reducers,
  /// apart from the store: nothing is published, no middleware or effect runs.
  ///
  /// ```swift
  /// let withoutSeven = store.reduced(initial, by: log.filter { $0.sequence != 7 }.map(\.action))
  /// ```
  package func reduced(_ state: State, by actions: [Action]) -> State {
    let slices = _lock.withLock { _storage._configuration._slices }
    var state = state
    for action in actions { _reduce(&state, action, slices: slices) }
    return state
  }
}
