#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// How recordings keep what they record: every place where the recorders read or write memory
// the compiler does not check is in this file, so that the recorders themselves (a store's
// `_ActionRecorder`, the container's `GraphRecorder`) are checked Swift.
//
// - `RecordBuffer`: the bounded buffer a store's actions are appended to, one plain write per
//   dispatch, with no uniqueness check.
// - `RecordFields` and `RecordField`: a buffer's elements read in place, one field at a time, by
//   offsets worked out once from key paths, so a snapshot of thousands of records copies each
//   field it needs and nothing else.
// - `PlainValue` and `PlainText`: a small plain value kept as its bits, and a literal text (a
//   call site's file) kept as its address and length, so that a record holding them is plain
//   data of a known small size.

/// A recorder's bounded buffer of its newest records, written on every recorded operation: a
/// store's action entries, one per dispatch.
///
/// Like ``RingBuffer`` it keeps the newest `capacity` elements and counts what it dropped,
/// but it is not copyable: one recorder owns it and appends under its lock, and a reader
/// reads the elements in place under the same lock (``withFields(_:)``). So an append is a
/// plain write into reserved memory, with no check for shared storage; that check and the
/// copy it guards are what a `RingBuffer` append would cost an operation while a snapshot is
/// being taken.
///
/// ```swift
/// var buffer = RecordBuffer<Int>(capacity: 2)
/// for value in 1...3 { buffer.append(value) }
/// let whole = RecordField(\Int.self)!
/// buffer.withFields { fields in (0..<fields.count).map { fields[whole, at: $0] } }  // [2, 3]
/// buffer.dropped   // 1
/// ```
@usableFromInline package struct RecordBuffer<Element>: ~Copyable {
  /// `capacity` slots, the first `count` of them initialized.
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var count = 0
  /// Where the oldest element is, once the buffer is full.
  @usableFromInline var oldest = 0
  @usableFromInline package private(set) var capacity: Int
  /// How many elements were overwritten since the buffer was created.
  @usableFromInline package private(set) var dropped = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Adds `element`, in place of the oldest when full. Always inlined, so that the caller
  /// writes the element's fields straight into their slot.
  @inlinable @inline(__always) package mutating func append(_ element: consuming Element) {
    if count < capacity {
      (base + count).initialize(to: element)
      count &+= 1
      return
    }
    base[oldest] = element
    oldest = oldest &+ 1 == capacity ? 0 : oldest &+ 1
    dropped &+= 1
  }

  /// Calls `body` with the elements' fields, read where the elements are (see
  /// ``RecordFields``); positions count from the oldest.
  package func withFields<Result>(_ body: (RecordFields<Element>) throws -> Result) rethrows -> Result {
    try body(
      RecordFields(
        older: UnsafeBufferPointer(start: base + oldest, count: count - oldest),
        newer: UnsafeBufferPointer(start: base, count: oldest)))
  }

  /// Keeps more elements from now on (never fewer).
  package mutating func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    // Oldest first: the part from `oldest` to the end, then the part before it.
    (larger).moveInitialize(from: base + oldest, count: count - oldest)
    (larger + (count - oldest)).moveInitialize(from: base, count: oldest)
    base.deallocate()
    base = larger
    oldest = 0
    capacity = newCapacity
  }
}

/// The elements of a ``RecordBuffer``, read where they are, one field at a time: for a reader
/// generic over the elements' type, which would otherwise look up the type's layout for each
/// element read, or copy a whole element (its action and both its states) to read one field.
///
/// ```swift
/// let value = RecordField(\Pair.value)!
/// let values = buffer.withFields { fields in (0..<fields.count).map { fields[value, at: $0] } }
/// ```
package struct RecordFields<Element>: @unchecked Sendable {
  // @unchecked Sendable: read by several threads at once while the buffer's owner holds its
  // lock, and never written through.
  private let older: UnsafeBufferPointer<Element>
  private let newer: UnsafeBufferPointer<Element>

  fileprivate init(older: UnsafeBufferPointer<Element>, newer: UnsafeBufferPointer<Element>) {
    self.older = older
    self.newer = newer
  }

  /// How many elements there are.
  package var count: Int { older.count + newer.count }

  /// Where the element at `position` (from the oldest) starts.
  private func start(_ position: Int) -> UnsafeRawPointer {
    precondition(position >= 0 && position < count, "RecordFields: position out of range")
    return position < older.count
      ? UnsafeRawPointer(older.baseAddress! + position)
      : UnsafeRawPointer(newer.baseAddress! + (position - older.count))
  }

  /// A copy of `field` of the element at `position`.
  package subscript<Field>(field: RecordField<Element, Field>, at position: Int) -> Field {
    (start(position) + field.offset).assumingMemoryBound(to: Field.self).pointee
  }

  /// Whether `field` of the element at `position` and `other` of the one at `otherPosition`
  /// hold the same bytes: the same scalars and the same references, so the same value.
  package func sameBytes<Field>(
    _ field: RecordField<Element, Field>, at position: Int, as other: RecordField<Element, Field>, at otherPosition: Int
  ) -> Bool {
    // Once per record while a snapshot is made, so the C library's comparison serves.
    memcmp(start(position) + field.offset, start(otherPosition) + other.offset, MemoryLayout<Field>.size) == 0
  }
}

/// A stored field of a record type, by its offset in the record: made from a key path, so its
/// type is the field's.
///
/// ```swift
/// struct Pair { var key: Int; var value: String }
/// let value = RecordField(\Pair.value)!   // offset 8
/// ```
package struct RecordField<Element, Field>: Sendable {
  fileprivate let offset: Int

  /// The field `path` names, or `nil` when it names no stored field (a computed property).
  package init?(_ path: KeyPath<Element, Field>) {
    guard let offset = MemoryLayout<Element>.offset(of: path) else { return nil }
    self.offset = offset
  }
}

/// A literal text (`#fileID`, say) kept as its address in the program's constant data, which
/// lives as long as the program, and its length: 12 bytes of plain data, where a
/// `StaticString` takes 17 (so a ``CallSite`` is 16 bytes, and a store's action entry fits in a
/// cache line).
///
/// ```swift
/// let text = PlainText("CartDemo/CartScenario.swift")
/// text.string   // "CartDemo/CartScenario.swift"
/// ```
@usableFromInline package struct PlainText: @unchecked Sendable, BitwiseCopyable {
  // @unchecked Sendable: the address is of immutable constant data of the program.
  @usableFromInline let start: UnsafePointer<UInt8>
  /// How many bytes of UTF-8 it has.
  @usableFromInline package let length: UInt32

  /// The text of `literal`; a literal of one scalar (which `#fileID` never is) counts as empty.
  @inlinable package init(_ literal: StaticString) {
    // Branched rather than choosing a literal first: each branch reads a literal whose
    // representation the compiler knows, so `utf8Start` checks nothing at run time.
    if literal.hasPointerRepresentation {
      start = literal.utf8Start
      length = UInt32(truncatingIfNeeded: literal.utf8CodeUnitCount)
    } else {
      start = ("" as StaticString).utf8Start
      length = 0
    }
  }

  /// The text.
  package var string: String {
    String(decoding: UnsafeBufferPointer(start: start, count: Int(length)), as: UTF8.self)
  }

  /// Where the text is stored: equal addresses and lengths are the same text.
  package var address: UInt { UInt(bitPattern: start) }
}
