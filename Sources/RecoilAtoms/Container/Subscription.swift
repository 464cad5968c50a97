import Synchronization

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
  private let isCancelled = Atomic<Bool>(false)

  init(container: AtomContainer, slot: _NodeSlot, id: UInt64) {
    self.container = container
    self.slot = slot
    self.id = id
  }

  /// Ends the subscription. Calling it again does nothing.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    guard !isCancelled.exchange(true, ordering: .relaxed) else { return }
    container?.unsubscribe(slot: slot, id: id)
  }

  deinit {
    cancel()
  }
}
