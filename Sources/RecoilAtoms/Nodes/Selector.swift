/// A value derived from other nodes by a getter.
///
/// The getter reads other nodes through the ``Getter`` it is given; whatever it reads becomes
/// a dependency, recorded anew at every evaluation. A selector is evaluated lazily, at most
/// once per change of its inputs; a thrown error is cached like a value.
///
/// The getter runs while the container is locked: it must be a pure function of what it reads,
/// and must read only through its getter (calling the container from inside it is a
/// programmer error, reported at once).
///
/// ```swift
/// enum CartState {
///   static let items = Atom<[CartItem]>([])
///   static let total = Selector { get in
///     try get(items).reduce(0) { $0 + $1.price * Decimal($1.quantity) }
///   }
/// }
/// ```
public final class Selector<Value: Sendable>: Node<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let getter: @Sendable (Getter) throws -> Value
  let isSame: (@Sendable (Value, Value) -> Bool)?
  let evaluator: _NodeSlot._Evaluator

  /// Creates a selector.
  ///
  /// ```swift
  /// static let doubled = Selector { get in try get(count) * 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value from other nodes.
  // Inlinable, so that the evaluation it records is compiled for the concrete `Value`.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Getter) throws -> Value
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: nil,
      evaluator: _ValueSlot<Value>.evaluateSelector, get: get)
  }

  @usableFromInline init(
    key: NodeKey, family: String?, isSame: (@Sendable (Value, Value) -> Bool)?,
    evaluator: @escaping _NodeSlot._Evaluator = _ValueSlot<Value>.evaluateSelector,
    cachePolicy: FamilyCachePolicy? = nil, get: @escaping @Sendable (Getter) throws -> Value
  ) {
    self.getter = get
    self.isSame = isSame
    self.evaluator = evaluator
    super.init(key: key, family: family, cachePolicy: cachePolicy)
  }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .selector(getter), isSame: isSame, state: .empty,
      evaluator: evaluator)
  }
}

extension Selector where Value: Equatable {
  /// Creates a selector of an `Equatable` value: when a re-evaluation gives an equal value,
  /// its dependents are not re-evaluated and its subscribers are not called.
  ///
  /// ```swift
  /// static let isEmpty = Selector { get in try get(items).isEmpty }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value from other nodes.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Getter) throws -> Value
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      evaluator: _ValueSlot<Value>.evaluateSelector, get: get)
  }
}
