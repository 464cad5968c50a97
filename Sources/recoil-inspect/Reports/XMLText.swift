import RecoilSnapshot

/// Text made safe for XML 1.0 content and attribute values: markup characters as entities
/// (``MarkupEscaping``), and the characters XML cannot hold at all (most C0 controls, U+FFFE,
/// U+FFFF) as visible escapes.
///
/// ```swift
/// XMLText.escape("a < b & \"c\"\u{1}")  // a &lt; b &amp; &quot;c&quot;\u{1}
/// ```
enum XMLText {
  static func escape(_ text: String) -> String {
    MarkupEscaping.escape(text) { scalar in
      guard scalar != "\n", scalar != "\t",
        scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
      else { return nil }
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
