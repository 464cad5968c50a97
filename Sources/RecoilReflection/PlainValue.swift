/// A small plain value (trivially copyable and at most 8 bytes: an `Int`, a `Bool`, a
/// `Double`, a simple enum) kept as its bits and its type, so that a record holding it is
/// plain data: recording it copies no existential and releasing it destroys none. Which types
/// are plain is the runtime's to say, read through ``ExactCast``.
///
/// ```swift
/// let recorded = PlainValue(42)   // nil for a String or an Array
/// recorded?.value as? Int         // 42
/// ```
@usableFromInline package struct PlainValue: BitwiseCopyable {
  @usableFromInline let bits: UInt64
  /// The value's type, to read the bits back as. A metatype the caller already holds, not a
  /// generic type made from it: in unspecialized generic code (a slot of any value type),
  /// making one is a lookup in the runtime's metadata cache, which cost G3 with the inspector
  /// about a tenth more instructions when every evaluation kept its value.
  @usableFromInline let type: Any.Type

  /// The value's bits, or nil when it is not plain or larger than 8 bytes.
  @inlinable package init?<Value: Sendable>(_ value: Value) {
    guard let bits = ExactCast.plainBits(of: value) else { return nil }
    self.bits = bits
    self.type = Value.self
  }

  /// A value of `type` whose bits were read where it lives (the caller knows the type is
  /// plain and at most 8 bytes).
  package init(bits: UInt64, type: Any.Type) {
    self.bits = bits
    self.type = type
  }

  /// The value again.
  package var value: any Sendable { ExactCast.plainValue(bits: bits, type: type) }

  /// How many bytes a value of `Value` takes when it can be kept as a plain value, else 0.
  ///
  /// ```swift
  /// PlainValue.size(of: Int.self)     // 8
  /// PlainValue.size(of: String.self)  // 0
  /// ```
  @inlinable package static func size<Value>(of type: Value.Type) -> UInt8 { ExactCast.plainSize(of: type) }
}
