import Foundation

/// Bytes read in place, for the length of one call: the one type through which the decoders
/// read their text. Every read is checked against the bytes' count, so the reader, the keys
/// and the escapes built on it handle no pointer of their own and cannot read past the end.
///
/// ```swift
/// let count = ByteInput.read(Data("{}".utf8)) { input in input.count }  // 2
/// ```
///
/// The bytes are borrowed from the caller of a `read` function and valid only inside its
/// body; a `ByteInput` must not be kept past it. `RawSpan` would let the compiler hold that
/// rule, but on Apple platforms `Data.span` and `Array.span` need the 2025 systems (macOS 26,
/// iOS 26), later than the package supports, and a span stored in a reader needs the
/// experimental lifetime annotations; so this holds a buffer pointer, privately, and takes its
/// bytes only through the `read` functions, which end the borrow when their body returns.
struct ByteInput {
  private let bytes: UnsafeBufferPointer<UInt8>

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// No bytes.
  static var empty: ByteInput { ByteInput(UnsafeBufferPointer(start: nil, count: 0)) }

  /// An input over memory that ``ByteOutput`` holds, for its sink: the one other type that
  /// handles memory, and which keeps it alive while the input is used.
  init(borrowing bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes.bindMemory(to: UInt8.self)
  }

  /// Calls `body` with `data`'s bytes, read in place.
  @inline(__always) static func read<Result, Failure: Error>(
    _ data: Data, _ body: (ByteInput) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result = data.withUnsafeBytes { raw in
      Swift.Result { () throws(Failure) -> Result in try body(ByteInput(raw.bindMemory(to: UInt8.self))) }
    }
    return try result.get()
  }

  /// Calls `body` with `bytes`, read in place when they are contiguous (an array, or a slice
  /// of a read buffer), else from a copy. Always inlined: called from a caller that is itself
  /// generic over the bytes, a call would look up the result's generic metadata every time.
  @inline(__always) static func read<Bytes: Collection<UInt8>, Result, Failure: Error>(
    _ bytes: Bytes, _ body: (ByteInput) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result =
      bytes.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(Failure) -> Result in try body(ByteInput(buffer)) }
      }
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Swift.Result { () throws(Failure) -> Result in try body(ByteInput(buffer)) }
      }
    return try result.get()
  }

  /// Calls `body` with `text`'s UTF-8, read in place (a native string's bytes are
  /// contiguous, and no copy is made to get them).
  @inline(__always) static func read<Result, Failure: Error>(
    utf8Of text: String, _ body: (ByteInput) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try read(text.utf8, body)
  }

  /// How many bytes there are.
  @inline(__always) var count: Int { bytes.count }

  /// Whether there is a byte at `index`. The very test the subscript makes: a reader that
  /// asks before it reads (as a parser must, to find the end) has the subscript's own check
  /// folded into its question by the compiler, so reading in bounds costs one comparison.
  @inline(__always) func holds(_ index: Int) -> Bool {
    UInt(bitPattern: index) < UInt(bitPattern: bytes.count)
  }

  /// The byte at `index`, which must be one the input ``holds(_:)``.
  @inline(__always) subscript(index: Int) -> UInt8 {
    precondition(holds(index), "ByteInput index out of range")
    return bytes[index]
  }

  /// The bytes in `range`, as another input over the same memory.
  func slice(_ range: Range<Int>) -> ByteInput {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "ByteInput range out of range")
    return ByteInput(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// The bytes in `range` decoded as UTF-8 (invalid sequences become U+FFFD).
  func string(_ range: Range<Int>) -> String {
    String(decoding: slice(range).bytes, as: UTF8.self)
  }

  /// All the bytes decoded as UTF-8 (invalid sequences become U+FFFD).
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// A copy of all the bytes.
  var array: [UInt8] { Array(bytes) }

  /// A copy of all the bytes.
  var data: Data { Data(bytes) }

  /// Appends the bytes in `range` to `array`.
  func append(_ range: Range<Int>, to array: inout [UInt8]) {
    array.append(contentsOf: slice(range).bytes)
  }

  /// Whether the bytes are exactly `text`'s UTF-8.
  func equals(_ text: StaticString) -> Bool {
    text.withUTF8Buffer { Self.same(bytes, $0) }
  }

  /// Whether the bytes are exactly `text`'s UTF-8.
  func equals(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { Self.same(bytes, $0) }
  }

  /// Whether the bytes from `index` are `text`'s UTF-8 (and that many are left).
  func hasPrefix(_ text: StaticString, at index: Int) -> Bool {
    let length = text.utf8CodeUnitCount
    guard index >= 0, index <= bytes.count - length else { return false }
    return text.withUTF8Buffer { Self.same(slice(index..<index + length).bytes, $0) }
  }

  /// Whether two runs of bytes are the same: their counts, then `memcmp` (names are compared
  /// against a decoder's every known name, most of them differing at once).
  @inline(__always) private static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard left.count == right.count else { return false }
    guard let first = left.baseAddress, let second = right.baseAddress else { return true }
    return memcmp(first, second, left.count) == 0
  }

  /// The eight bytes from `index`, first byte lowest; past the end, spaces (which no caller
  /// treats as special), so a short text or a text's end is looked at a word at a time too.
  @inline(__always) func word(at index: Int) -> UInt64 {
    precondition(index >= 0 && index <= bytes.count, "ByteInput index out of range")
    let available = bytes.count - index
    if available >= 8 {
      return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }
    var word: UInt64 = 0x2020_2020_2020_2020
    for offset in 0..<available {
      word = word & ~(0xFF << (8 * UInt64(offset))) | UInt64(bytes[index + offset]) << (8 * UInt64(offset))
    }
    return word
  }

  /// Calls `body` with the bytes in `range` where they are: for ``ByteOutput``, the one other
  /// type that handles memory, to copy them without an intermediate array.
  func withBuffer<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    body(UnsafeRawBufferPointer(slice(range).bytes))
  }
}
