/// An object member's name as it stands in the text, matched against the names a decoder
/// knows without making a string: `switch key { case "id": … }`.
///
/// Valid only while its ``JSONReader`` is: it reads the text being read. A name written with
/// escapes (`"\u0069d"`) is decoded, so it matches as `id` would.
struct JSONKey {
  /// The name's bytes between its quotes, when it holds no escape (else none). Not optional:
  /// a key is made for every member read, and an optional input takes a tag byte more.
  private let raw: ByteInput
  /// The decoded name, when it holds escapes.
  private let unescaped: String?

  init(raw: ByteInput) {
    self.raw = raw
    self.unescaped = nil
  }

  init(unescaped: String) {
    self.raw = .empty
    self.unescaped = unescaped
  }

  /// The name as a string, for paths in error messages.
  var string: String { unescaped ?? raw.string }

  /// Whether the name is `text`, compared byte for byte without making a `String`.
  func matches(_ text: String) -> Bool {
    if let unescaped { return unescaped == text }
    return raw.equals(text)
  }

  /// Whether the name is `name`.
  static func ~= (name: StaticString, key: JSONKey) -> Bool {
    if let unescaped = key.unescaped {
      return name.withUTF8Buffer { unescaped.utf8.elementsEqual($0) }
    }
    return key.raw.equals(name)
  }
}
