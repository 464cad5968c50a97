/// A family of async atoms, one per parameter value, each loading its default for its
/// parameter: a product by id, a user's profile by name. Each member is writable, and setting
/// it while its default loads wins, as for an ``AsyncAtom``.
///
/// Members stay in a container until released (``AtomContainer/releaseUnusedMembers(of:)``),
/// or as many as the family's ``FamilyCachePolicy`` keeps.
///
/// ```swift
/// enum Catalog {
///   static let product = AsyncAtomFamily(cachePolicy: .lru(100)) { (id: Int) in try await api.product(id) }
/// }
/// let boots = try await container.value(Catalog.product(42))
/// container.set(Catalog.product(42), boots.renamed("Winter boots"))   // edited locally
/// ```
public struct AsyncAtomFamily<Parameter: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The family's name, such as `Catalog.product`.
  public let name: String
  let load: @Sendable (Parameter) async throws -> Value
  /// How many unused members a container keeps; `nil` (and `.keep`): every one.
  let cachePolicy: FamilyCachePolicy?

  /// Creates a family whose members load their defaults.
  ///
  /// ```swift
  /// static let avatar = AsyncAtomFamily { (user: String) in try await api.avatar(of: user) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; pass a key for names that read well in the inspector.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - cachePolicy: How many unused members a container keeps (see ``FamilyCachePolicy``);
  ///     by default every one.
  ///   - load: Loads the default of the member for a parameter.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    cachePolicy: FamilyCachePolicy? = nil, load: @escaping @Sendable (Parameter) async throws -> Value
  ) {
    name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    self.load = load
    self.cachePolicy = cachePolicy
  }

  /// The member for a parameter.
  ///
  /// ```swift
  /// let member = Catalog.product(42)
  /// ```
  ///
  /// - Parameter parameter: The parameter.
  /// - Returns: The member, an async atom.
  public func callAsFunction(_ parameter: Parameter) -> AsyncAtom<Value> {
    let load = self.load
    return AsyncAtom(
      key: NodeKey(name: name, site: nil, parameter: AnyHashableSendable(parameter)), family: name,
      cachePolicy: cachePolicy, load: { try await load(parameter) })
  }
}
