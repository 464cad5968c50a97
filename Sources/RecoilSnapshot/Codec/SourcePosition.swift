/// A line and column in a JSON text, both starting at 1. Columns count Unicode scalars.
///
/// ```swift
/// let position = SourcePosition(line: 12, column: 15)
/// print(position)  // 12:15
/// ```
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
  /// The line, starting at 1.
  public var line: Int
  /// The column, starting at 1.
  public var column: Int
  /// While decoding, a position is only a byte offset; ``SourceText`` turns it into a line and
  /// column when an error is reported, so that success never pays for counting lines.
  var byteOffset: Int?

  /// Creates a position.
  ///
  /// ```swift
  /// let start = SourcePosition(line: 1, column: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - line: The line, starting at 1.
  ///   - column: The column, starting at 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// A position known only by its byte offset, until it is resolved.
  init(byteOffset: Int) {
    self.line = 0
    self.column = 0
    self.byteOffset = byteOffset
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
