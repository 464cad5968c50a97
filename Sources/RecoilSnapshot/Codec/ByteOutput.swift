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
  /// How many bytes are held: all those appended, or for a draining output those appended
  /// since it last drained.
  package private(set) var count = 0
  /// Where a draining output's bytes go whenever it is full, instead of growing.
  private let sink: ((UnsafeRawBufferPointer) -> Void)?

  /// An empty output with room for `capacity` bytes before it first grows.
  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
    sink = nil
  }

  /// An empty output that hands its bytes to `sink` whenever `capacity` of them are held (and
  /// when told to ``drain()``), so a large document never sits whole in memory and the
  /// same few pages are written again and again.
  ///
  /// ```swift
  /// var output = ByteOutput(capacity: 1 << 18) { bytes in file.write(bytes) }
  /// ```
  package init(capacity: Int, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
    self.sink = sink
  }

  deinit { start.deallocate() }

  /// Appends a byte.
  @inline(__always) package mutating func append(_ byte: UInt8) {
    if count == capacity { makeRoom(for: 1) }
    start[count] = byte
    count += 1
  }

  /// Appends bytes.
  @inline(__always) package mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity {
      makeRoom(for: bytes.count)
      if let sink, bytes.count > capacity {
        // More than a draining output holds at all: handed on as they are.
        sink(bytes)
        return
      }
    }
    if bytes.count <= 16 {
      // Most appends are a few bytes (a key, an indentation, a short value): copied here,
      // rather than through a call to `memmove` (see `SmallCopy`).
      SmallCopy.copy(bytes.count, from: source, to: UnsafeMutableRawPointer(start + count))
    } else {
      UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
    }
    count += bytes.count
  }

  /// Appends `"key":`, and a space when `spaced`, with one check of the capacity: the member
  /// keys of a document, the program's own ASCII literals, copied as they are.
  @inline(__always) package mutating func appendKey(_ key: StaticString, spaced: Bool) {
    let length = key.utf8CodeUnitCount
    // The quote, the key, and four bytes stored at once after it (see below).
    let needed = length + 5
    if count + needed > capacity {
      // Rare: a key longer than a draining output holds goes through the general path.
      makeRoom(for: needed)
      guard count + needed <= capacity else {
        append(UInt8(ascii: "\""))
        append(UnsafeRawBufferPointer(start: key.utf8Start, count: length))
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
        if spaced { append(UInt8(ascii: " ")) }
        return
      }
    }
    let destination = UnsafeMutableRawPointer(start + count)
    destination.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    if length <= 16 {
      SmallCopy.copy(length, from: key.utf8Start, to: destination + 1)
    } else {
      (destination + 1).copyMemory(from: key.utf8Start, byteCount: length)
    }
    // `": ` in one store of four bytes (quote, colon, two spaces), of which the count keeps
    // the quote and colon and, pretty, one space; the rest is overwritten by what follows.
    (destination + 1 + length).storeBytes(of: (0x2020_3A22 as UInt32).littleEndian, as: UInt32.self)
    count += length + (spaced ? 4 : 3)
  }

  /// Writes at most `maximum` bytes (no more than 64) straight into the output: `write` is
  /// given where they go and returns how many it wrote. Short writes of a known bound then
  /// take one check for room, and may store whole words past what they keep.
  @inline(__always) package mutating func append(
    atMost maximum: Int, _ write: (UnsafeMutableRawPointer) -> Int
  ) {
    precondition(maximum <= 64, "ByteOutput writes at most 64 bytes in place")
    if count + maximum > capacity {
      makeRoom(for: maximum)
      if count + maximum > capacity {
        // A draining output smaller than that (not one this package makes): through a copy.
        var scratch: (SIMD32<UInt8>, SIMD32<UInt8>) = (.zero, .zero)
        let written = withUnsafeMutableBytes(of: &scratch) { write($0.baseAddress!) }
        withUnsafeBytes(of: &scratch) { append(UnsafeRawBufferPointer(rebasing: $0.prefix(written))) }
        return
      }
    }
    count += write(UnsafeMutableRawPointer(start + count))
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

  /// Hands a draining output's bytes to its sink, leaving it empty; does nothing to another.
  package mutating func drain() {
    guard let sink, count > 0 else { return }
    sink(UnsafeRawBufferPointer(start: start, count: count))
    count = 0
  }

  /// Room for `byteCount` more bytes: a draining output drains, another grows.
  private mutating func makeRoom(for byteCount: Int) {
    if sink != nil {
      drain()
    } else {
      grow(to: max(count + byteCount, capacity * 2))
    }
  }

  private mutating func grow(to newCapacity: Int) {
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: start, count: count)
    start.deallocate()
    start = grown
    capacity = newCapacity
  }
}
