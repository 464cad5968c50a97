/// A value read out of an `Any` whose type is known to be exactly the one asked for, without
/// the runtime's dynamic cast.
///
/// `value as! Value` from an `Any` goes through the runtime's general cast, which looks for
/// optionals, bridging, existentials and subclasses: a few hundred instructions, per value.
/// Describing a snapshot's actions compares and prints the fields of every recorded state,
/// and checks the exact type first anyway; then the value is read in place instead.
///
/// ```swift
/// let boxed: Any = 42
/// if ObjectIdentifier(type(of: boxed)) == ObjectIdentifier(Int.self) {
///   let number = ExactCast.value(boxed, as: Int.self)   // 42
/// }
/// ```
package enum ExactCast {
  /// The value `any` holds, whose dynamic type must be exactly `Value` (not a subclass of it,
  /// nor an optional of it).
  @inline(__always) package static func value<Value>(_ any: Any, as _: Value.Type) -> Value {
    // Checked by the caller, so only in debug builds here.
    assert(ObjectIdentifier(type(of: any)) == ObjectIdentifier(Value.self), "ExactCast: the value is of another type")
    func read<Held>(_ held: Held) -> Value {
      withUnsafePointer(to: held) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    return _openExistential(any, do: read)
  }
}
