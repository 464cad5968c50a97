/// The one rule for shortening app text to a preview: keep at most `limit` characters, the
/// last of them an ellipsis when text was cut. Values, payloads, errors, labels and error
/// messages are all cut this way.
///
/// ```swift
/// TextPreview.cut("Trail boots", limit: 6)  // "Trail…"
/// ```
package enum TextPreview {
  package static func cut(_ text: String, limit: Int) -> String {
    // A text has no more characters than bytes, so most are known short without counting.
    text.utf8.count <= limit || text.count <= limit ? text : String(text.prefix(max(limit - 1, 1))) + "…"
  }
}
