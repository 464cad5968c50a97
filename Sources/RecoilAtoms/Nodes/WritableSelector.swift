/// A selector that can also be set: setting it runs a setter that writes other nodes.
///
/// ```swift
/// enum Temperature {
///   static let celsius = Atom(20.0)
///   static let fahrenheit = WritableSelector(
///     get: { get in try get(celsius) * 9 / 5 + 32 },
///     set: { context, newValue in try context.set(celsius, (newValue - 32) * 5 / 9) })
/// }
/// container.set(Temperature.fahrenheit, 212)  // celsius is now 100
/// ```
public final class WritableSelector<Value: Sendable>: WritableNode<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let getter: @Sendable (Getter) throws -> Value
  let setter: @Sendable (Setter, Value) throws -> Void
  let isSame: (@Sendable (Value, Value) -> Bool)?
  let evaluator: _NodeSlot._Evaluator
  /// The atom a reset resets before the setter has run, for a selector that knows it (one with
  /// a fallback resets its own value, however that value was written).
  let resetTarget: ResetTarget?

  /// An atom a writable selector's reset resets: its key, for snapshots, and its slot.
  @usableFromInline struct ResetTarget: Sendable {
    let key: NodeKey
    let index: @Sendable (_GraphCore) -> Int32
  }

  /// Creates a writable selector.
  ///
  /// ```swift
  /// static let name = WritableSelector(get: { try $0(user).name }, set: { try $0.update(user) { $0.name = $1 } })
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value from other nodes.
  ///   - set: Writes other nodes from a new value.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Getter) throws -> Value,
    set: @escaping @Sendable (Setter, Value) throws -> Void
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), isSame: nil,
      evaluator: _ValueSlot<Value>.evaluateSelector, get: get, set: set)
  }

  @usableFromInline init(
    key: NodeKey, family: String? = nil, isSame: (@Sendable (Value, Value) -> Bool)?,
    evaluator: @escaping _NodeSlot._Evaluator = _ValueSlot<Value>.evaluateSelector,
    get: @escaping @Sendable (Getter) throws -> Value,
    set: @escaping @Sendable (Setter, Value) throws -> Void,
    resetTarget: ResetTarget? = nil
  ) {
    self.getter = get
    self.setter = set
    self.isSame = isSame
    self.evaluator = evaluator
    self.resetTarget = resetTarget
    super.init(key: key, family: family)
  }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    let slot = _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .writableSelector(getter, setter), isSame: isSame,
      state: .empty,
      evaluator: evaluator)
    if let resetTarget { slot.lastWrites = [resetTarget.index(core)] }
    return slot
  }
}

extension WritableSelector where Value: Equatable {
  /// Creates a writable selector of an `Equatable` value, with equality cut-off.
  ///
  /// ```swift
  /// static let upper = WritableSelector(get: { try $0(text).uppercased() }, set: { try $0.set(text, $1.lowercased()) })
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value from other nodes.
  ///   - set: Writes other nodes from a new value.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (Getter) throws -> Value,
    set: @escaping @Sendable (Setter, Value) throws -> Void
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), isSame: { $0 == $1 },
      evaluator: _ValueSlot<Value>.evaluateSelector, get: get, set: set)
  }
}
