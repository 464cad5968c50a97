/// A small plain value (trivially copyable and at most 8 bytes: an `Int`, a `Bool`, a
/// `Double`, a simple enum) kept as its bits and its type, so that a record holding it is
/// plain data: recording it copies no existential and releasing it destroys none.
///
/// ```swift
/// let recorded = PlainValue(42)   // nil for a String or an Array
/// recorded?.value as? Int         // 42
/// ```
@usableFromInline package struct PlainValue: BitwiseCopyable {
  @usableFromInline let bits: UInt64
  /// Reads the bits back as the value's type.
  @usableFromInline let loader: any PlainValueLoading.Type

  /// The value's bits, or nil when it is not plain or larger than 8 bytes.
  @inlinable package init?<Value: Sendable>(_ value: Value) {
    // Both tests are constants once `Value` is known: no work for other values.
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size else { return nil }
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &bits) { target in
      withUnsafeBytes(of: value) { target.copyMemory(from: $0) }
    }
    self.bits = bits
    self.loader = PlainValueLoader<Value>.self
  }

  /// The value again.
  package var value: any Sendable { loader.load(bits) }
}

/// How a ``PlainValue`` reads its bits back: one conformance per value type, so that the
/// record keeps a metatype, which is plain data, rather than a closure.
@usableFromInline package protocol PlainValueLoading {
  static func load(_ bits: UInt64) -> any Sendable
}

@usableFromInline enum PlainValueLoader<Value: Sendable>: PlainValueLoading {
  @usableFromInline static func load(_ bits: UInt64) -> any Sendable {
    withUnsafeBytes(of: bits) { $0.loadUnaligned(as: Value.self) }
  }
}
