import RecoilConcurrency

/// An asynchronous side effect started by actions (RxStore's `createEffect`): it gets the
/// action and the state after it, and may send actions back.
///
/// ```swift
/// let search = Effect<AppState, AppAction>(id: "search", cancelsInFlight: true, when: {
///   if case .search = $0 { true } else { false }
/// }) { action, state, context in
///   let results = try await api.search(state.query)
///   context.send(.searchResults(results))
/// }
/// store.addEffect(search)
/// ```
public struct Effect<State: Sendable, Action: Sendable>: Sendable {
  /// The effect's id, used to cancel it and shown by the inspector.
  public let id: String
  /// Whether a new run cancels the runs of this effect still in flight.
  public let cancelsInFlight: Bool
  let matches: @Sendable (Action) -> Bool
  let run: @Sendable (Action, State, EffectContext<Action>) async throws -> Void

  /// Creates an effect.
  ///
  /// ```swift
  /// let log = Effect<AppState, AppAction>(id: "log", when: { _ in true }) { action, _, _ in await logger.log(action) }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's id.
  ///   - cancelsInFlight: Whether a new run cancels runs still in flight.
  ///   - when: Chooses the actions that start the effect.
  ///   - run: The effect; a thrown error is reported to observers, never a crash.
  public init(
    id: String, cancelsInFlight: Bool = false, when: @escaping @Sendable (Action) -> Bool,
    run: @escaping @Sendable (Action, State, EffectContext<Action>) async throws -> Void
  ) {
    self.id = id
    self.cancelsInFlight = cancelsInFlight
    self.matches = when
    self.run = run
  }

  /// Creates an effect for the actions from which `extract` gets a value (typically one case).
  ///
  /// ```swift
  /// let load = Effect<AppState, AppAction>(id: "load", extract: { if case .load(let id) = $0 { id } else { nil } }) {
  ///   id, state, context in context.send(.loaded(try await api.item(id)))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's id.
  ///   - cancelsInFlight: Whether a new run cancels runs still in flight.
  ///   - extract: Returns the payload for matching actions, `nil` for others.
  ///   - run: The effect.
  public init<Payload>(
    id: String, cancelsInFlight: Bool = false, extract: @escaping @Sendable (Action) -> Payload?,
    run: @escaping @Sendable (Payload, State, EffectContext<Action>) async throws -> Void
  ) {
    self.init(id: id, cancelsInFlight: cancelsInFlight, when: { extract($0) != nil }) { action, state, context in
      guard let payload = extract(action) else { return }
      try await run(payload, state, context)
    }
  }
}

/// What an effect may do with its store.
///
/// ```swift
/// context.send(.loaded(items))
/// for try await update in updates { context.send(.update(update)) }
/// ```
public struct EffectContext<Action: Sendable>: Sendable {
  let dispatch: @Sendable (Action, CallSite) -> Void

  /// Dispatches an action to the store (queued behind the action being processed, if any).
  /// From a run that was cancelled (by a newer run of a `cancelsInFlight` effect, say), it does
  /// nothing: what such a run would send is stale, and must not overwrite the newer run's.
  ///
  /// ```swift
  /// context.send(.searchFinished(results))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - file: Where it is sent, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is sent; filled in by the compiler.
  public func send(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
    guard !Task.isCancelled else { return }
    dispatch(action, CallSite(file: file, line: line))
  }

  /// Sends every element of an asynchronous sequence as an action, until it ends or the
  /// effect is cancelled.
  ///
  /// ```swift
  /// try await context.send(contentsOf: socket.messages.map { .received($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - actions: The actions.
  ///   - file: Where they are sent, for the inspector's trace; filled in by the compiler.
  ///   - line: Where they are sent; filled in by the compiler.
  /// - Throws: What the sequence throws, or `CancellationError`.
  public func send<Actions: AsyncSequence>(
    contentsOf actions: Actions, file: StaticString = #fileID, line: UInt = #line
  ) async throws where Actions.Element == Action {
    for try await action in actions {
      try Task.checkCancellation()
      dispatch(action, CallSite(file: file, line: line))
    }
  }
}
