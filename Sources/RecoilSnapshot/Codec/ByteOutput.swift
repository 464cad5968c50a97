/// Bytes appended by copying into memory it owns, doubling it when full: the JSON writer's
/// output. A document is written in millions of appends of a few bytes each (a quote, a
/// comma, an indentation, a key), and an array checks uniqueness and capacity on each of
/// them; this checks only capacity.
///
/// ```swift
/// var output = ByteOutput(capacity: 64)
/// output.append(UInt8(ascii: "{"))
/// output.append("\"id\": 1")
/// output.append(UInt8(ascii: "}"))
/// output.bytes  // the 9 bytes of {"id": 1}
/// ```
package struct ByteOutput: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes have been appended.
  package private(set) var count = 0

  /// An empty output with room for `capacity` bytes before it first grows.
  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// Makes room for `byteCount` bytes in all.
  package mutating func reserveCapacity(_ byteCount: Int) {
    if byteCount > capacity { grow(to: byteCount) }
  }

  /// Appends a byte.
  @inline(__always) package mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: capacity * 2) }
    start[count] = byte
    count += 1
  }

  /// Appends bytes.
  @inline(__always) package mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    let needed = count + bytes.count
    if needed > capacity { grow(to: max(needed, capacity * 2)) }
    if bytes.count <= 16 {
      // Most appends are a few bytes (a key, an indentation, a short value): copied here,
      // rather than through a call to `memmove`.
      for offset in 0..<bytes.count { start[count + offset] = source.load(fromByteOffset: offset, as: UInt8.self) }
    } else {
      UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
    }
    count = needed
  }

  /// Appends a text's UTF-8 bytes.
  package mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Calls `body` with the bytes appended, in place.
  package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: start, count: count))
  }

  /// A copy of the bytes appended.
  package var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  private mutating func grow(to newCapacity: Int) {
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: start, count: count)
    start.deallocate()
    start = grown
    capacity = newCapacity
  }
}
