import RecoilSnapshot

/// Makes arbitrary snapshot text safe for Graphviz and for the SVG it writes.
///
/// Snapshot text comes from app values and can hold anything. Two paths exist:
/// - HTML-like labels are parsed as XML by Graphviz, so the text is XML-escaped, and
///   characters XML cannot carry (controls, U+FFFE, U+FFFF) are shown as visible stand-ins.
/// - Plain attributes such as tooltips pass through Graphviz's escape-string handling
///   (backslash sequences) and its HTML-entity decoding before being XML-escaped on output,
///   so backslashes are doubled and ampersands are escaped twice.
enum LabelText {
  /// Text for inside an HTML-like label.
  static func html(_ text: String) -> String {
    MarkupEscaping.escape(text) { scalar in
      // Graphviz expands \N, \G and friends in HTML text after parsing it, and turns a
      // doubled backslash back into one.
      if scalar == "\\" { return "\\\\" }
      return visible(scalar)
    }
  }

  /// Text for a plain string attribute such as `tooltip`; newlines are kept.
  static func attribute(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      // Tooltips are expanded twice (escape string, then tooltip processing): four become one.
      case "\\": result += "\\\\\\\\"
      case "&": result += "&amp;"
      case "\n": result += "\\n"
      default:
        if let shown = visible(scalar) { result += shown } else { result.unicodeScalars.append(scalar) }
      }
    }
    return result
  }

  /// Shortens text to `limit` characters on one line, marking the cut with an ellipsis.
  static func preview(_ text: String, limit: Int) -> String {
    TextPreview.cut(text.replacing("\n", with: " "), limit: limit)
  }

  /// What a scalar is shown as, when not as itself: control characters as their Unicode
  /// "control picture" (U+2400 block), so that they are visible and legal in XML; the
  /// non-characters XML forbids as U+FFFD; bidi controls, which would reorder the text after
  /// them, as a marker naming them (`⟨U+202E⟩`). `nil` for a scalar shown as itself.
  static func visible(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x00..<0x20: String(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
    case 0x7F: "\u{2421}"
    case 0x80..<0xA0, 0xFFFE, 0xFFFF: "\u{FFFD}"
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      "⟨U+\(String(scalar.value, radix: 16, uppercase: true))⟩"
    default: nil
    }
  }
}
