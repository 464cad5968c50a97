@_spi(Reflection) import Swift

/// The stored fields of a struct or tuple type, found once from the runtime's field metadata,
/// so that the fields of many values of the type are compared and read without a `Mirror`
/// each: a `Mirror` looks the metadata up again for every child of every value, which costs
/// microseconds per child and is most of what describing thousands of actions costs.
///
/// It is made only for types whose `Mirror` shows exactly these fields, in this order: not for
/// types with a custom mirror, classes, enums, collections, or types holding a field weakly,
/// unowned or as a function.
///
/// ```swift
/// let fields = StoredFields(of: state)
/// for (label, old, new) in fields?.differences(before, after) ?? [] { print(label, old, new) }
/// ```
package struct StoredFields: @unchecked Sendable {
  // @unchecked Sendable: it holds labels, offsets and metatypes, none of which change.
  /// One stored field: its label as a `Mirror` shows it, and where its bytes are.
  package struct Field {
    package let label: String
    let offset: Int
    let size: Int
    let type: Any.Type
  }

  /// The fields, in declaration order.
  package let fields: [Field]
  /// Whether the type is a tuple rather than a struct.
  package let isTuple: Bool
  /// The type, whose values are read at the fields' offsets.
  private let valueType: ObjectIdentifier

  /// The fields of `sample`'s type, or `nil` when that type is left to a `Mirror`.
  ///
  /// - Parameter sample: A value of the type.
  package init?(of sample: Any) {
    guard !(sample is any CustomReflectable) else { return nil }
    let mirror = Mirror(reflecting: sample)
    guard mirror.displayStyle == .struct || mirror.displayStyle == .tuple else { return nil }
    let type = type(of: sample)
    guard Self.size(of: type) > 0 else { return nil }
    // Key paths are made only for fields held strongly, of kinds a key path can read: a weak
    // or unowned field is not stored as the value it holds, so its type is not read this way.
    guard Self.readableByKeyPath(type) else { return nil }
    var fields: [Field] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, _ in
      fields.append(
        Field(label: String(cString: name), offset: offset, size: Self.size(of: fieldType), type: fieldType))
      return true
    }
    guard complete, fields.map(\.label) == mirror.children.map({ $0.label ?? "" }) else { return nil }
    self.fields = fields
    isTuple = mirror.displayStyle == .tuple
    valueType = ObjectIdentifier(type)
  }

  /// The values of the fields of `value`, a value of the type, in declaration order.
  package func values(of value: Any) -> [Any] {
    func read<Value>(_ value: Value) -> [Any]? {
      // Held in an existential (see `ExactCast.unwrapped`): read from the value inside.
      guard ObjectIdentifier(Value.self) == valueType else { return nil }
      return StoredBytes.values(of: value, at: fields)
    }
    // A value of another type has none of these fields.
    return read(value) ?? read(ExactCast.unwrapped(value)) ?? []
  }

  /// The fields whose stored bytes differ between two values of the type, with the value
  /// each holds in both, in declaration order. A field whose bytes are the same in both holds
  /// the same scalars and the same references, so it is skipped without being read.
  ///
  /// - Parameters:
  ///   - before: A value of the type.
  ///   - after: Another value of the same type.
  /// - Returns: The differing fields; none when `after` is of another type.
  package func differences(_ before: Any, _ after: Any) -> [(label: String, before: Any, after: Any)] {
    func compare<Value>(_ before: Value) -> [(label: String, before: Any, after: Any)]? {
      // Held in an existential (see `ExactCast.unwrapped`): compared from the value inside.
      guard ObjectIdentifier(Value.self) == valueType else { return nil }
      // Read without a cast when the type is exactly the same, as it nearly always is (see
      // `ExactCast`).
      guard ObjectIdentifier(type(of: after)) == ObjectIdentifier(Value.self) else {
        return differencesAfterCasting(before, after)
      }
      return StoredBytes.differences(before, exactly: after, at: fields)
    }
    // A value of another type differs in nothing that these fields can say.
    return compare(before) ?? compare(ExactCast.unwrapped(before)) ?? []
  }

  /// `differences` when `after` is not exactly of `before`'s type: a subclass instance, say,
  /// or another type, which differs in nothing these fields can say. Out of line, so that the
  /// common path does not make the metadata of the optional the cast returns.
  @inline(never) private func differencesAfterCasting<Value>(
    _ before: Value, _ after: Any
  ) -> [(label: String, before: Any, after: Any)] {
    guard let after = after as? Value else { return [] }
    return StoredBytes.differences(before, after, at: fields)
  }

  private static func readableByKeyPath<Root>(_ root: Root.Type) -> Bool {
    _forEachFieldWithKeyPath(of: root) { _, _ in true }
  }

  private static func size<Value>(of _: Value.Type) -> Int { MemoryLayout<Value>.size }
}
