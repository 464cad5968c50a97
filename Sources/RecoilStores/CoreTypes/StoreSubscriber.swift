import Dispatch
import RecoilConcurrency
import Synchronization

/// A subscriber's callback and whether it is still subscribed.
@usableFromInline final class _StoreSubscriber<State: Sendable>: Sendable {
  @usableFromInline let _deliver: @Sendable (State) -> Void
  @usableFromInline let _isActive = Atomic<Bool>(true)

  @usableFromInline init(deliver: @escaping @Sendable (State) -> Void) {
    self._deliver = deliver
  }
}
