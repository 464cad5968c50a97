import Dispatch
import RecoilConcurrency
import Synchronization

/// An item in a store's queue.
@usableFromInline enum StoreWork<State: Sendable, Action: Sendable> {
  case action(Action)
  /// An action of a replayed log: reducers only, no middleware and no effects.
  case replay(Action)
  case subscribe(StoreSubscriber<State>)
}
