import RecoilConcurrency

extension Store {
  /// Replaces the store's reducer, as Redux's `replaceReducer`: for hot reloading, and for an
  /// app that loads a feature's code later and combines its reducer in. Actions processed
  /// from now on (the one being processed finishes with the old reducer) go through the new
  /// one, then the registered slices as before; the state stays. The inspector's timeline
  /// shows the replacement as an entry of the store (`action app replaceReducer`), as Redux
  /// DevTools show `@@redux/REPLACE`.
  ///
  /// ```swift
  /// store.replaceReducer(.combine(appReducer, checkoutReducer))   // the checkout feature loaded
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: The new reducer.
  ///   - file: Where it was replaced, for the inspector; filled in by the compiler.
  ///   - line: Where it was replaced; filled in by the compiler.
  public func replaceReducer(_ reducer: Reducer<State, Action>, file: StaticString = #fileID, line: UInt = #line) {
    let observers = _lock.withLock {
      _storage._configuration._reducer = reducer
      configurationChanged()
      return _storage._configuration._observers
    }
    let site = CallSite(file: file, line: line)
    for observer in observers { observer.receive(.reducerReplaced(store: name, site: site)) }
  }
}
