/// Sees every action before the reducers: it can pass it on, replace it, drop it, log it, or
/// dispatch others (which are queued behind the current action).
///
/// ```swift
/// let logger = Middleware<AppState, AppAction> { action, context in
///   print("→", action, "in", context.state)
///   return action           // pass on unchanged
/// }
/// let noAnalyticsInTests = Middleware<AppState, AppAction> { action, _ in
///   if case .analytics = action { return nil }  // drop
///   return action
/// }
/// ```
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  /// Returns the action to hand on (possibly a different one), or `nil` to drop it.
  public let handle: @Sendable (Action, MiddlewareContext<State, Action>) -> Action?

  /// Creates a middleware.
  ///
  /// ```swift
  /// let uppercase = Middleware<State, Action> { action, _ in action.normalized() }
  /// ```
  ///
  /// - Parameter handle: Receives each action and what it may use of the store.
  public init(_ handle: @escaping @Sendable (Action, MiddlewareContext<State, Action>) -> Action?) {
    self.handle = handle
  }
}

/// What a middleware may use of its store.
///
/// ```swift
/// Middleware<AppState, AppAction> { action, context in
///   if case .checkout = action, context.state.cart.isEmpty { return nil }
///   return action
/// }
/// ```
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let currentState: @Sendable () -> State
  @usableFromInline let send: @Sendable (Action) -> Void

  @usableFromInline init(currentState: @escaping @Sendable () -> State, send: @escaping @Sendable (Action) -> Void) {
    self.currentState = currentState
    self.send = send
  }

  /// The state before the current action.
  public var state: State { currentState() }

  /// Dispatches another action; it runs after the current one completes.
  ///
  /// ```swift
  /// context.dispatch(.analytics(.tracked(action)))
  /// ```
  ///
  /// - Parameter action: The action.
  public func dispatch(_ action: Action) { send(action) }
}
