import Dispatch
import RecoilConcurrency
import Synchronization

/// A subscriber's callback, whether it is still subscribed, and its label and what a
/// recording store learns of it.
@usableFromInline final class _StoreSubscriber<State: Sendable>: Sendable {
  @usableFromInline let _deliver: @Sendable (State) -> Void
  @usableFromInline let _isActive = Atomic<Bool>(true)
  let tally: SubscriberTally

  init(deliver: @escaping @Sendable (State) -> Void, tally: SubscriberTally) {
    self._deliver = deliver
    self.tally = tally
  }
}
