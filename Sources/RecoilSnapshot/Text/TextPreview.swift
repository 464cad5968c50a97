/// The one rule for shortening app text to a preview: keep at most `limit` characters, the
/// last of them an ellipsis when text was cut. Values, payloads, errors, labels and error
/// messages are all cut this way.
///
/// ```swift
/// TextPreview.cut("Trail boots", limit: 6)  // "Trail…"
/// ```
package enum TextPreview {
  package static func cut(_ text: String, limit: Int) -> String {
    text.count > limit ? String(text.prefix(max(limit - 1, 1))) + "…" : text
  }
}
