// Values read where they are stored, the module's reads of memory besides the runtime's
// metadata (`EnumCases.swift`): a value out of an `Any` whose exact type is known
// (`ExactCast`), plain values as bits, and a struct's stored fields read and compared at their
// offsets (`StoredBytes`, for `StoredFields`).

/// A value read out of an `Any` whose type is known to be exactly the one asked for, without
/// the runtime's dynamic cast.
///
/// `value as! Value` from an `Any` goes through the runtime's general cast, which looks for
/// optionals, bridging, existentials and subclasses: a long path, taken for every value.
/// Describing a snapshot's actions compares and prints the fields of every recorded state,
/// and checks the exact type first anyway; then the value is read in place instead.
///
/// ```swift
/// let boxed: Any = 42
/// if ObjectIdentifier(type(of: boxed)) == ObjectIdentifier(Int.self) {
///   let number = ExactCast.value(boxed, as: Int.self)   // 42
/// }
/// ```
@usableFromInline package enum ExactCast {
  /// The value `any` holds, whose dynamic type must be exactly `Value` (not a subclass of it,
  /// nor an optional of it).
  @inline(__always) package static func value<Value>(_ any: Any, as _: Value.Type) -> Value {
    // Checked by the caller, so only in debug builds here.
    assert(ObjectIdentifier(type(of: any)) == ObjectIdentifier(Value.self), "ExactCast: the value is of another type")
    func read<Held>(_ held: Held) -> Value {
      guard ObjectIdentifier(Held.self) == ObjectIdentifier(Value.self) else { return cast(any, to: Value.self) }
      return withUnsafePointer(to: held) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    return _openExistential(any, do: read)
  }

  /// Calls `body` with the address of the value `any` holds, whose dynamic type must be
  /// exactly `Value`: the value is used where it is, not copied. A copy retains what the value
  /// holds, and values shared by the threads that describe actions (a state's array that no
  /// action changes, say) would have their counts bounce between the cores.
  @inline(__always) static func withPointer<Value, Result>(
    to any: Any, as _: Value.Type, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    // Checked by the caller, so only in debug builds here.
    assert(ObjectIdentifier(type(of: any)) == ObjectIdentifier(Value.self), "ExactCast: the value is of another type")
    func open<Held>(_ held: Held) -> Result {
      guard ObjectIdentifier(Held.self) == ObjectIdentifier(Value.self) else {
        return withUnsafePointer(to: cast(any, to: Value.self), body)
      }
      return withUnsafePointer(to: held) { body(UnsafeRawPointer($0).assumingMemoryBound(to: Value.self)) }
    }
    return _openExistential(any, do: open)
  }

  /// The exact type and the bytes of the value `any` holds, zero-filled to 32, or `nil` when
  /// its type is larger than 32 bytes: what ``ExactValueKey`` compares. The type is the one
  /// whose bytes these are: an `Any` holding an existential gives the existential's (see
  /// ``unwrapped(_:)``).
  package static func storedWords(of any: Any) -> (ObjectIdentifier, (UInt64, UInt64, UInt64, UInt64))? {
    func words<Value>(of value: Value) -> (ObjectIdentifier, (UInt64, UInt64, UInt64, UInt64))? {
      guard MemoryLayout<Value>.size <= 32 else { return nil }
      var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      withUnsafeBytes(of: value) { source in
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
      }
      return (ObjectIdentifier(Value.self), words)
    }
    return _openExistential(any, do: words)
  }

  /// `any` as an `Any` that holds its value directly. A mirror's child whose type is an
  /// existential (`any P`, `Any`), and a stored field of such a type, is an `Any` that holds
  /// that existential: its dynamic type is the value's, but opening it gives the existential,
  /// whose bytes are not the value's. Reading those as the value would read a box's bytes.
  ///
  /// ```swift
  /// enum Event { case value(Any) }
  /// let payload = Mirror(reflecting: Event.value(1.5)).children.first!.value
  /// ExactCast.unwrapped(payload)   // 1.5, held directly
  /// ```
  package static func unwrapped(_ any: Any) -> Any {
    func open<Held>(_: Held) -> Bool { ObjectIdentifier(Held.self) == ObjectIdentifier(type(of: any)) }
    guard !_openExistential(any, do: open) else { return any }
    func cast<Value>(to type: Value.Type) -> Any { ExactCast.cast(any, to: type) }
    return _openExistential(type(of: any), do: cast)
  }

  /// `any`'s value, which is a `Value`, by the runtime's cast: that looks into an existential
  /// that `any` holds. Out of line: only such values take it.
  @inline(never) private static func cast<Value>(_ any: Any, to _: Value.Type) -> Value {
    // Forced: every caller has found `type(of: any)` to be `Value`, which is what this cast
    // checks, so it cannot fail.
    any as! Value
  }

  // MARK: - Plain values

  /// How many bytes a value of `Value` takes when it is plain (trivially copyable) and at most
  /// 8 bytes: what a ``PlainValue`` keeps as bits; 0 for any other type.
  @inlinable package static func plainSize<Value>(of _: Value.Type) -> UInt8 {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= 8 ? UInt8(MemoryLayout<Value>.size) : 0
  }

  /// The bits of a plain value of at most 8 bytes, or `nil` for any other (see ``plainSize(of:)``).
  @inlinable package static func plainBits<Value>(of value: Value) -> UInt64? {
    // Both tests are constants once `Value` is known: no work for other values.
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size else { return nil }
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &bits) { target in
      withUnsafeBytes(of: value) { target.copyMemory(from: $0) }
    }
    return bits
  }

  /// The plain value of `type` whose bits these are (from ``plainBits(of:)``, or read where
  /// the value lives).
  package static func plainValue(bits: UInt64, type: Any.Type) -> any Sendable {
    // The type is opened as a plain generic parameter (a marker protocol's existential
    // metatype cannot be); the value was `Sendable` when kept, and `Any` and `any Sendable`
    // have one layout (a marker protocol has no witness table), so the box is reinterpreted.
    func load<Value>(_: Value.Type) -> Any { withUnsafeBytes(of: bits) { $0.loadUnaligned(as: Value.self) } }
    return unsafeBitCast(_openExistential(type, do: load), to: (any Sendable).self)
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

/// A value's stored fields, read and compared where the value is stored: equal bytes are the
/// same scalars and the same references, so the same value. A word at a time, as a generic
/// byte sequence comparison takes an iterator step per byte.
///
/// ```swift
/// let changed = StoredBytes.differences(old, new, at: StoredFields(of: old)!.fields)
/// ```
enum StoredBytes {
  /// The values of `fields` of `value`, in their order: each a copy of what it stores.
  static func values<Value>(of value: Value, at fields: [StoredFields.Field]) -> [Any] {
    withUnsafeBytes(of: value) { bytes in
      guard let base = bytes.baseAddress else { return [] }
      return fields.map { load($0.type, from: base + $0.offset) }
    }
  }

  /// The fields whose bytes differ between `before` and `after`, a value of exactly `Value`
  /// in an `Any`, with the value each holds in both. Both are read where they are, uncopied
  /// (see ``ExactCast/withPointer(to:as:_:)``).
  static func differences<Value>(
    _ before: Value, exactly after: Any, at fields: [StoredFields.Field]
  ) -> [(label: String, before: Any, after: Any)] {
    withUnsafePointer(to: before) { old in
      ExactCast.withPointer(to: after, as: Value.self) { new in
        differences(UnsafeRawPointer(old), UnsafeRawPointer(new), at: fields)
      }
    }
  }

  /// The fields whose bytes differ between two values, with the value each holds in both.
  static func differences<Value>(
    _ before: Value, _ after: Value, at fields: [StoredFields.Field]
  ) -> [(label: String, before: Any, after: Any)] {
    withUnsafePointer(to: before) { old in
      withUnsafePointer(to: after) { new in differences(UnsafeRawPointer(old), UnsafeRawPointer(new), at: fields) }
    }
  }

  /// The fields whose bytes differ between the values at `old` and `new`.
  private static func differences(
    _ old: UnsafeRawPointer, _ new: UnsafeRawPointer, at fields: [StoredFields.Field]
  ) -> [(label: String, before: Any, after: Any)] {
    var differing: [(label: String, before: Any, after: Any)] = []
    for field in fields where field.size > 0 {
      guard !equal(old + field.offset, new + field.offset, count: field.size) else { continue }
      differing.append(
        (field.label, load(field.type, from: old + field.offset), load(field.type, from: new + field.offset)))
    }
    return differing
  }

  /// A copy of the field of type `Value` stored at `address`.
  private static func load<Value>(_ _: Value.Type, from address: UnsafeRawPointer) -> Any {
    address.load(as: Value.self)
  }

  /// Whether the `count` bytes at `first` and at `second` are the same.
  static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      guard
        first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard first.load(fromByteOffset: offset, as: UInt8.self) == second.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }
}
