/// A writable root of state with a default value.
///
/// Any number of selectors may read an atom; setting it re-evaluates exactly the selectors
/// that depend on it, when they are next read or while they are subscribed.
///
/// Give a node a `key` to name it in the inspector, in snapshots and in error messages.
/// Without one, a node declared as a `static let` is named after its type and line
/// (`Settings#8`), because Swift tells an initializer its type but not the property's name.
///
/// ```swift
/// enum Settings {
///   static let currency = Atom("EUR", key: "Settings.currency")  // named "Settings.currency"
///   static let recent = Atom<[String]>(key: "Settings.recent") { [] }
///   static let theme = Atom("light")                                // named "Settings#10"
/// }
/// container.set(Settings.currency, "USD")
/// ```
public final class Atom<Value: Sendable>: WritableNode<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let defaultValue: @Sendable () -> Value
  let isSame: (@Sendable (Value, Value) -> Bool)?

  /// Creates an atom whose default value comes from a closure, run once per container.
  ///
  /// ```swift
  /// static let startedAt = Atom(key: "startedAt") { Date() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - defaultValue: Produces the value the atom has until it is set.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.defaultValue = defaultValue
    self.isSame = nil
    super.init(key: .declared(key: key, fileID: fileID, function: function, line: line), family: nil)
  }

  /// Creates an atom with a default value.
  ///
  /// ```swift
  /// static let count = Atom(0)
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The value the atom has until it is set.
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  public convenience init(
    _ defaultValue: Value, key: String? = nil, fileID: String = #fileID, function: String = #function,
    line: Int = #line
  ) {
    self.init(key: key, fileID: fileID, function: function, line: line, default: { defaultValue })
  }

  @usableFromInline init(
    key: NodeKey, family: String?, isSame: (@Sendable (Value, Value) -> Bool)?,
    default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.defaultValue = defaultValue
    self.isSame = isSame
    super.init(key: key, family: family)
  }

  override var kind: NodeKind { .atom }

  override func makeSlot(index: Int32, core: GraphCore) -> NodeSlot {
    ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .atom(defaultValue), isSame: isSame,
      state: .value(defaultValue()))
  }
}

// Inlinable, so that the equality closure is compiled for the concrete `Value` and captures
// nothing: comparing on each write then reaches no separate closure context.
extension Atom where Value: Equatable {
  /// Creates an atom of an `Equatable` value; setting an equal value changes nothing.
  ///
  /// ```swift
  /// static let query = Atom(key: "query") { "" }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - defaultValue: Produces the value the atom has until it is set.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.init(
      key: .declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      default: defaultValue)
  }

  /// Creates an atom of an `Equatable` value; setting an equal value changes nothing.
  ///
  /// ```swift
  /// static let count = Atom(0)
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The value the atom has until it is set.
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  @inlinable public convenience init(
    _ defaultValue: Value, key: String? = nil, fileID: String = #fileID, function: String = #function,
    line: Int = #line
  ) {
    self.init(
      key: .declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      default: { defaultValue })
  }
}
