/// Text made safe for XML 1.0 content and attribute values: markup characters as entities,
/// and the characters XML cannot hold at all (most C0 controls, lone surrogates cannot occur
/// in a Swift string) as visible escapes.
///
/// ```swift
/// XMLText.escape("a < b & \"c\"\u{1}")  // a &lt; b &amp; &quot;c&quot;\u{1}
/// ```
enum XMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
