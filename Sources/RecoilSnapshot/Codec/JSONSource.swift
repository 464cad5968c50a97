/// What a ``JSONReader`` reads, as its messages name the end of it: a file (a snapshot, a
/// budget, a line of a live stream) or one control request.
///
/// ```swift
/// let request = try JSONValue(parsing: Array(#"{"control":"jump""#.utf8), as: .request)
/// // throws: unexpected end of the request; expected ',' or '}'
/// ```
package enum JSONSource: Sendable {
  case file
  case request

  /// Where the text stops: `end of file`.
  var end: String {
    switch self {
    case .file: "end of file"
    case .request: "end of the request"
    }
  }

  /// What an empty text is: `the file is empty`.
  var empty: String {
    switch self {
    case .file: "the file is empty"
    case .request: "the request is empty"
    }
  }
}
