/// The text of a string, integer or Boolean as `String(reflecting:)` makes it, made without
/// the dynamic casts `String(reflecting:)` goes through for every value: a snapshot makes
/// thousands of these for its actions' payloads and diffs.
///
/// ```swift
/// ScalarText.of("Ann")     // "\"Ann\""
/// ScalarText.of(42)        // "42"
/// ScalarText.of([1, 2])    // nil: not a scalar handled here
/// ```
package enum ScalarText {
  /// `String(reflecting: value)` when `value` is a `String`, `Int` or `Bool`; otherwise `nil`.
  package static func of(_ value: Any) -> String? {
    // By the exact type: a cast would also unwrap an optional or bridge an `NSString`, whose
    // texts differ (`Optional("a")`).
    // Types compared by identifier (`==` on metatypes goes through optionals), values read
    // without a cast (see `ExactCast`).
    let type = ObjectIdentifier(type(of: value))
    if type == ObjectIdentifier(String.self) { return quoted(ExactCast.value(value, as: String.self)) }
    if type == ObjectIdentifier(Int.self) { return String(ExactCast.value(value, as: Int.self)) }
    if type == ObjectIdentifier(Bool.self) { return ExactCast.value(value, as: Bool.self) ? "true" : "false" }
    return nil
  }

  /// `String(reflecting: value)` for any value.
  package static func reflecting(_ value: Any) -> String {
    of(value) ?? String(reflecting: value)
  }

  /// `string.debugDescription`: quoted, with escapes. Printable ASCII other than `"`, `'` and
  /// `\` is written as it is; any other text is left to the standard library's rules.
  package static func quoted(_ string: String) -> String {
    // Checked on the contiguous UTF-8 bytes (iterating a string's `utf8` view costs tens of
    // instructions per byte): most texts need no escape, and `debugDescription` looks at
    // every character's properties.
    var string = string
    let plain = string.withUTF8 { bytes in
      bytes.allSatisfy { byte in
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
          && byte != UInt8(ascii: "\\")
      }
    }
    guard plain else { return string.debugDescription }
    // Made in one buffer: two concatenations would make a string in between.
    var text = ""
    text.reserveCapacity(string.utf8.count + 2)
    text.append("\"")
    text.append(string)
    text.append("\"")
    return text
  }
}
