import RecoilConcurrency

/// Keeps a store subscription alive: it ends when ``cancel()`` is called or the token is
/// released.
///
/// ```swift
/// var subscriptions: [StoreSubscription] = []
/// subscriptions.append(store.subscribe { render($0) })
/// subscriptions.removeAll()  // unsubscribes
/// ```
public final class StoreSubscription: Sendable {
  private let onCancel: @Sendable () -> Void
  /// Shared with its deliveries: one on its way to a queue or the main actor does not start
  /// once this has ended.
  private let end: SubscriptionEnd

  init(end: SubscriptionEnd = SubscriptionEnd(), onCancel: @escaping @Sendable () -> Void) {
    self.end = end
    self.onCancel = onCancel
  }

  /// Ends the subscription: once this returns, no callback starts on the subscriber's thread,
  /// queue or actor (one already on its way to a queue or the main actor does nothing).
  /// Calling it again does nothing.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    guard end.end() else { return }
    onCancel()
  }

  deinit {
    cancel()
  }
}
