/// Cuts what a listener sends back into lines (its control requests), keeping a line split
/// across reads until its end arrives. A line longer than 1 MiB is dropped whole: no request
/// is that long, and the app must not keep growing a buffer for one.
///
/// ```swift
/// var lines = RequestLines()
/// for line in lines.take(Array("{\"control\":\"resume\"}\n{\"con".utf8)) { handle(line) }
/// ```
struct RequestLines {
  private var partial: [UInt8] = []
  /// Whether the line being read is too long and is skipped to its end.
  private var skipping = false
  static let limit = 1 << 20

  /// The complete lines in what was read now and before, without their line breaks; empty
  /// lines are left out.
  mutating func take(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var start = bytes.startIndex
    while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      if !skipping {
        let line = partial + bytes[start..<end]
        if !line.isEmpty && line.count <= Self.limit { lines.append(line) }
      }
      partial = []
      skipping = false
      start = end + 1
    }
    if !skipping {
      partial += bytes[start...]
      if partial.count > Self.limit {
        partial = []
        skipping = true
      }
    }
    return lines
  }
}
