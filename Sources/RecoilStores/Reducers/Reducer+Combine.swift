extension Reducer {
  /// Runs several reducers in order, each seeing the state the previous one left.
  ///
  /// ```swift
  /// let app = Reducer.combine(userReducer.lift(...), cartReducer.lift(...), analytics)
  /// ```
  ///
  /// - Parameter reducers: The reducers, run first to last.
  /// - Returns: One reducer running them all.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// Runs several reducers in order, each seeing the state the previous one left.
  ///
  /// ```swift
  /// let app = Reducer.combine(featureReducers)
  /// ```
  ///
  /// - Parameter reducers: The reducers, run first to last.
  /// - Returns: One reducer running them all.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer { state, action in
      for reducer in reducers { reducer.reduce(&state, action) }
    }
  }
}
