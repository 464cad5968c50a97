import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Bytes appended by copying into memory it owns, doubling it when full: the JSON writer's
/// output, and with ``ByteInput`` one of the two types of this module that handle memory. A
/// document is written in millions of appends of a few bytes each (a quote, a comma, an
/// indentation, a key), and an array checks uniqueness and capacity on each of them; this
/// checks only capacity. Every append takes a value, a literal or an input, never an address.
///
/// ```swift
/// var output = ByteOutput(capacity: 64)
/// output.append(UInt8(ascii: "{"))
/// output.append("\"id\": 1")
/// output.append(UInt8(ascii: "}"))
/// output.bytes  // the 9 bytes of {"id": 1}
/// ```
///
/// `OutputSpan` is not used for the storage, nor `InlineArray` for the scratch digits: on Apple
/// platforms both need the 2025 systems (macOS 26, iOS 26), later than the package supports.
package struct ByteOutput: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are held: all those appended, or for a draining output those appended
  /// since it last drained.
  package private(set) var count = 0
  /// Where a draining output's bytes go whenever it is full, instead of growing.
  private let sink: ((ByteInput) -> Void)?

  /// An empty output with room for `capacity` bytes before it first grows.
  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
    sink = nil
  }

  /// An empty output that hands its bytes to `sink` whenever `capacity` of them are held (and
  /// when told to ``drain()``), so a large document never sits whole in memory and the
  /// same few pages are written again and again. The input is valid only during the call.
  ///
  /// ```swift
  /// var output = ByteOutput(capacity: 1 << 18) { bytes in received += bytes.array }
  /// ```
  init(capacity: Int, sink: @escaping (ByteInput) -> Void) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
    self.sink = sink
  }

  /// An empty output that hands its bytes over as arrays, whenever `capacity` of them are
  /// held and when told to ``drain()``: a large document goes where the caller keeps it, a
  /// piece at a time, and is never held whole twice.
  ///
  /// ```swift
  /// var output = ByteOutput(capacity: 1 << 18, chunks: { page += $0 })
  /// ```
  package init(capacity: Int, chunks: @escaping ([UInt8]) -> Void) {
    self.init(capacity: capacity) { chunks($0.array) }
  }

  deinit { start.deallocate() }

  /// Appends a byte.
  @inline(__always) package mutating func append(_ byte: UInt8) {
    if count == capacity { makeRoom(for: 1) }
    start[count] = byte
    count += 1
  }

  /// Appends the bytes of `input` in `range`.
  @inline(__always) mutating func append(_ input: ByteInput, _ range: Range<Int>) {
    input.withBuffer(range) { append($0) }
  }

  /// Appends bytes.
  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Appends what `other` holds.
  package mutating func append(_ other: borrowing ByteOutput) {
    append(UnsafeRawBufferPointer(start: other.start, count: other.count))
  }

  /// Appends a text's UTF-8 bytes.
  package mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `count` bytes of a literal from `offset`: parts of a fixed text, such as an
  /// indentation cut from a run of spaces.
  @inline(__always) mutating func append(_ literal: StaticString, from offset: Int, count: Int) {
    precondition(
      literal.hasPointerRepresentation && offset >= 0 && count >= 0 && offset + count <= literal.utf8CodeUnitCount,
      "ByteOutput: a part outside its literal")
    append(UnsafeRawBufferPointer(start: literal.utf8Start + offset, count: count))
  }

  /// Appends the first `count` bytes (at most 8) of `word`, first byte lowest: a short escape
  /// made in a register, stored at once.
  @inline(__always) mutating func append(word: UInt64, count: Int) {
    precondition(count >= 0 && count <= 8, "ByteOutput appends at most 8 bytes of a word")
    reserve(8) { destination in
      destination.storeBytes(of: word.littleEndian, as: UInt64.self)
      return count
    }
  }

  /// Appends `"key":`, and a space when `spaced`, with one check of the capacity: the member
  /// keys of a document, the program's own ASCII literals, copied as they are.
  @inline(__always) package mutating func appendKey(_ key: StaticString, spaced: Bool) {
    precondition(key.hasPointerRepresentation, "ByteOutput: a key is a literal")
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

  /// Appends a decimal integer, its digits written two at a time.
  mutating func appendDecimal(_ value: Int) {
    // Int.min has 19 digits and a sign: made from the end of a 24-byte scratch, then moved.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      let pairs = Self.digitPairs.utf8Start
      var magnitude = value.magnitude
      var position = buffer.count
      while magnitude >= 10 {
        let pair = Int(magnitude % 100)
        magnitude /= 100
        position -= 2
        buffer[position] = pairs[2 * pair]
        buffer[position + 1] = pairs[2 * pair + 1]
      }
      // A last single digit; none when the top two digits were a pair (from 10 up).
      if magnitude > 0 || position == buffer.count {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(magnitude)
      }
      if value < 0 {
        position -= 1
        buffer[position] = UInt8(ascii: "-")
      }
      append(UnsafeRawBufferPointer(rebasing: buffer[position...]))
    }
  }

  /// "00", "01", … "99": the two digits of each number below 100.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// A copy of the bytes appended.
  package var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// A copy of the bytes appended, as `Data`.
  package var data: Data {
    Data(bytes: start, count: count)
  }

  /// Hands a draining output's bytes to its sink, leaving it empty; does nothing to another.
  package mutating func drain() {
    guard let sink, count > 0 else { return }
    sink(ByteInput(borrowing: UnsafeRawBufferPointer(start: start, count: count)))
    count = 0
  }

  /// Writes the bytes appended to `descriptor`; the error number if it could not.
  package func write(to descriptor: Int32) -> Int32? {
    Self.write(UnsafeRawBufferPointer(start: start, count: count), to: descriptor)
  }

  /// Writes all of `input`'s bytes to `descriptor`; the error number if it could not.
  static func write(_ input: ByteInput, to descriptor: Int32) -> Int32? {
    input.withBuffer(0..<input.count) { write($0, to: descriptor) }
  }

  // MARK: - Memory

  /// Appends bytes from memory that stays valid for the call.
  @inline(__always) private mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity {
      makeRoom(for: bytes.count)
      if let sink, bytes.count > capacity {
        // More than a draining output holds at all: handed on as they are.
        sink(ByteInput(borrowing: bytes))
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

  /// Lets `write` store up to `maximum` bytes (at most 64) in place, where whole words may be
  /// stored past what it keeps; it returns how many it keeps.
  @inline(__always) private mutating func reserve(
    _ maximum: Int, _ write: (UnsafeMutableRawPointer) -> Int
  ) {
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

  /// Writes all of `bytes` to `descriptor`; the error number if it could not.
  private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
      } else if errno != EINTR {
        return errno
      }
    }
    return nil
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

extension ByteOutput {
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
      let (head, tail) = (
        source.loadUnaligned(as: Word.self), source.loadUnaligned(fromByteOffset: last, as: Word.self)
      )
      destination.storeBytes(of: head, as: Word.self)
      destination.storeBytes(of: tail, toByteOffset: last, as: Word.self)
    }
  }
}
