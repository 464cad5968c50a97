/// A family of atoms, one per parameter value, all sharing a default.
///
/// Each member's identity is the family's name plus the parameter, so asking twice for the
/// same parameter gives the same atom in a container. Members nobody uses any more can be
/// released with ``AtomContainer/releaseUnusedMembers(of:)``.
///
/// ```swift
/// enum Catalog {
///   static let quantity = AtomFamily { (sku: String) in 0 }
/// }
/// container.set(Catalog.quantity("A1"), 2)
/// ```
public struct AtomFamily<Parameter: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The family's name, such as `Catalog.quantity`.
  public let name: String
  let makeDefault: @Sendable (Parameter) -> Value
  let isSame: (@Sendable (Value, Value) -> Bool)?
  /// Each member's effects, made from its parameter (a file per member, say).
  let makeEffects: @Sendable (Parameter) -> [AtomEffect<Value>]

  /// Creates a family whose members' defaults depend on their parameter.
  ///
  /// ```swift
  /// static let isExpanded = AtomFamily { (id: Int) in false }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - effects: Each member's atom effects, from its parameter (see ``AtomEffect``).
  ///   - defaultValue: The default of the member for a parameter.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value>] = { _ in [] },
    default defaultValue: @escaping @Sendable (Parameter) -> Value
  ) {
    name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    makeDefault = defaultValue
    isSame = nil
    makeEffects = effects
  }

  init(
    name: String, isSame: (@Sendable (Value, Value) -> Bool)?,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value>] = { _ in [] },
    default defaultValue: @escaping @Sendable (Parameter) -> Value
  ) {
    self.name = name
    self.makeDefault = defaultValue
    self.isSame = isSame
    self.makeEffects = effects
  }

  /// The member atom for a parameter.
  ///
  /// ```swift
  /// let atom = Catalog.quantity("A1")
  /// ```
  ///
  /// - Parameter parameter: The parameter.
  /// - Returns: The member.
  public func callAsFunction(_ parameter: Parameter) -> Atom<Value> {
    let makeDefault = self.makeDefault
    return Atom(
      key: NodeKey(name: name, site: nil, parameter: AnyHashableSendable(parameter)), family: name, isSame: isSame,
      effects: makeEffects(parameter), default: { makeDefault(parameter) })
  }
}

extension AtomFamily where Value: Equatable {
  /// Creates a family of `Equatable` atoms; setting an equal value changes nothing.
  ///
  /// ```swift
  /// static let quantity = AtomFamily { (sku: String) in 0 }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - effects: Each member's atom effects, from its parameter (see ``AtomEffect``).
  ///   - defaultValue: The default of the member for a parameter.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value>] = { _ in [] },
    default defaultValue: @escaping @Sendable (Parameter) -> Value
  ) {
    self.init(
      name: NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name, isSame: { $0 == $1 },
      effects: effects, default: defaultValue)
  }
}
