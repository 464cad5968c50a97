import Foundation

/// Splits a byte stream into lines, each at most `maximumLineBytes` long, in one pass.
///
/// Bytes are looked at once: a newline is searched for only in bytes not searched before, and
/// a line that lies wholly inside one chunk is handed over in place, without a copy. A line
/// longer than the bound is not kept: its bytes are counted and dropped up to its newline, and
/// it is reported as ``Line/tooLong(bytes:)``, so memory stays bounded whatever a peer sends.
///
/// ```swift
/// var reader = LineReader(maximumLineBytes: 16 << 20)
/// reader.consume(chunk) { number, line in … }
/// reader.finish { number, line in … }
/// ```
struct LineReader {
  /// A line, valid only during the callback that receives it.
  enum Line {
    /// The line's bytes, without the newline (and without a carriage return before it).
    case text(UnsafeBufferPointer<UInt8>)
    /// A line longer than the bound; this many bytes were dropped.
    case tooLong(bytes: Int)
  }

  /// 16 MiB: far longer than any event, short enough that a runaway peer costs little.
  static let defaultMaximumLineBytes = 16 << 20

  let maximumLineBytes: Int
  /// The start of a line that did not end in the chunks read so far.
  private var partial: [UInt8] = []
  /// Bytes dropped so far from a line that is too long, or `nil` when not in one.
  private var skipped: Int?
  /// The number of the next line, from 1.
  private(set) var lineNumber = 1

  /// Whether a line has begun and not yet ended: the peer stopped in the middle of one.
  var isInsideLine: Bool { !partial.isEmpty || skipped != nil }

  init(maximumLineBytes: Int = defaultMaximumLineBytes) {
    self.maximumLineBytes = maximumLineBytes
  }

  /// Hands every line that ends in `chunk` to `body` with its number.
  mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Int, Line) -> Void) {
    var start = 0
    while start < chunk.count {
      guard let newline = Self.newline(in: chunk, from: start) else {
        keep(UnsafeBufferPointer(rebasing: chunk[start...]))
        return
      }
      let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
      if let dropped = skipped {
        emit(.tooLong(bytes: dropped + piece.count), body)
        skipped = nil
      } else if partial.isEmpty {
        if piece.count > maximumLineBytes {
          emit(.tooLong(bytes: piece.count), body)
        } else {
          emit(.text(trimmed(piece)), body)
        }
      } else if partial.count + piece.count > maximumLineBytes {
        emit(.tooLong(bytes: partial.count + piece.count), body)
        partial.removeAll(keepingCapacity: false)
      } else {
        partial.append(contentsOf: piece)
        partial.withUnsafeBufferPointer { emit(.text(trimmed($0)), body) }
        partial.removeAll(keepingCapacity: true)
      }
      start = newline + 1
    }
  }

  /// Hands over the last line when the stream ended without a newline.
  mutating func finish(_ body: (Int, Line) -> Void) {
    if let dropped = skipped {
      emit(.tooLong(bytes: dropped), body)
    } else if !partial.isEmpty {
      partial.withUnsafeBufferPointer { emit(.text(trimmed($0)), body) }
    }
    partial.removeAll(keepingCapacity: false)
    skipped = nil
  }

  /// Keeps the unfinished end of a chunk, or counts it when the line is already too long.
  private mutating func keep(_ rest: UnsafeBufferPointer<UInt8>) {
    if let dropped = skipped {
      skipped = dropped + rest.count
    } else if partial.count + rest.count > maximumLineBytes {
      skipped = partial.count + rest.count
      partial.removeAll(keepingCapacity: false)
    } else {
      partial.append(contentsOf: rest)
    }
  }

  private mutating func emit(_ line: Line, _ body: (Int, Line) -> Void) {
    body(lineNumber, line)
    lineNumber += 1
  }

  /// The index of the first newline at or after `start`, found with `memchr`, which reads
  /// many bytes per step.
  private static func newline(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = chunk.baseAddress, start < chunk.count,
      let found = memchr(base + start, 0x0A, chunk.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard line.last == 0x0D else { return line }
    return UnsafeBufferPointer(rebasing: line.dropLast())
  }
}
