import Dispatch
import RecoilConcurrency
import Synchronization

/// A subscriber's callback, whether it is still subscribed, and its label and what a
/// recording store learns of it.
@usableFromInline final class _StoreSubscriber<State: Sendable>: Sendable {
  @usableFromInline let _deliver: @Sendable (State) -> Void
  @usableFromInline let _isActive = Atomic<Bool>(true)
  @usableFromInline let _tally: SubscriberTally
  /// Whether `_deliver` runs the tally itself (a subscriber delivered on a queue or the main
  /// actor, timed where it really runs); otherwise a recording store's notification does.
  @usableFromInline let _talliesWhereItRuns: Bool

  init(deliver: @escaping @Sendable (State) -> Void, tally: SubscriberTally, talliesWhereItRuns: Bool) {
    self._deliver = deliver
    self._tally = tally
    self._talliesWhereItRuns = talliesWhereItRuns
  }

  /// Its label and what a recording store learns of it.
  var tally: SubscriberTally { _tally }
}
