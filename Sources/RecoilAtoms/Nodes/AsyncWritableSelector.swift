/// An asynchronous selector that can also be written: its getter derives the value from other
/// nodes and may suspend, as an ``AsyncSelector``'s does; its setter writes other nodes, as a
/// ``WritableSelector``'s does. Resetting it resets what its setter last wrote.
///
/// ```swift
/// enum Profile {
///   static let id = Atom("ann", key: "Profile.id")
///   static let draft = Atom<String?>(nil, key: "Profile.draft")
///   static let name = AsyncWritableSelector(key: "Profile.name") { get in
///     try await get(draft) ?? api.name(of: try await get(id))
///   } set: { set, name in
///     try set.set(draft, name)
///   }
/// }
/// ```
public final class AsyncWritableSelector<Value: Sendable>: WritableNode<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let getter: @Sendable (AsyncGetter) async throws -> Value
  let setter: @Sendable (Setter, Value) throws -> Void

  /// Creates an asynchronous writable selector.
  ///
  /// ```swift
  /// static let name = AsyncWritableSelector { get in try await fetchName() } set: { set, name in try set.set(draft, name) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property and `<File>.<name>` elsewhere.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - get: Computes the value; may suspend.
  ///   - set: Writes other nodes when this one is set.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    get: @escaping @Sendable (AsyncGetter) async throws -> Value,
    set: @escaping @Sendable (Setter, Value) throws -> Void
  ) {
    self.getter = get
    self.setter = set
    super.init(key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil)
  }

  init(
    key: NodeKey, family: String?, get: @escaping @Sendable (AsyncGetter) async throws -> Value,
    set: @escaping @Sendable (Setter, Value) throws -> Void
  ) {
    self.getter = get
    self.setter = set
    super.init(key: key, family: family)
  }

  override var isAsync: Bool { true }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .asyncSelector(getter, set: setter), isSame: nil,
      state: .empty)
  }
}
