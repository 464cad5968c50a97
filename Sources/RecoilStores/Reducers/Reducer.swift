/// Computes a store's next state from an action: Redux's reducer, in either common form.
///
/// ```swift
/// let counter = Reducer<Int, CounterAction> { count, action in
///   switch action {
///   case .increment: count += 1
///   case .decrement: count -= 1
///   }
/// }
/// let pure = Reducer<Int, CounterAction>(returning: { count, action in action == .increment ? count + 1 : count - 1 })
/// ```
public struct Reducer<State, Action>: Sendable {
  /// Mutates the state in place for an action.
  public let reduce: @Sendable (inout State, Action) -> Void

  /// Creates a reducer that mutates the state in place (the Revolve style).
  ///
  /// ```swift
  /// let reducer = Reducer<AppState, AppAction> { state, action in state.log.append(action) }
  /// ```
  ///
  /// - Parameter reduce: Applies an action to the state.
  public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
    self.reduce = reduce
  }

  /// Creates a reducer from a function returning the new state (the Redux.swift style).
  ///
  /// ```swift
  /// let reducer = Reducer<Int, Int>(returning: { state, amount in state + amount })
  /// ```
  ///
  /// - Parameter reduce: Returns the state after an action.
  public init(returning reduce: @escaping @Sendable (State, Action) -> State) {
    self.reduce = { state, action in state = reduce(state, action) }
  }

  /// A reducer that changes nothing.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reducer: .empty)
  /// ```
  public static var empty: Reducer { Reducer { _, _ in } }
}
