import RecoilConcurrency

/// What describing values by reflection learns about their types, kept for the values that
/// follow: each type's stored fields, its equality, and whether it is a tuple. Describing a
/// snapshot's actions meets the same few types thousands of times.
///
/// Not thread-safe: each thread describing values keeps its own, so no lock is taken.
///
/// ```swift
/// let cache = ReflectionCache()
/// let description = ActionDescription(action, cache: cache) { ValuePreview.describe($0, cache: cache) }
/// ```
package final class ReflectionCache {
  private var storedFields: [ObjectIdentifier: StoredFields?] = [:]
  private var equalities: [ObjectIdentifier: ((Any, Any) -> Bool)?] = [:]
  private var tupleTypes: [ObjectIdentifier: TupleKnowledge] = [:]

  private let readsFields: Bool

  /// A cache that reads structs' and tuples' fields through ``StoredFields`` unless told not
  /// to; without, every value is reflected by a `Mirror`, as a reference for tests.
  package init(readingFields readsFields: Bool = true) {
    self.readsFields = readsFields
  }

  /// The stored fields of `value`'s type (see ``StoredFields``), or `nil` when its type is
  /// left to a `Mirror`.
  package func fields(of value: Any) -> StoredFields? {
    guard readsFields else { return nil }
    let key = ObjectIdentifier(type(of: value))
    if let known = storedFields[key] { return known }
    // Another cache may have found them: a type's fields never change.
    let found = Self.knownFields.withLock { $0[key] } ?? StoredFields(of: value)
    Self.knownFields.withLock { $0[key] = .some(found) }
    storedFields[key] = .some(found)
    return found
  }

  /// The fields every cache has found, by type: the caches of chunks described on other
  /// threads, and of later snapshots, look a type up here once instead of reflecting on it.
  private static let knownFields = LockedValue<[ObjectIdentifier: StoredFields?]>([:])

  /// Whether two values are equal, when the first one's type is Equatable (a value of another
  /// type is not equal to it); `nil` when that type is not Equatable.
  package func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    let key = ObjectIdentifier(type(of: lhs))
    if let known = equalities[key] { return known?(lhs, rhs) }
    let found = (lhs as? any Equatable).map { Self.equality(of: $0) }
    equalities[key] = .some(found)
    return found?(lhs, rhs)
  }

  private static func equality<Value: Equatable>(of _: Value) -> (Any, Any) -> Bool {
    { lhs, rhs in
      // Values of exactly this type, as nearly all are, are unwrapped by a forced cast: a
      // conditional one makes an optional of the type to cast into, which costs a metadata
      // lookup per comparison.
      // (Types are compared by identifier: `==` on metatypes goes through optionals too.)
      let exactly = ObjectIdentifier(Value.self)
      if ObjectIdentifier(type(of: lhs)) == exactly && ObjectIdentifier(type(of: rhs)) == exactly {
        return (lhs as! Value) == (rhs as! Value)
      }
      return equalAfterCasting(lhs, rhs, as: Value.self)
    }
  }

  /// Whether `lhs` is a `Value` (a subclass instance, say) equal to `rhs`. Out of line, so that
  /// the common path does not make the optional's metadata.
  @inline(never) private static func equalAfterCasting<Value: Equatable>(
    _ lhs: Any, _ rhs: Any, as _: Value.Type
  ) -> Bool {
    guard let lhs = lhs as? Value else { return false }
    return areEqual(lhs, rhs)
  }

  /// Whether `rhs` is of `lhs`'s type and equal to it: how type-erased values are compared
  /// here and by store selectors' memoization.
  ///
  /// ```swift
  /// ReflectionCache.areEqual(1, 1 as Any)    // true
  /// ReflectionCache.areEqual(1, "1" as Any)  // false
  /// ```
  package static func areEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }

  /// Whether `value` is one of the standard library's scalars (numbers, Booleans, strings,
  /// characters): values that reflect no children and print as they debug-print.
  package static func isScalar(_ value: Any) -> Bool {
    scalarTypes.contains(ObjectIdentifier(type(of: value)))
  }

  private static let scalarTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
    ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self),
    ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
    ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
    ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(Double.self),
    ObjectIdentifier(Float.self),
  ]

  /// Whether `value` is a tuple, as its mirror says.
  package func isTuple(_ value: Any) -> Bool {
    guard !Self.isScalar(value) else { return false }
    let key = ObjectIdentifier(type(of: value))
    let known =
      tupleTypes[key]
      ?? {
        // A type with a custom mirror could say anything, value by value; any other type's
        // mirror says what the type is, so one value tells.
        let found: TupleKnowledge =
          value is any CustomReflectable
          ? .askEachValue : Mirror(reflecting: value).displayStyle == .tuple ? .tuple : .notTuple
        tupleTypes[key] = found
        return found
      }()
    switch known {
    case .tuple: return true
    case .notTuple: return false
    case .askEachValue: return Mirror(reflecting: value).displayStyle == .tuple
    }
  }

  private enum TupleKnowledge {
    case tuple, notTuple, askEachValue
  }
}
