/// A writable atom whose default value is loaded asynchronously.
///
/// Until the load finishes the atom is ``Loadable/loading(previous:)``. Setting the atom while
/// its default still loads wins: the load is cancelled and its result ignored.
///
/// ```swift
/// enum Profile {
///   static let current = AsyncAtom { try await api.fetchProfile() }
/// }
/// let profile = try await container.value(Profile.current)
/// ```
public final class AsyncAtom<Value: Sendable>: WritableNode<Value>, @unchecked Sendable {
  // Sendable: all stored properties are immutable and Sendable.
  let load: @Sendable () async throws -> Value

  /// Creates an atom whose default value is loaded by `load`, once per container.
  ///
  /// ```swift
  /// static let settings = AsyncAtom(key: "settings") { try await Settings.load() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - load: Loads the default value.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    load: @escaping @Sendable () async throws -> Value
  ) {
    self.load = load
    super.init(key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil)
  }

  init(
    key: NodeKey, family: String?, cachePolicy: FamilyCachePolicy?, load: @escaping @Sendable () async throws -> Value
  ) {
    self.load = load
    super.init(key: key, family: family, cachePolicy: cachePolicy)
  }

  override var kind: NodeKind { .atom }
  override var isAsync: Bool { true }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .asyncAtom(load), isSame: nil, state: .empty)
  }
}
