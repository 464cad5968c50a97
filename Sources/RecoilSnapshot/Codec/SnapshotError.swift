/// Why a snapshot could not be read, and where.
///
/// Every case carries the position in the text and, except for malformed JSON, the path of the
/// offending field (`nodes[3].kind`). ``description`` renders both:
///
/// ```swift
/// do {
///   _ = try SnapshotCodec.decode(data)
/// } catch {
///   print(error)  // 14:15: nodes[3].kind: expected atom, selector, store or slice, found "atm"
/// }
/// ```
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not JSON.
  case malformedJSON(message: String, at: SourcePosition)
  /// The `format` field does not say `recoil-inspect/snapshot`.
  case wrongFormat(found: String, at: SnapshotLocation)
  /// The `version` field names a version this library cannot read.
  case unsupportedVersion(found: String, at: SnapshotLocation)
  /// A required field is absent. The location is that of the object missing it.
  case missingField(at: SnapshotLocation)
  /// A field has the wrong JSON type.
  case typeMismatch(expected: String, found: String, at: SnapshotLocation)
  /// A field has the right type but a value outside what is allowed.
  case invalidValue(expected: String, found: String, at: SnapshotLocation)
  /// Two nodes share an id; `firstPath` is where the id was first used.
  case duplicateNodeID(id: String, firstPath: String, at: SnapshotLocation)
  /// An edge or owner names a node id that the snapshot does not contain.
  case unknownNode(id: String, at: SnapshotLocation)

  /// Where the error is.
  public var position: SourcePosition {
    switch self {
    case .malformedJSON(_, let position): position
    case .wrongFormat(_, let location), .unsupportedVersion(_, let location),
      .missingField(let location), .typeMismatch(_, _, let location),
      .invalidValue(_, _, let location), .duplicateNodeID(_, _, let location),
      .unknownNode(_, let location):
      location.position
    }
  }

  /// The path of the offending field, or `nil` for malformed JSON.
  public var path: String? {
    switch self {
    case .malformedJSON: nil
    case .wrongFormat(_, let location), .unsupportedVersion(_, let location),
      .missingField(let location), .typeMismatch(_, _, let location),
      .invalidValue(_, _, let location), .duplicateNodeID(_, _, let location),
      .unknownNode(_, let location):
      location.path
    }
  }

  /// What is wrong, without the location.
  public var message: String {
    switch self {
    case .malformedJSON(let message, _):
      "malformed JSON: \(message)"
    case .wrongFormat(let found, _):
      "expected \"\(Snapshot.format)\", found \(found); this is not a recoil-inspect snapshot"
    case .unsupportedVersion(let found, _):
      "unsupported snapshot version \(found); this tool reads version \(Snapshot.version)"
    case .missingField:
      "required field is missing"
    case .typeMismatch(let expected, let found, _):
      "expected \(expected), found \(found)"
    case .invalidValue(let expected, let found, _):
      "expected \(expected), found \(found)"
    case .duplicateNodeID(let id, let firstPath, _):
      id.unicodeScalars.contains("\u{FFFD}")
        ? "duplicate node id \"\(id)\" (first used by \(firstPath)); the two may differ in the file, but lone "
          + "surrogates (\\ud800) and invalid UTF-8 both read as U+FFFD, so they name the same node"
        : "duplicate node id \"\(id)\" (first used by \(firstPath))"
    case .unknownNode(let id, _):
      "names node \"\(id)\", which is not in nodes"
    }
  }

  /// `line:column: path: message`.
  public var description: String {
    if let path { "\(position): \(path): \(message)" } else { "\(position): \(message)" }
  }
}

/// The position and field path of a value in a snapshot file.
///
/// ```swift
/// let location = SnapshotLocation(path: "nodes[3].kind", position: SourcePosition(line: 14, column: 15))
/// ```
public struct SnapshotLocation: Sendable, Hashable {
  /// The field path, such as `edges[0].from`; the root object is `$`.
  public var path: String
  /// The line and column where the value (or the object missing it) starts.
  public var position: SourcePosition

  /// Creates a location.
  ///
  /// ```swift
  /// let root = SnapshotLocation(path: "$", position: SourcePosition(line: 1, column: 1))
  /// ```
  ///
  /// - Parameters:
  ///   - path: The field path.
  ///   - position: The line and column.
  public init(path: String, position: SourcePosition) {
    self.path = path
    self.position = position
  }
}
