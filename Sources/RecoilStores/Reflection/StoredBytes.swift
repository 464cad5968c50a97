/// Compares values where they are stored, byte for byte: equal bytes are the same scalars and
/// the same references, so the same value. A word at a time, as a generic byte sequence
/// comparison takes an iterator step per byte.
///
/// ```swift
/// withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in StoredBytes.equal(a.baseAddress!, b.baseAddress!, count: a.count) } }
/// ```
enum StoredBytes {
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
