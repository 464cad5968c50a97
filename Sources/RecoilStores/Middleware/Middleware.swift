import RecoilConcurrency

/// Sees every action on its way to the reducers. In the first form it runs before them: it can
/// pass the action on, replace it, drop it, log it, or dispatch others (which are queued behind
/// the current action). The second form, ``wrapping(_:)``, is Redux's: it wraps the rest of
/// the chain and the reducers, calls `next` to run them, and sees the state after.
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
  /// Runs the middleware for one action; `next` runs the rest of the chain and the reducers.
  @usableFromInline let _run: @Sendable (Action, MiddlewareContext<State, Action>, (Action) -> Void) -> Void

  /// Creates a middleware that runs before the reducers.
  ///
  /// ```swift
  /// let uppercase = Middleware<State, Action> { action, _ in action.normalized() }
  /// ```
  ///
  /// - Parameter handle: Receives each action and what it may use of the store; returns the
  ///   action to hand on (possibly a different one), or `nil` to drop it.
  public init(_ handle: @escaping @Sendable (Action, MiddlewareContext<State, Action>) -> Action?) {
    _run = { action, context, next in
      if let handed = handle(action, context) { next(handed) }
    }
  }

  private init(run: @escaping @Sendable (Action, MiddlewareContext<State, Action>, (Action) -> Void) -> Void) {
    self._run = run
  }

  /// Creates a middleware that wraps the rest of the chain and the reducers, as Redux's
  /// `store => next => action` does. `next` runs them, synchronously; afterwards
  /// `context.state` is the state after the action. Not calling `next` drops the action;
  /// calling it with another action hands that one on instead.
  ///
  /// ```swift
  /// let timing = Middleware<AppState, AppAction>.wrapping { action, context, next in
  ///   let start = ContinuousClock.now
  ///   next(action)
  ///   print(action, "took", ContinuousClock.now - start, "items now", context.state.cart.items.count)
  /// }
  /// let onlyWhenSignedIn = Middleware<AppState, AppAction>.wrapping { action, context, next in
  ///   if context.state.user.signedIn { next(action) }
  /// }
  /// ```
  ///
  /// - Parameter body: Receives each action, what it may use of the store, and `next`.
  /// - Returns: The middleware.
  public static func wrapping(
    _ body: @escaping @Sendable (Action, MiddlewareContext<State, Action>, _ next: (Action) -> Void) -> Void
  ) -> Middleware {
    Middleware(run: body)
  }
}

/// What a middleware may use of its store. A middleware may keep it past its call, to
/// dispatch a request's reply from a task, say: it does not keep the store alive, and once the
/// store has gone, dispatching through it does nothing.
///
/// ```swift
/// Middleware<AppState, AppAction> { action, context in
///   if case .checkout = action, context.state.cart.isEmpty { return nil }
///   return action
/// }
/// ```
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let _currentState: @Sendable () -> State
  @usableFromInline let _send: @Sendable (Action, CallSite) -> Void

  @usableFromInline init(
    currentState: @escaping @Sendable () -> State, send: @escaping @Sendable (Action, CallSite) -> Void
  ) {
    self._currentState = currentState
    self._send = send
  }

  /// The store's state: before the current action, or, in a ``Middleware/wrapping(_:)``
  /// middleware after `next` returned, after it; read later, the store's state then. Once the
  /// store has gone, the state it had when the action began.
  public var state: State { _currentState() }

  /// Dispatches another action; it runs after the current one completes.
  ///
  /// ```swift
  /// context.dispatch(.analytics(.tracked(action)))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - file: Where it is dispatched, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is dispatched; filled in by the compiler.
  public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
    _send(action, CallSite(file: file, line: line))
  }
}
