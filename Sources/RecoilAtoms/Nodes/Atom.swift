import RecoilConcurrency

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
  /// Run when the atom is first used in a container (see ``AtomEffect``).
  let effects: [AtomEffect<Value>]

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
  ///   - effects: Run when the atom is first used in a container (see ``AtomEffect``).
  ///   - defaultValue: Produces the value the atom has until it is set.
  public init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: [AtomEffect<Value>] = [], default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.defaultValue = defaultValue
    self.isSame = nil
    self.effects = effects
    super.init(key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil)
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
  ///   - effects: Run when the atom is first used in a container (see ``AtomEffect``).
  public convenience init(
    _ defaultValue: Value, key: String? = nil, fileID: String = #fileID, function: String = #function,
    line: Int = #line, effects: [AtomEffect<Value>] = []
  ) {
    self.init(key: key, fileID: fileID, function: function, line: line, effects: effects, default: { defaultValue })
  }

  @usableFromInline init(
    key: NodeKey, family: String?, isSame: (@Sendable (Value, Value) -> Bool)?, effects: [AtomEffect<Value>] = [],
    default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.defaultValue = defaultValue
    self.isSame = isSame
    self.effects = effects
    super.init(key: key, family: family)
  }

  override var kind: NodeKind { .atom }

  override func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    _ValueSlot<Value>(
      node: self, index: index, arena: core.values, compute: .atom(defaultValue), isSame: isSame,
      state: .value(defaultValue()))
  }

  override var hasEffects: Bool { !effects.isEmpty }

  override func startEffects(index: Int32, core: _GraphCore) -> (any AtomEffectsRun)? {
    guard !effects.isEmpty else { return nil }
    var contexts: [AtomEffectContext<Value>] = []
    var cleanups: [@Sendable () -> Void] = []
    for effect in effects {
      let order = core.recordEffect(effect.name, phase: "started", index: index, cause: 0, error: nil)
      let context = AtomEffectContext(atom: self, container: core.container, name: effect.name, startOrder: order)
      // What the effect writes while it starts names it as the cause.
      var thrown: (any Error)?
      do {
        if let cleanup = try CauseContext.withCause(order, { try effect.run(context) }) { cleanups.append(cleanup) }
      } catch {
        thrown = error
      }
      let (initial, errors) = context.finishStarting()
      CauseContext.withCause(order) {
        switch initial {
        case .untouched: break
        case .value(let value, let site): try? core.write(self, value, site: site)  // an atom: cannot fail
        case .reset: core.reset(index)
        }
      }
      for error in errors {
        core.reportEffectError(effect.name, error, phase: .reported, index: index, startOrder: order)
      }
      if let thrown { core.reportEffectError(effect.name, thrown, phase: .start, index: index, startOrder: order) }
      contexts.append(context)
    }
    return TypedEffectsRun(contexts: contexts, cleanups: cleanups)
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
  ///   - effects: Run when the atom is first used in a container (see ``AtomEffect``).
  ///   - defaultValue: Produces the value the atom has until it is set.
  @inlinable public convenience init(
    key: String? = nil, fileID: String = #fileID, function: String = #function, line: Int = #line,
    effects: [AtomEffect<Value>] = [], default defaultValue: @escaping @Sendable () -> Value
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      effects: effects, default: defaultValue)
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
  ///   - effects: Run when the atom is first used in a container (see ``AtomEffect``).
  @inlinable public convenience init(
    _ defaultValue: Value, key: String? = nil, fileID: String = #fileID, function: String = #function,
    line: Int = #line, effects: [AtomEffect<Value>] = []
  ) {
    self.init(
      key: ._declared(key: key, fileID: fileID, function: function, line: line), family: nil, isSame: { $0 == $1 },
      effects: effects, default: { defaultValue })
  }
}
