import Dispatch
import RecoilConcurrency
import Synchronization

/// An item in a store's queue.
@usableFromInline enum StoreWork<State: Sendable, Action: Sendable> {
  case action(Action)
  case subscribe(StoreSubscriber<State>)
}
