/// An atom whose default comes from other nodes: Recoil's `atom({default: someSelector})`.
///
/// Until it is set, and again after a reset, it has what `fallback` computes, and follows it
/// as the nodes it reads change; once set, it holds its own value. It is made of a writable
/// selector (the node the app uses, with the key given) and an atom of `Value?` holding its own
/// value (`<key>.own`), so the inspector shows which of the two a value came from.
///
/// ```swift
/// enum Profile {
///   static let saved = Atom("Ann", key: "Profile.saved")
///   static let draftName = WritableSelector(key: "Profile.draftName") { get in try get(saved) }
/// }
/// container.set(Profile.draftName, "Anna")  // its own value from now on
/// container.reset(Profile.draftName)        // follows Profile.saved again
/// ```
extension WritableSelector {
  /// Creates an atom whose value, until it is set, is what `fallback` computes from other nodes.
  ///
  /// ```swift
  /// static let draftName = WritableSelector(key: "Profile.draftName") { get in try get(Profile.saved) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; its own value's atom is named after it, with `.own`.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - effects: Run when it is first used, on its own value's atom, which holds `nil` while it has no value of its own (see ``AtomEffect``): `setSelf(value)` gives it a value, `resetSelf()` makes it follow `fallback` again.
  ///   - fallback: Computes the value it has while it holds none of its own.
  public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: [AtomEffect<Value?>] = [], fallback: @escaping @Sendable (Getter) throws -> Value
  ) {
    self.init(
      key: NodeKey._declared(key: key, fileID: fileID, function: function, line: line), isSame: nil,
      effects: effects, fallback: fallback)
  }
}

extension WritableSelector where Value: Equatable {
  /// Creates an atom of an `Equatable` value whose value, until it is set, is what `fallback`
  /// computes; when what it has does not change, nothing that reads it runs again.
  ///
  /// ```swift
  /// static let pageSize = WritableSelector(key: "List.pageSize") { get in try get(Settings.defaultPageSize) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: An explicit name; by default `<Type>#<line>` for a static property (Swift gives an initializer only its type's name) and `<File>.<name>` elsewhere; its own value's atom is named after it, with `.own`.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps nodes of the same name apart.
  ///   - effects: Run when it is first used, on its own value's atom, which holds `nil` while it has no value of its own (see ``AtomEffect``): `setSelf(value)` gives it a value, `resetSelf()` makes it follow `fallback` again.
  ///   - fallback: Computes the value it has while it holds none of its own.
  public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: [AtomEffect<Value?>] = [], fallback: @escaping @Sendable (Getter) throws -> Value
  ) {
    self.init(
      key: NodeKey._declared(key: key, fileID: fileID, function: function, line: line), isSame: { $0 == $1 },
      effects: effects, fallback: fallback)
  }
}

extension WritableSelector {
  /// Reads its own value, else its fallback; sets its own value; resets its own value however
  /// that was written (by the setter, an effect or a restored snapshot).
  convenience init(
    key: NodeKey, family: String? = nil, isSame: (@Sendable (Value, Value) -> Bool)?, effects: [AtomEffect<Value?>],
    fallback: @escaping @Sendable (Getter) throws -> Value
  ) {
    let own = OwnValue<Value>(of: key, family: family, effects: effects)
    self.init(
      key: key, family: family, isSame: isSame, get: { get in try own.value(get, else: fallback) },
      set: { context, value in try own.set(context, value) },
      resetTarget: ResetTarget(key: own.atom.key) { core in core.index(of: own.atom) })
  }
}

