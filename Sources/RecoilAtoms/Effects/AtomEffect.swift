/// Code that runs when an atom is first used in a container, as Recoil's atom `effects`: it
/// can give the atom its initial value (``AtomEffectContext/setSelf(_:file:line:)`` while it
/// runs), set or reset it later, hear every change (``AtomEffectContext/onSet(_:)``) and read
/// other nodes (``AtomEffectContext/value(_:)``). What it returns runs when the atom is
/// released from the container, or the container goes away.
///
/// ```swift
/// let logged = AtomEffect<String>("log") { context in
///   context.onSet { new, old, _ in print("theme \(old) -> \(new)") }
///   return { print("theme released") }
/// }
/// static let theme = Atom("light", key: "Settings.theme", effects: [logged, .persisted(in: themeFile)])
/// ```
///
/// While it runs, an effect holds the container's lock: it must use only its context, and
/// start anything slow (a load, a subscription) in a task that sets the atom later.
///
/// An effect that throws, when it starts or in an ``AtomEffectContext/onSet(_:)`` handler, is
/// reported (to the container's observers and the inspector's timeline as the effect's
/// `failed` phase, and to the container's `onEffectFailure` handler), and the atom keeps
/// working: a failed start leaves it the value the effect set before it threw, else its
/// default.
public struct AtomEffect<Value: Sendable>: Sendable {
  /// The effect's name, as the inspector's timeline shows it.
  public let name: String
  let run: @Sendable (AtomEffectContext<Value>) throws -> (@Sendable () -> Void)?

  /// Creates an effect.
  ///
  /// ```swift
  /// let effect = AtomEffect<Int>("clamp") { context in
  ///   context.onSet { new, _, _ in if new < 0 { context.setSelf(0) } }
  ///   return nil
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The effect's name, for the inspector.
  ///   - run: Runs when the atom is first used; returns a cleanup, or `nil`. What it throws is
  ///     reported as the effect's failure.
  public init(
    _ name: String, _ run: @escaping @Sendable (AtomEffectContext<Value>) throws -> (@Sendable () -> Void)?
  ) {
    self.name = name
    self.run = run
  }

  /// Runs the effect with another effect's context: for an effect made of others, such as one
  /// that chooses a file when the atom is first used.
  ///
  /// ```swift
  /// let themeFile = AtomEffect<String>("theme file") { context in
  ///   try AtomEffect.persisted(in: Session.current.folder.appending(path: "theme.json"))(context)
  /// }
  /// ```
  ///
  /// - Parameter context: The context the outer effect was given.
  /// - Returns: The effect's cleanup, to return from the outer effect.
  /// - Throws: What the effect throws.
  public func callAsFunction(_ context: AtomEffectContext<Value>) throws -> (@Sendable () -> Void)? {
    try run(context)
  }
}
