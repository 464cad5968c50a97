/// The way into value reflection, for the stores and the inspector alike: it describes actions
/// (name and payload), previews values and finds the paths that differ between two states,
/// remembering what it learned about each type, and each distinct action value, for the pass
/// it serves.
///
/// One reflector serves one pass on one thread (a chunk of a snapshot's actions, say): it
/// takes no lock. The metadata reader behind it checks itself against `Mirror` once per
/// process (see ``problem``).
///
/// ```swift
/// let reflector = Reflector()
/// let described = reflector.describe(action: CartAction.add(sku: "A1")) { ValuePreview.describe($0) }
/// let changes = reflector.changes(from: oldState, to: newState)  // [(path, before, after)]
/// ```
package final class Reflector {
  /// What is known of the types met so far.
  package let cache: ReflectionCache
  /// The actions described so far, by their exact bytes: actions repeat (the same tap, the
  /// same toggle), and describing one by reflection costs microseconds.
  private var described: [ExactValueKey: ActionDescription] = [:]
  /// The most actions remembered.
  private let remembered: Int

  /// A reflector that remembers up to `remembering` distinct action values.
  package init(remembering: Int = 4096, cache: ReflectionCache = ReflectionCache()) {
    self.cache = cache
    self.remembered = remembering
  }

  /// Why values are described by `Mirror` alone in this process, when the metadata reader
  /// turned itself off; `nil` when it is in use. Said once by whoever reports problems.
  package static var problem: String? { MetadataReading.verdict.reason }

  /// An action's name and payload, its payload described by `describePayload`: the same
  /// action value (by its type and exact bytes) is described once.
  package func describe(action: any Sendable, describingPayload: (Any) -> String) -> ActionDescription {
    // Reinterpreted rather than converted, which would box the value again (see `ExactCast`).
    let action = ExactCast.any(action)
    let key = ExactValueKey(action)
    if let key, let known = described[key] { return known }
    let description = ActionDescription(action, cache: cache, describingPayload: describingPayload)
    if let key, described.count < remembered { described[key] = description }
    return description
  }

  /// The paths that differ between two states, with previews made through `masking` (see
  /// ``StateDiff``).
  package func changes(
    from before: any Sendable, to after: any Sendable, previewLength: Int = 120, limit: Int = 50,
    masking: (any ValueMasking)? = nil
  ) -> [StateDiff.Change] {
    StateDiff.changes(
      from: ExactCast.any(before), to: ExactCast.any(after), previewLength: previewLength, limit: limit,
      masking: masking, cache: cache)
  }

  /// A value's preview (see ``ValuePreview``), cut at `limit` characters.
  package func preview(_ value: Any, limit: Int = 200) -> String {
    ValuePreview.describe(value, limit: limit, cache: cache)
  }

  /// Whether `rhs` is of `lhs`'s type and equal to it: how type-erased values are compared,
  /// by store selectors' memoization among others.
  ///
  /// ```swift
  /// Reflector.areEqual(1, 1 as Any)    // true
  /// Reflector.areEqual(1, "1" as Any)  // false
  /// ```
  package static func areEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    ReflectionCache.areEqual(lhs, rhs)
  }
}
