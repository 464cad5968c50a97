import Synchronization

/// Whether a subscription has ended, shared by its token and its deliveries: a callback already
/// on its way to a queue or the main actor when the subscription ends does not start, so once
/// `cancel()` returns on the subscriber's queue or actor, no callback runs there.
///
/// ```swift
/// let end = SubscriptionEnd()
/// let deliver = Delivery.mainActor.wrap(unlessEnded: end) { (count: Int) in label.text = "\(count)" }
/// _ = end.end()  // a `deliver` already on its way to the main actor does nothing
/// ```
package final class SubscriptionEnd: Sendable {
  private let ended = Atomic<Bool>(false)

  package init() {}

  /// Ends the subscription; says whether this call ended it (false when it had ended already).
  package func end() -> Bool {
    !ended.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// Whether the subscription has ended.
  package var hasEnded: Bool { ended.load(ordering: .acquiring) }
}
