import Dispatch
import RecoilConcurrency
import Synchronization

/// A subscriber's callback and whether it is still subscribed.
@usableFromInline final class StoreSubscriber<State: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (State) -> Void
  @usableFromInline let isActive = Atomic<Bool>(true)

  @usableFromInline init(deliver: @escaping @Sendable (State) -> Void) {
    self.deliver = deliver
  }
}
