/// The state of a node's value: loading, available, or failed.
///
/// ```swift
/// switch container.loadable(Search.results) {
/// case .loading(let previous): showSpinner(over: previous)
/// case .value(let results): show(results)
/// case .error(let error): show(error)
/// }
/// ```
public enum Loadable<Value: Sendable>: Sendable {
  /// An asynchronous evaluation is in flight; `previous` is the last value, if any, kept
  /// visible while reloading.
  case loading(previous: Value?)
  /// The value is available.
  case value(Value)
  /// The last evaluation failed.
  case error(any Error)

  /// The value when available, otherwise `nil`.
  ///
  /// ```swift
  /// let items = container.loadable(Cart.items).value ?? []
  /// ```
  public var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }

  /// The value when available, or the previous value while loading.
  ///
  /// ```swift
  /// let shown = loadable.latestValue
  /// ```
  public var latestValue: Value? {
    switch self {
    case .value(let value): value
    case .loading(let previous): previous
    case .error: nil
    }
  }

  /// The error when failed, otherwise `nil`.
  ///
  /// ```swift
  /// if let error = loadable.error { print(error) }
  /// ```
  public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Whether an evaluation is in flight.
  ///
  /// ```swift
  /// if loadable.isLoading { print("…") }
  /// ```
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The value, or throws the error; throws ``AtomError/loading(_:)`` while loading.
  ///
  /// ```swift
  /// let total = try container.loadable(Cart.total).get()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: The node's error, or ``AtomError/loading(_:)``.
  public func get() throws -> Value {
    switch self {
    case .value(let value): return value
    case .error(let error): throw error
    case .loading: throw AtomError.loading(nil)
    }
  }

  /// Transforms the value, keeping loading and error states.
  ///
  /// ```swift
  /// let count = container.loadable(Cart.items).map(\.count)
  /// ```
  ///
  /// - Parameter transform: Applied to the value (and to a previous value while loading).
  /// - Returns: The transformed loadable.
  public func map<T: Sendable>(_ transform: (Value) -> T) -> Loadable<T> {
    switch self {
    case .value(let value): .value(transform(value))
    case .loading(let previous): .loading(previous: previous.map(transform))
    case .error(let error): .error(error)
    }
  }
}
