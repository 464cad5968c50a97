import Synchronization

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
  private let isCancelled = Atomic<Bool>(false)

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// Ends the subscription; no callback starts after this returns on the subscriber's thread.
  /// Calling it again does nothing.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    guard !isCancelled.exchange(true, ordering: .relaxed) else { return }
    onCancel()
  }

  deinit {
    cancel()
  }
}
