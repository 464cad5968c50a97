import Dispatch
import RecoilConcurrency
import Synchronization

/// An item in a store's queue.
@usableFromInline enum StoreWork<State: Sendable, Action: Sendable> {
  /// An action with where it was dispatched and, when it was queued while recording, the
  /// cause bound at dispatch (0 otherwise: processing then reads the cause bound on its thread).
  case action(Action, CallSite, cause: UInt64)
  /// An action of a replayed log: reducers only, no middleware and no effects.
  case replay(Action)
  case subscribe(StoreSubscriber<State>)
}
