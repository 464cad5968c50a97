/// Copies up to 16 bytes in at most two loads and two stores of a word, a half word or less:
/// the ranges at the start and at the end of the bytes, which overlap when the count is not a
/// power of two. A JSON document is mostly short appends (keys, indentation, numbers, short
/// texts); byte by byte, each took a few instructions per byte.
///
/// ```swift
/// SmallCopy.copy(13, from: key, to: destination)   // two 8-byte copies, at 0 and at 5
/// ```
enum SmallCopy {
  /// Copies `count` bytes, at most 16, from `source` to `destination`; the ranges must not
  /// overlap.
  @inline(__always) static func copy(
    _ count: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer
  ) {
    precondition(count <= 16, "SmallCopy copies at most 16 bytes")
    switch count {
    case 8...16: copy(count, from: source, to: destination, as: UInt64.self)
    case 4...7: copy(count, from: source, to: destination, as: UInt32.self)
    case 2...3: copy(count, from: source, to: destination, as: UInt16.self)
    case 1: destination.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
    default: break
    }
  }

  /// Copies `count` bytes, from one to two words' worth, as the word at the start and the
  /// word at the end.
  @inline(__always) private static func copy<Word: FixedWidthInteger>(
    _ count: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, as _: Word.Type
  ) {
    let last = count - MemoryLayout<Word>.size
    let (head, tail) = (source.loadUnaligned(as: Word.self), source.loadUnaligned(fromByteOffset: last, as: Word.self))
    destination.storeBytes(of: head, as: Word.self)
    destination.storeBytes(of: tail, toByteOffset: last, as: Word.self)
  }
}
