/// A value derived asynchronously from other nodes.
///
/// The getter reads other nodes with `await get(node)`; those become its dependencies. When
/// one it has taken a value (or an error) from changes, a new evaluation starts and cancels the
/// one in flight (through Task cancellation); a stale result never overwrites a newer one.
/// Meanwhile the selector is ``Loadable/loading(previous:)``, keeping the previous value
/// visible. A node the getter is still waiting for settling is no such change: the getter
/// takes its value and goes on.
///
/// ```swift
/// enum Search {
///   static let query = Atom("")
///   static let results = AsyncSelector { get in
///     try await api.search(try await get(query))
///   }
/// }
/// ```
public final class AsyncSelector<Value: Sendable>: Node<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let getter: @Sendable (AsyncGetter) async throws -> Value
  /// For an `Equatable` value: a result equal to the one it had before it reloaded is no
  /// change for what read it (see the `Equatable` initializer).
  let isSame: (@Sendable (Value, Value) -> Bool)?

  /// Creates an asynchronous selector.
  ///
  /// ```swift
  /// static let weather = AsyncSelector { get in try await fetchWeather(for: try await get(city)) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value; may suspend.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (AsyncGetter) async throws -> Value
  ) {
    self.getter = get
    self.isSame = nil
    super.init(key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil)
  }

  init(
    key: NodeKey, family: String?, cachePolicy: FamilyCachePolicy? = nil,
    isSame: (@Sendable (Value, Value) -> Bool)? = nil,
    get: @escaping @Sendable (AsyncGetter) async throws -> Value
  ) {
    self.getter = get
    self.isSame = isSame
    super.init(key: key, family: family, cachePolicy: cachePolicy)
  }

  override var isAsync: Bool { true }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .asyncSelector(getter, set: nil), isSame: isSame,
      state: .empty)
  }
}

extension AsyncSelector where Value: Equatable {
  /// Creates an asynchronous selector of an `Equatable` value: when a new evaluation gives the
  /// value it had before, a selector that read it does not run again, and its value stands.
  ///
  /// ```swift
  /// static let rate = AsyncSelector(key: "Pricing.rate") { get in try await api.rate(for: try await get(currency)) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value; may suspend.
  public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (AsyncGetter) async throws -> Value
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      get: get)
  }
}
