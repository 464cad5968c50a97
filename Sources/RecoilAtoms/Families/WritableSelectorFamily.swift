/// Writable selectors keyed by a parameter, like Recoil's writable `selectorFamily`: each
/// parameter gives one member, made on first use and then the same node, whose getter and
/// setter both receive the parameter.
///
/// ```swift
/// enum Cart {
///   static let quantities = Atom<[String: Int]>([:], key: "Cart.quantities")
///   static let quantity = WritableSelectorFamily(key: "Cart.quantity") { (sku: String, get) in
///     try get(quantities)[sku] ?? 0
///   } set: { sku, set, count in
///     try set.update(quantities) { $0[sku] = count }
///   }
/// }
/// container.set(Cart.quantity("BT-42"), 2)
/// ```
public struct WritableSelectorFamily<Parameter: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The family's name; a member's id is the name and its parameter, `Cart.quantity("BT-42")`.
  public let name: String
  /// Makes the member for a parameter, given its key.
  let member: @Sendable (Parameter, NodeKey) -> WritableSelector<Value>

  /// Creates a family of writable selectors.
  ///
  /// ```swift
  /// static let flag = WritableSelectorFamily(key: "Flags.flag") { (name: String, get) in
  ///   try get(flags).contains(name)
  /// } set: { name, set, on in
  ///   try set.update(flags) { if on { $0.insert(name) } else { $0.remove(name) } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The family's name; by default `<Type>#<line>` for a static property and `<File>.<name>` elsewhere.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps families of the same name apart.
  ///   - get: Computes a member's value from its parameter and other nodes.
  ///   - set: Writes other nodes when a member is set.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Parameter, Getter) throws -> Value,
    set: @escaping @Sendable (Parameter, Setter, Value) throws -> Void
  ) {
    self.init(
      name: NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name, isSame: nil, get: get,
      set: set)
  }

  init(
    name: String, isSame: (@Sendable (Value, Value) -> Bool)?,
    get: @escaping @Sendable (Parameter, Getter) throws -> Value,
    set: @escaping @Sendable (Parameter, Setter, Value) throws -> Void
  ) {
    self.init(name: name) { parameter, key in
      WritableSelector(
        key: key, family: name, isSame: isSame, get: { try get(parameter, $0) }, set: { try set(parameter, $0, $1) })
    }
  }

  init(name: String, member: @escaping @Sendable (Parameter, NodeKey) -> WritableSelector<Value>) {
    self.name = name
    self.member = member
  }

  /// The member for `parameter`.
  ///
  /// ```swift
  /// let boots = Cart.quantity("BT-42")
  /// ```
  ///
  /// - Parameter parameter: The member's parameter.
  /// - Returns: The member, a writable selector.
  public func callAsFunction(_ parameter: Parameter) -> WritableSelector<Value> {
    member(parameter, NodeKey(name: name, site: nil, parameter: AnyHashableSendable(parameter)))
  }
}

extension WritableSelectorFamily where Value: Equatable {
  /// Creates a family of writable selectors whose members stop propagation when a new value
  /// equals the old one.
  ///
  /// ```swift
  /// static let quantity = WritableSelectorFamily(key: "Cart.quantity") { (sku: String, get) in 0 } set: { _, _, _ in }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The family's name.
  ///   - fileID: The declaring file, filled in by the compiler.
  ///   - function: The declaring property, filled in by the compiler.
  ///   - line: The declaring line, filled in by the compiler.
  ///   - get: Computes a member's value from its parameter and other nodes.
  ///   - set: Writes other nodes when a member is set.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Parameter, Getter) throws -> Value,
    set: @escaping @Sendable (Parameter, Setter, Value) throws -> Void
  ) {
    self.init(
      name: NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name, isSame: { $0 == $1 },
      get: get, set: set)
  }
}
