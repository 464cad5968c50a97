import RecoilConcurrency

/// Keeps a subscription alive: it ends when ``cancel()`` is called or the token is released.
///
/// ```swift
/// var subscriptions: [Subscription] = []
/// subscriptions.append(container.subscribe(CartState.total) { print($0) })
/// subscriptions.removeAll()  // unsubscribes
/// ```
public final class Subscription: Sendable {
  private weak let container: AtomContainer?
  /// Read only by the container, under its lock.
  private let slot: _NodeSlot
  private let id: UInt64
  /// Shared with its deliveries: one on its way to a queue or the main actor does not start
  /// once this has ended.
  private let end: SubscriptionEnd

  init(container: AtomContainer, slot: _NodeSlot, id: UInt64, end: SubscriptionEnd) {
    self.container = container
    self.slot = slot
    self.id = id
    self.end = end
  }

  /// Ends the subscription: once this returns, no callback starts on the subscriber's queue or
  /// actor (one already on its way there does nothing). Calling it again does nothing.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    guard end.end() else { return }
    container?.unsubscribe(slot: slot, id: id)
  }

  deinit {
    cancel()
  }
}
