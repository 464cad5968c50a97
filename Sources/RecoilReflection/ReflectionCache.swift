import RecoilConcurrency

/// What describing values by reflection learns about their types, kept for the values that
/// follow: each type's stored fields, its equality, its enum cases, and whether it is a tuple.
/// Describing a snapshot's actions meets the same few types thousands of times.
///
/// Not thread-safe: each thread describing values keeps its own, so no lock is taken.
///
/// ```swift
/// let cache = ReflectionCache()
/// let description = ActionDescription(action, cache: cache) { ValuePreview.describe($0, cache: cache) }
/// ```
package final class ReflectionCache {
  private var storedFields = TypeMemo<StoredFields?>()
  private var equalities = TypeMemo<((Any, Any) -> Bool)?>()
  private var enumTypes = TypeMemo<EnumCases?>()
  private var tupleTypes = TypeMemo<TupleKnowledge>()

  private let readsFields: Bool

  /// Whether this cache reads types' metadata, rather than leaving every value to a `Mirror`.
  package var readsMetadata: Bool { readsFields }

  /// A cache that reads structs' and tuples' fields through ``StoredFields`` and enums'
  /// cases through ``EnumCases`` unless told not to, or unless ``MetadataReading``'s
  /// self-check turned that off for the process; without, every value is reflected by a
  /// `Mirror` (the reference the self-check and the tests compare with).
  ///
  /// - Parameters:
  ///   - readsFields: Whether to read metadata at all.
  ///   - selfChecked: Whether to obey the self-check's verdict; only the self-check itself
  ///     does not.
  package init(readingFields readsFields: Bool = true, selfChecked: Bool = true) {
    self.readsFields = readsFields && (!selfChecked || MetadataReading.isEnabled)
  }

  /// The stored fields of `value`'s type (see ``StoredFields``), or `nil` when its type is
  /// left to a `Mirror`.
  package func fields(of value: Any) -> StoredFields? {
    guard readsFields else { return nil }
    let key = ObjectIdentifier(type(of: value))
    return storedFields.answer(for: key) {
      // Another cache may have found them: a type's fields never change.
      let found = Self.knownFields.withLock { $0[key] } ?? StoredFields(of: value)
      Self.knownFields.withLock { $0[key] = .some(found) }
      return found
    }
  }

  /// The fields every cache has found, by type: the caches of chunks described on other
  /// threads, and of later snapshots, look a type up here once instead of reflecting on it.
  private static let knownFields = LockedValue<[ObjectIdentifier: StoredFields?]>([:])

  /// The cases of `value`'s type when it is an enum whose metadata says enough (see
  /// ``EnumCases``) and whose mirror is not customized; `nil` when its values are left to a
  /// `Mirror`.
  package func enumCases(of value: Any) -> EnumCases? {
    guard readsFields else { return nil }
    return enumTypes.answer(for: ObjectIdentifier(type(of: value))) {
      value is any CustomReflectable ? nil : EnumCases(type(of: value))
    }
  }

  /// Whether two values are equal, when the first one's type is Equatable (a value of another
  /// type is not equal to it); `nil` when that type is not Equatable.
  package func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    let equality = equalities.answer(for: ObjectIdentifier(type(of: lhs))) {
      (lhs as? any Equatable).map { Self.equality(of: $0) }
    }
    return equality?(lhs, rhs)
  }

  private static func equality<Value: Equatable>(of _: Value) -> (Any, Any) -> Bool {
    { lhs, rhs in
      // Values of exactly this type, as nearly all are, are read without a cast (see
      // `ExactCast`).
      // (Types are compared by identifier: `==` on metatypes goes through optionals too.)
      let exactly = ObjectIdentifier(Value.self)
      if ObjectIdentifier(type(of: lhs)) == exactly && ObjectIdentifier(type(of: rhs)) == exactly {
        return ExactCast.value(lhs, as: Value.self) == ExactCast.value(rhs, as: Value.self)
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
    // Compared one by one, the commonest first: cheaper than hashing the identifier.
    let type = ObjectIdentifier(type(of: value))
    return type == ObjectIdentifier(String.self) || type == ObjectIdentifier(Int.self)
      || type == ObjectIdentifier(Bool.self) || type == ObjectIdentifier(Double.self)
      || type == ObjectIdentifier(Substring.self) || type == ObjectIdentifier(Character.self)
      || type == ObjectIdentifier(Float.self) || type == ObjectIdentifier(Int8.self)
      || type == ObjectIdentifier(Int16.self) || type == ObjectIdentifier(Int32.self)
      || type == ObjectIdentifier(Int64.self) || type == ObjectIdentifier(UInt.self)
      || type == ObjectIdentifier(UInt8.self) || type == ObjectIdentifier(UInt16.self)
      || type == ObjectIdentifier(UInt32.self) || type == ObjectIdentifier(UInt64.self)
  }

  /// Whether `value` is a tuple, as its mirror says.
  package func isTuple(_ value: Any) -> Bool {
    guard !Self.isScalar(value) else { return false }
    let known = tupleTypes.answer(for: ObjectIdentifier(type(of: value))) {
      // A type with a custom mirror could say anything, value by value; any other type's
      // mirror says what the type is, so one value tells.
      value is any CustomReflectable
        ? .askEachValue : Mirror(reflecting: value).displayStyle == .tuple ? .tuple : .notTuple
    }
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
