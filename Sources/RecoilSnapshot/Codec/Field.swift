/// A JSON value together with its path, with typed accessors that fail with a located error.
struct Field {
  var value: JSONValue
  var path: String

  var location: SnapshotLocation { SnapshotLocation(path: path, position: value.position) }

  func requireObject() throws(SnapshotError) {
    guard case .object = value.content else {
      throw .typeMismatch(expected: "an object", found: value.typeName, at: location)
    }
  }

  func member(_ key: String) -> Field? {
    value.member(key).map { Field(value: $0, path: path == "$" ? key : "\(path).\(key)") }
  }

  /// A member that must be present and not null.
  func required(_ key: String) throws(SnapshotError) -> Field {
    guard let field = member(key), !field.isNull else {
      throw .missingField(
        at: SnapshotLocation(path: path == "$" ? key : "\(path).\(key)", position: value.position))
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
    return elements.enumerated().map { Field(value: $0.element, path: "\(path)[\($0.offset)]") }
  }
}
