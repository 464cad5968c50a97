/// The one rule for putting app text into markup (SVG labels, JUnit XML, HTML): the characters
/// markup would read as markup become entities, and each caller decides what becomes of the
/// rest (controls shown as stand-ins or escapes, backslashes doubled for Graphviz).
///
/// ```swift
/// MarkupEscaping.escape("a < b & c") { _ in nil }  // a &lt; b &amp; c
/// ```
package enum MarkupEscaping {
  /// The entity for a character that markup would read as markup (`& < > " '`), or `nil`.
  package static func entity(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    default: nil
    }
  }

  /// `text` with markup characters as entities, and every other character as `other` says
  /// (`nil` keeps it as it is).
  package static func escape(_ text: String, other: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = entity(for: scalar) ?? other(scalar) {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
