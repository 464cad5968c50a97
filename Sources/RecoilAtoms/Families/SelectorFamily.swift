/// A family of selectors, one per parameter value.
///
/// A member that loses its last subscriber and has no dependents is released automatically;
/// its value is recomputed if it is read again.
///
/// ```swift
/// enum Catalog {
///   static let quantity = AtomFamily { (sku: String) in 0 }
///   static let lineTotal = SelectorFamily { (sku: String, get: Getter) in
///     try Decimal(get(quantity(sku))) * price(of: sku)
///   }
/// }
/// let total = try container.get(Catalog.lineTotal("A1"))
/// ```
public struct SelectorFamily<Parameter: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The family's name, such as `Catalog.lineTotal`.
  public let name: String
  let getter: @Sendable (Parameter, Getter) throws -> Value
  let isSame: (@Sendable (Value, Value) -> Bool)?
  /// How many unused members a container keeps; `nil`: a member goes with its last subscriber.
  let cachePolicy: FamilyCachePolicy?

  /// Creates a selector family.
  ///
  /// ```swift
  /// static let doubled = SelectorFamily { (id: Int, get: Getter) in try get(count(id)) * 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - cachePolicy: How many unused members a container keeps (see ``FamilyCachePolicy``);
  ///     by default a member goes with its last subscriber.
  ///   - get: Computes a member's value from its parameter and other nodes.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    cachePolicy: FamilyCachePolicy? = nil, get: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    getter = get
    isSame = nil
    self.cachePolicy = cachePolicy
  }

  init(
    name: String, isSame: (@Sendable (Value, Value) -> Bool)?, cachePolicy: FamilyCachePolicy?,
    get: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    self.name = name
    self.getter = get
    self.isSame = isSame
    self.cachePolicy = cachePolicy
  }

  /// The member selector for a parameter.
  ///
  /// ```swift
  /// let selector = Catalog.lineTotal("A1")
  /// ```
  ///
  /// - Parameter parameter: The parameter.
  /// - Returns: The member.
  public func callAsFunction(_ parameter: Parameter) -> Selector<Value> {
    let getter = self.getter
    return Selector(
      key: NodeKey(name: name, site: nil, parameter: AnyHashableSendable(parameter)), family: name, isSame: isSame,
      cachePolicy: cachePolicy, get: { try getter(parameter, $0) })
  }
}

extension SelectorFamily where Value: Equatable {
  /// Creates a family of `Equatable` selectors, with equality cut-off.
  ///
  /// ```swift
  /// static let isInCart = SelectorFamily { (sku: String, get: Getter) in try get(quantity(sku)) > 0 }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - cachePolicy: How many unused members a container keeps (see ``FamilyCachePolicy``);
  ///     by default a member goes with its last subscriber.
  ///   - get: Computes a member's value from its parameter and other nodes.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    cachePolicy: FamilyCachePolicy? = nil, get: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    self.init(
      name: NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name, isSame: { $0 == $1 },
      cachePolicy: cachePolicy, get: get)
  }
}

/// A family of asynchronous selectors, one per parameter value.
///
/// ```swift
/// static let product = AsyncSelectorFamily { (id: Int, get: AsyncGetter) in try await api.product(id) }
/// let boots = try await container.value(Catalog.product(1))
/// ```
public struct AsyncSelectorFamily<Parameter: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The family's name.
  public let name: String
  let getter: @Sendable (Parameter, AsyncGetter) async throws -> Value
  /// How many unused members a container keeps; `nil`: a member goes with its last subscriber.
  let cachePolicy: FamilyCachePolicy?
  let isSame: (@Sendable (Value, Value) -> Bool)?

  /// Creates an asynchronous selector family.
  ///
  /// ```swift
  /// static let avatar = AsyncSelectorFamily { (user: String, _: AsyncGetter) in try await loadAvatar(user) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - cachePolicy: How many unused members a container keeps (see ``FamilyCachePolicy``);
  ///     by default a member goes with its last subscriber.
  ///   - get: Computes a member's value.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    cachePolicy: FamilyCachePolicy? = nil, get: @escaping @Sendable (Parameter, AsyncGetter) async throws -> Value
  ) {
    name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    getter = get
    self.cachePolicy = cachePolicy
    isSame = nil
  }

  init(
    name: String, cachePolicy: FamilyCachePolicy?, isSame: (@Sendable (Value, Value) -> Bool)?,
    get: @escaping @Sendable (Parameter, AsyncGetter) async throws -> Value
  ) {
    self.name = name
    self.getter = get
    self.cachePolicy = cachePolicy
    self.isSame = isSame
  }

  /// The member for a parameter.
  ///
  /// ```swift
  /// let member = Catalog.product(1)
  /// ```
  ///
  /// - Parameter parameter: The parameter.
  /// - Returns: The member.
  public func callAsFunction(_ parameter: Parameter) -> AsyncSelector<Value> {
    let getter = self.getter
    return AsyncSelector(
      key: NodeKey(name: name, site: nil, parameter: AnyHashableSendable(parameter)), family: name,
      cachePolicy: cachePolicy, isSame: isSame, get: { try await getter(parameter, $0) })
  }
}

extension AsyncSelectorFamily where Value: Equatable {
  /// Creates a family of asynchronous selectors of an `Equatable` value (see
  /// ``AsyncSelector``'s `Equatable` initializer).
  ///
  /// ```swift
  /// static let stock = AsyncSelectorFamily { (sku: String, _: AsyncGetter) in try await api.stock(sku) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - cachePolicy: How many unused members a container keeps (see ``FamilyCachePolicy``);
  ///     by default a member goes with its last subscriber.
  ///   - get: Computes a member's value.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    cachePolicy: FamilyCachePolicy? = nil, get: @escaping @Sendable (Parameter, AsyncGetter) async throws -> Value
  ) {
    self.init(
      name: NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name,
      cachePolicy: cachePolicy, isSame: { $0 == $1 }, get: get)
  }
}
