/// A small value's type and exact bytes, as a dictionary key: two values with the same key
/// are the same value, so what is worked out from one by reflection holds for the other.
/// Actions repeat (the same tap, the same toggle), and describing one reflects on it through
/// a `Mirror` per enum case, which costs microseconds.
///
/// Equal bytes mean the same scalars and the same references. The key keeps its value, and
/// with it every object those references name, alive, so no other object can take one's
/// address while the key exists. Values with different bytes may still be equal (padding,
/// two copies of one text); they only get different keys.
///
/// ```swift
/// var names: [ExactValueKey: String] = [:]
/// if let key = ExactValueKey(action) { names[key] = ActionDescription(action).name }
/// ```
package struct ExactValueKey: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `value` is only kept alive, never read.
  private let type: ObjectIdentifier
  private let words: (UInt64, UInt64, UInt64, UInt64)
  private let value: Any

  /// The key of `value`, or `nil` when its type is larger than 32 bytes.
  package init?(_ value: Any) {
    guard let (type, words) = ExactCast.storedWords(of: value) else { return nil }
    self.type = type
    self.words = words
    self.value = value
  }

  package static func == (lhs: ExactValueKey, rhs: ExactValueKey) -> Bool {
    lhs.type == rhs.type && lhs.words == rhs.words
  }

  package func hash(into hasher: inout Hasher) {
    // The words folded into one before hashing: one combine instead of five.
    let type = UInt64(UInt(bitPattern: self.type))
    hasher.combine(
      words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &* 0xC2B2_AE3D_27D4_EB4F ^ words.2 &* 0x1656_67B1_9E37_79F9 ^ words.3
        ^ type)
  }
}
