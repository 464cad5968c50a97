import Foundation

/// An object member's name as it stands in the text, matched against the names a decoder
/// knows without making a string: `switch key { case "id": … }`.
///
/// Valid only while its ``JSONReader`` is: it points into the text being read. A name written
/// with escapes (`"\u0069d"`) is decoded, so it matches as `id` would.
struct JSONKey {
  /// The name's bytes between its quotes, when it holds no escape.
  private let raw: UnsafeBufferPointer<UInt8>
  /// The decoded name, when it holds escapes.
  private let unescaped: String?

  init(raw: UnsafeBufferPointer<UInt8>) {
    self.raw = raw
    self.unescaped = nil
  }

  init(unescaped: String) {
    self.raw = UnsafeBufferPointer(start: nil, count: 0)
    self.unescaped = unescaped
  }

  /// The name as a string, for paths in error messages.
  var string: String { unescaped ?? String(decoding: raw, as: UTF8.self) }

  /// Whether the name is `text`, compared byte for byte without making a `String`.
  func matches(_ text: String) -> Bool {
    if let unescaped { return unescaped == text }
    var text = text
    return text.withUTF8 { expected in
      guard expected.count == raw.count else { return false }
      guard let left = expected.baseAddress, let right = raw.baseAddress else { return expected.isEmpty }
      return memcmp(left, right, expected.count) == 0
    }
  }

  /// Whether the name is `name`.
  static func ~= (name: StaticString, key: JSONKey) -> Bool {
    if let unescaped = key.unescaped {
      return name.withUTF8Buffer { unescaped.utf8.elementsEqual($0) }
    }
    return name.withUTF8Buffer { expected in
      guard expected.count == key.raw.count else { return false }
      guard let left = expected.baseAddress, let right = key.raw.baseAddress else { return expected.isEmpty }
      return memcmp(left, right, expected.count) == 0
    }
  }
}
