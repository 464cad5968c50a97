/// A JSON value together with its path, with typed accessors that fail with a located error.
///
/// The path (`nodes[3].kind`) is spelled out only when an error names it: a field keeps its
/// parent's path and its own step, so decoding a large file makes no path strings at all.
struct Field {
  var value: JSONValue
  private let parentPath: String
  private let step: Step

  private enum Step {
    /// The field's whole path is `parentPath`.
    case whole
    case member(String)
    case element(Int)
    /// `parentPath[index].key`: a member of an array element, the commonest field of all.
    case elementMember(Int, String)
  }

  init(value: JSONValue, path: String) {
    self.value = value
    self.parentPath = path
    self.step = .whole
  }

  private init(value: JSONValue, parentPath: String, step: Step) {
    self.value = value
    self.parentPath = parentPath
    self.step = step
  }

  /// The field's path, such as `nodes[3].kind`; the root is `$`.
  var path: String {
    switch step {
    case .whole: parentPath
    case .member(let key): Self.join(parentPath, key)
    case .element(let index): "\(parentPath)[\(index)]"
    case .elementMember(let index, let key): "\(parentPath)[\(index)].\(key)"
    }
  }

  private static func join(_ parent: String, _ key: String) -> String {
    parent == "$" ? key : "\(parent).\(key)"
  }

  var location: SnapshotLocation { SnapshotLocation(path: path, position: value.position) }

  func requireObject() throws(SnapshotError) {
    guard case .object = value.content else {
      throw .typeMismatch(expected: "an object", found: value.typeName, at: location)
    }
  }

  func member(_ key: String) -> Field? {
    guard let member = value.member(key) else { return nil }
    switch step {
    case .whole: return Field(value: member, parentPath: parentPath, step: .member(key))
    case .element(let index): return Field(value: member, parentPath: parentPath, step: .elementMember(index, key))
    // A member of a member spells out its parent's path; that is rare and shallow.
    case .member, .elementMember: return Field(value: member, parentPath: path, step: .member(key))
    }
  }

  /// A member that must be present and not null.
  func required(_ key: String) throws(SnapshotError) -> Field {
    guard let field = member(key), !field.isNull else {
      throw .missingField(
        at: SnapshotLocation(path: Self.join(path, key), position: value.position))
    }
    return field
  }

  /// A member that may be absent or null.
  func optional(_ key: String) throws(SnapshotError) -> Field? {
    guard let field = member(key), !field.isNull else { return nil }
    return field
  }

  var isNull: Bool {
    if case .null = value.content { return true }
    return false
  }

  func string() throws(SnapshotError) -> String {
    guard case .string(let string) = value.content else {
      throw .typeMismatch(expected: "a string", found: value.typeName, at: location)
    }
    return string
  }

  func bool() throws(SnapshotError) -> Bool {
    guard case .bool(let bool) = value.content else {
      throw .typeMismatch(expected: "a boolean", found: value.typeName, at: location)
    }
    return bool
  }

  /// A non-negative integer.
  func count() throws(SnapshotError) -> Int {
    guard case .integer(let integer) = value.content else {
      if case .double = value.content {
        throw .typeMismatch(expected: "an integer", found: value.preview, at: location)
      }
      throw .typeMismatch(expected: "an integer", found: value.typeName, at: location)
    }
    guard integer >= 0 else {
      throw .invalidValue(expected: "a non-negative integer", found: String(integer), at: location)
    }
    return integer
  }

  func elements() throws(SnapshotError) -> [Field] {
    guard case .array(let elements) = value.content else {
      throw .typeMismatch(expected: "an array", found: value.typeName, at: location)
    }
    let path = self.path
    return elements.enumerated().map { Field(value: $0.element, parentPath: path, step: .element($0.offset)) }
  }
}
