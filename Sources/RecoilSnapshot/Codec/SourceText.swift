import Foundation

/// The text an error refers to: turns byte offsets into lines and columns.
///
/// Decoding records only byte offsets. Counting lines costs a pass over the text, so it is
/// done here, once, for the one error that is reported. It holds the decoder's own `Data`
/// (shared, not copied), so a huge input is never held twice.
struct SourceText {
  let bytes: Data

  /// The line and column (both from 1) of the byte at `offset`; columns count Unicode scalars.
  func position(ofByte offset: Int) -> SourcePosition {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var column = 1
    // A byte order mark takes no column.
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) && end >= 3 ? 3 : 0
    for byte in bytes[bytes.startIndex + start..<bytes.startIndex + end] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // UTF-8 continuation bytes belong to the scalar before them.
        column += 1
      }
    }
    return SourcePosition(line: line, column: column)
  }

  /// `position` with its byte offset turned into a line and column; a resolved one as it is.
  func resolve(_ position: SourcePosition) -> SourcePosition {
    guard let offset = position.byteOffset else { return position }
    return self.position(ofByte: offset)
  }
}
