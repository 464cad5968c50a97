import Dispatch

/// Where a subscriber's callback runs, for atom containers and stores alike.
///
/// ```swift
/// container.subscribe(CartState.total, delivery: .mainActor) { total in label.text = "\(total)" }
/// container.subscribe(CartState.total, delivery: .queue(.global())) { total in log(total) }
/// ```
public enum Delivery: Sendable {
  /// On the thread that made the change, right after the container's lock is released.
  case immediate
  /// Asynchronously on a dispatch queue, in order when the queue is serial.
  case queue(DispatchQueue)
  /// On the main actor, for user interfaces.
  case mainActor

  /// Whether callbacks run at once on the changing thread.
  ///
  /// ```swift
  /// Delivery.immediate.isImmediate  // true
  /// ```
  package var isImmediate: Bool {
    if case .immediate = self { true } else { false }
  }

  /// Wraps a callback so that calling the result runs `callback` where this delivery says, with
  /// the cause bound where it was called (see `CauseContext`).
  ///
  /// ```swift
  /// let onMain = Delivery.mainActor.wrap { (count: Int) in label.text = "\(count)" }
  /// onMain(3)
  /// ```
  ///
  /// - Parameter callback: The subscriber's callback.
  /// - Returns: A callback that forwards to `callback` on the chosen queue or actor.
  public func wrap<Value: Sendable>(_ callback: @escaping @Sendable (Value) -> Void) -> @Sendable (Value) -> Void {
    switch self {
    case .immediate:
      return callback
    case .queue(let queue):
      // The cause bound where the change happened goes with the callback (see `CauseContext`).
      return { value in
        let cause = CauseContext.current
        queue.async { CauseContext.withCause(cause) { callback(value) } }
      }
    case .mainActor:
      return { value in
        let cause = CauseContext.current
        Task { @MainActor in CauseContext.withCause(cause) { callback(value) } }
      }
    }
  }

  /// ``wrap(_:)`` for a subscription: a callback on its way to a queue or the main actor does
  /// not start once `end` says the subscription has ended. An immediate one runs at once, on
  /// the changing thread, so it has nothing to check.
  ///
  /// ```swift
  /// let deliver = delivery.wrap(unlessEnded: end) { (state: State) in onChange(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - end: The subscription's end, shared with its token.
  ///   - callback: The subscriber's callback.
  /// - Returns: A callback that forwards to `callback` where this delivery says, while the
  ///   subscription lasts.
  package func wrap<Value: Sendable>(
    unlessEnded end: SubscriptionEnd, _ callback: @escaping @Sendable (Value) -> Void
  ) -> @Sendable (Value) -> Void {
    if isImmediate { return callback }
    return wrap { value in if !end.hasEnded { callback(value) } }
  }
}
