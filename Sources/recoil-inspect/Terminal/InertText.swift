/// The one rule for printing text that came from an app (ids, values, payloads, paths, error
/// messages) to a terminal: every character that a terminal would act on is shown as an escape
/// instead, so state can never move the cursor, clear the screen, set the window title, write
/// the clipboard (OSC 52) or reorder what is shown, and every record stays on its own line.
///
/// Escaped: C0 controls (`\n`, `\r`, `\t` by name, others as `\u{1B}`), DEL, C1 controls
/// (U+0080–U+009F), the line and paragraph separators, and the bidirectional marks, overrides
/// and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that can make text read
/// differently than it is.
///
/// ```swift
/// inert("a\u{1B}]0;pwned\u{07}b")  // a\u{1B}]0;pwned\u{7}b
/// ```
func inert(_ text: String) -> String {
  // Most text needs nothing: check the bytes before building anything.
  guard needsEscaping(text) else { return text }
  var result = ""
  result.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where isActive(scalar):
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// Whether `text` holds a byte that may start an active character (a quick, conservative test).
private func needsEscaping(_ text: String) -> Bool {
  var text = text
  return text.withUTF8 { bytes in
    for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
      return true
    }
    return false
  }
}

/// Whether a terminal would act on `scalar` rather than just show it.
private func isActive(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00..<0x20, 0x7F, 0x80...0x9F: true
  case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}
