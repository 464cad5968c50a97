/// A user type that defines an atom by its default value, as an alternative to ``Atom``
/// (the style of RecoilSwift's `SyncAtomNode`). Its identity is its type, plus its value when
/// it is `Hashable`.
///
/// ```swift
/// struct ThemeAtom: AtomDefinition {
///   var defaultValue: String { "light" }
/// }
/// container.set(ThemeAtom().node, "dark")
/// ```
public protocol AtomDefinition: Sendable {
  /// The value type.
  associatedtype Value: Sendable
  /// The value the atom has until it is set.
  var defaultValue: Value { get }
}

/// A user type that defines a selector by its getter (RecoilSwift's `SyncSelectorNode`).
///
/// ```swift
/// struct ItemCount: SelectorDefinition {
///   func value(_ get: Getter) throws -> Int { try get(CartState.items).count }
/// }
/// let count = try container.get(ItemCount().node)
/// ```
public protocol SelectorDefinition: Sendable {
  /// The value type.
  associatedtype Value: Sendable
  /// Computes the value from other nodes.
  ///
  /// - Parameter get: Reads other nodes.
  /// - Returns: The value.
  /// - Throws: Any error, cached as the selector's state.
  func value(_ get: Getter) throws -> Value
}

/// A user type that defines an asynchronous selector (RecoilSwift's `AsyncSelectorNode`).
///
/// ```swift
/// struct Weather: AsyncSelectorDefinition {
///   let city: String
///   func value(_ get: AsyncGetter) async throws -> Forecast { try await api.forecast(city) }
/// }
/// let forecast = try await container.value(Weather(city: "Oslo").node)
/// ```
public protocol AsyncSelectorDefinition: Sendable {
  /// The value type.
  associatedtype Value: Sendable
  /// Computes the value.
  ///
  /// - Parameter get: Reads other nodes.
  /// - Returns: The value.
  /// - Throws: Any error, cached as the selector's state.
  func value(_ get: AsyncGetter) async throws -> Value
}

extension AtomDefinition {
  /// The atom this type defines; its identity is the type's name.
  ///
  /// ```swift
  /// container.set(ThemeAtom().node, "dark")
  /// ```
  public var node: Atom<Value> {
    let definition = self
    return Atom(
      key: DefinitionKey.of(Self.self, parameter: nil), family: nil, isSame: nil, default: { definition.defaultValue })
  }
}

extension AtomDefinition where Self: Hashable {
  /// The atom this type defines; its identity is the type's name and this value.
  ///
  /// ```swift
  /// container.set(Quantity(sku: "A1").node, 2)
  /// ```
  public var node: Atom<Value> {
    let definition = self
    return Atom(
      key: DefinitionKey.of(Self.self, parameter: AnyHashableSendable(self)), family: nil, isSame: nil,
      default: { definition.defaultValue })
  }
}

extension SelectorDefinition {
  /// The selector this type defines; its identity is the type's name.
  ///
  /// ```swift
  /// let count = try container.get(ItemCount().node)
  /// ```
  public var node: Selector<Value> {
    let definition = self
    return Selector(
      key: DefinitionKey.of(Self.self, parameter: nil), family: nil, isSame: nil, get: { try definition.value($0) })
  }
}

extension SelectorDefinition where Self: Hashable {
  /// The selector this type defines; its identity is the type's name and this value.
  ///
  /// ```swift
  /// let total = try container.get(LineTotal(sku: "A1").node)
  /// ```
  public var node: Selector<Value> {
    let definition = self
    return Selector(
      key: DefinitionKey.of(Self.self, parameter: AnyHashableSendable(self)), family: nil, isSame: nil,
      get: { try definition.value($0) })
  }
}

extension AsyncSelectorDefinition {
  /// The asynchronous selector this type defines; its identity is the type's name.
  ///
  /// ```swift
  /// let forecast = try await container.value(Forecast().node)
  /// ```
  public var node: AsyncSelector<Value> {
    let definition = self
    return AsyncSelector(
      key: DefinitionKey.of(Self.self, parameter: nil), family: nil, get: { try await definition.value($0) })
  }
}

extension AsyncSelectorDefinition where Self: Hashable {
  /// The asynchronous selector this type defines; its identity is the type's name and this value.
  ///
  /// ```swift
  /// let forecast = try await container.value(Weather(city: "Oslo").node)
  /// ```
  public var node: AsyncSelector<Value> {
    let definition = self
    return AsyncSelector(
      key: DefinitionKey.of(Self.self, parameter: AnyHashableSendable(self)), family: nil,
      get: { try await definition.value($0) })
  }
}

/// The identity of a definition type: its qualified name without the module.
enum DefinitionKey {
  static func of(_ type: Any.Type, parameter: AnyHashableSendable?) -> NodeKey {
    let name = String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
    return NodeKey(name: name, site: nil, parameter: parameter)
  }
}