/// A family of atoms whose defaults come from other nodes, as Recoil's
/// `atomFamily({default: someSelectorFamily})`: each member follows what `fallback` computes for
/// its parameter until it is set.
///
/// ```swift
/// enum Catalog {
///   static let listedPrice = AtomFamily(key: "Catalog.listedPrice") { (sku: String) in 10.0 }
///   static let price = WritableSelectorFamily(key: "Catalog.price") { (sku: String, get) in
///     try get(listedPrice(sku))
///   }
/// }
/// container.set(Catalog.price("BT-42"), 8)  // this member's own value; the others follow
/// ```
extension WritableSelectorFamily {
  /// Creates a family of atoms whose members, until set, have what `fallback` computes for
  /// their parameter.
  ///
  /// ```swift
  /// static let draft = WritableSelectorFamily(key: "Notes.draft") { (id: Int, get) in try get(savedNote(id)) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The family's name; by default `<Type>#<line>` for a static property and `<File>.<name>` elsewhere; the atoms of its members' own values are the family `<key>.own`.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps families of the same name apart.
  ///   - effects: A member's effects, on its own value's atom (`nil` while it has none of its own), such as `.persisted(in:)` with a file per parameter.
  ///   - fallback: Computes a member's value from its parameter while it holds none of its own.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value?>] = { _ in [] },
    fallback: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    let name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    self.init(name: name, isSame: nil, effects: effects, fallback: fallback)
  }

  init(
    name: String, isSame: (@Sendable (Value, Value) -> Bool)?,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value?>],
    fallback: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    self.init(name: name) { parameter, key in
      WritableSelector(key: key, family: name, isSame: isSame, effects: effects(parameter)) { get in
        try fallback(parameter, get)
      }
    }
  }
}

extension WritableSelectorFamily where Value: Equatable {
  /// Creates a family of atoms of an `Equatable` value whose members, until set, have what
  /// `fallback` computes for their parameter; a member whose value does not change makes
  /// nothing that reads it run again.
  ///
  /// ```swift
  /// static let quantity = WritableSelectorFamily(key: "Cart.quantity") { (sku: String, get) in try get(minimum(sku)) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The family's name; by default `<Type>#<line>` for a static property and `<File>.<name>` elsewhere; the atoms of its members' own values are the family `<key>.own`.
  ///   - fileID: The declaring file, filled in by the compiler; part of the default name.
  ///   - function: The declaring property, filled in by the compiler; part of the default name.
  ///   - line: The declaring line, filled in by the compiler; keeps families of the same name apart.
  ///   - effects: A member's effects, on its own value's atom (`nil` while it has none of its own).
  ///   - fallback: Computes a member's value from its parameter while it holds none of its own.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: @escaping @Sendable (Parameter) -> [AtomEffect<Value?>] = { _ in [] },
    fallback: @escaping @Sendable (Parameter, Getter) throws -> Value
  ) {
    let name = NodeKey._declared(key: key, fileID: fileID, function: function, line: line).name
    self.init(name: name, isSame: { $0 == $1 }, effects: effects, fallback: fallback)
  }
}

/// The atom holding a fallback atom's own value: `nil` while it has none, so that a reset
/// (which restores this atom's default) makes it follow its fallback again. `Value` may itself
/// be optional: `.some(nil)` is an own value of `nil`.
private struct OwnValue<Value: Sendable>: Sendable {
  let atom: Atom<Value?>

  /// A family member's own value is a member of the family `<family>.own`, for the same
  /// parameter.
  init(of key: NodeKey, family: String?, effects: [AtomEffect<Value?>]) {
    let ownKey = NodeKey(name: key.name + ".own", site: key.site, parameter: key.parameter)
    atom = Atom(key: ownKey, family: family.map { $0 + ".own" }, isSame: nil, effects: effects) { nil }
  }

  /// Its own value when it has one, else what `fallback` computes.
  func value(_ get: Getter, else fallback: (Getter) throws -> Value) throws -> Value {
    if case .some(let value) = try get(atom) { return value }
    return try fallback(get)
  }

  /// Makes `value` its own, recorded where the app set the selector.
  func set(_ context: Setter, _ value: Value) throws {
    try context.core.write(atom, .some(value), site: context.site)
  }
}
