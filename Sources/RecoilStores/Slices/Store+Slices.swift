extension Store {
  /// Registers a slice: a sub-state at a key path with its own reducer, run for every action
  /// after the store's reducer (the RxStore style). Slices registered later start taking part
  /// from the next action.
  ///
  /// ```swift
  /// let store = Store<AppState, AppAction>(initialState: AppState(), name: "app")
  /// store.registerSlice(\.user, name: "user", reducer: userReducer)
  /// store.registerSlice(\.settings, name: "settings", reducer: settingsReducer)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the slice lives in the state.
  ///   - name: The slice's name, for the inspector; by default the last key path component.
  ///   - reducer: Applies actions to the slice.
  public func registerSlice<Slice: Sendable>(
    _ keyPath: WritableKeyPath<State, Slice> & Sendable, name: String? = nil, reducer: Reducer<Slice, Action>
  ) {
    let info = StoreSliceInfo(
      name: name ?? Self.lastComponent(of: keyPath), valueType: String(describing: Slice.self),
      path: String(describing: keyPath).split(separator: ".").dropFirst().joined(separator: "."))
    let reduce = reducer.reduce
    let registration = _SliceRegistration<State, Action>(
      info: info, reduce: { state, action in reduce(&state[keyPath: keyPath], action) },
      read: { $0[keyPath: keyPath] })
    let observers = _lock.withLock {
      _storage._configuration._slices.append(registration)
      configurationChanged()
      return _storage._configuration._observers
    }
    for observer in observers { observer.receive(.sliceRegistered(store: self.name, slice: info)) }
  }

  /// The registered slices.
  ///
  /// ```swift
  /// print(store.slices.map(\.name))  // ["user", "settings"]
  /// ```
  public var slices: [StoreSliceInfo] {
    _lock.withLock { _storage._configuration._slices.map(\._info) }
  }

  /// The current value of every registered slice, by name.
  ///
  /// ```swift
  /// let values = store.sliceValues()  // ["user": UserState(…), …]
  /// ```
  ///
  /// - Returns: Slice names and values, in registration order.
  public func sliceValues() -> [(name: String, value: any Sendable)] {
    _lock.withLock { _storage._configuration._slices.map { ($0._info.name, $0._read(_storage._state)) } }
  }

  /// A slice's values as an asynchronous sequence of distinct values: the current value first,
  /// then each change.
  ///
  /// ```swift
  /// for await user in store.slice(\.user) { print(user.name) }
  /// ```
  ///
  /// - Parameter keyPath: The slice (or any part of the state).
  /// - Returns: A stream that ends when the consuming task is cancelled.
  public func slice<Slice: Equatable & Sendable>(_ keyPath: KeyPath<State, Slice> & Sendable) -> AsyncStream<Slice> {
    let (stream, continuation) = AsyncStream<Slice>.makeStream(bufferingPolicy: .unbounded)
    let subscription = subscribe(keyPath) { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// `\AppState.user.name` -> `name`; works with the key path descriptions of Swift 5.9+.
  static func lastComponent(of keyPath: AnyKeyPath) -> String {
    let description = String(describing: keyPath)
    return description.split(separator: ".").last.map(String.init) ?? description
  }
}
