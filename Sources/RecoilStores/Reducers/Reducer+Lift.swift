extension Reducer {
  /// Lifts a reducer of a child state and action onto a parent: it runs on
  /// `state[keyPath: state]` for the actions that `action` extracts, and ignores the rest.
  ///
  /// ```swift
  /// enum AppAction { case user(UserAction), cart(CartAction) }
  /// let app = Reducer.combine(
  ///   userReducer.lift(state: \AppState.user, action: { if case .user(let a) = $0 { a } else { nil } }),
  ///   cartReducer.lift(state: \AppState.cart, action: { if case .cart(let a) = $0 { a } else { nil } }))
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the child state lives in the parent state.
  ///   - action: Extracts the child action from a parent action, or `nil`.
  /// - Returns: A reducer of the parent state and action.
  public func lift<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State> & Sendable,
    action: @escaping @Sendable (ParentAction) -> Action?
  ) -> Reducer<ParentState, ParentAction> {
    let reduce = self.reduce
    return Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let child = action(parentAction) else { return }
      reduce(&parent[keyPath: state], child)
    }
  }

  /// Lifts a reducer of a child state onto a parent state, with the same actions.
  ///
  /// ```swift
  /// let app = settingsReducer.lift(state: \AppState.settings)
  /// ```
  ///
  /// - Parameter state: Where the child state lives in the parent state.
  /// - Returns: A reducer of the parent state.
  public func lift<ParentState>(state: WritableKeyPath<ParentState, State> & Sendable) -> Reducer<ParentState, Action> {
    let reduce = self.reduce
    return Reducer<ParentState, Action> { parent, action in reduce(&parent[keyPath: state], action) }
  }
}
