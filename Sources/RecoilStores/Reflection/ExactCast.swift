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

  /// Calls `body` with the address of the value `any` holds, whose dynamic type must be
  /// exactly `Value`: the value is used where it is, not copied. A copy retains what the value
  /// holds, and values shared by the threads that describe actions (a state's array that no
  /// action changes, say) would have their counts bounce between the cores.
  @inline(__always) package static func withPointer<Value, Result>(
    to any: Any, as _: Value.Type, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    // Checked by the caller, so only in debug builds here.
    assert(ObjectIdentifier(type(of: any)) == ObjectIdentifier(Value.self), "ExactCast: the value is of another type")
    func open<Held>(_ held: Held) -> Result {
      withUnsafePointer(to: held) { body(UnsafeRawPointer($0).assumingMemoryBound(to: Value.self)) }
    }
    return _openExistential(any, do: open)
  }
  /// `value` as an `Any`, holding the same storage. `Sendable` is a marker protocol, erased at
  /// run time, so `any Sendable` is `Any` there; converting through the type system opens the
  /// value and boxes it again, copying a large value (a recorded state, say) and what it holds.
  @inline(__always) package static func any(_ value: any Sendable) -> Any {
    assert(ObjectIdentifier((any Sendable).self) == ObjectIdentifier(Any.self), "any Sendable is not Any at run time")
    // `as any Sendable` keeps the container: passed to a generic parameter, the value would be
    // opened, and its own type's size compared with `Any`'s.
    return unsafeBitCast(value as any Sendable, to: Any.self)
  }
}
