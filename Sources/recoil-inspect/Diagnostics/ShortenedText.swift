/// Text quoted in a one-line message, cut to `limit` characters with the count of the rest:
/// an id or argument may be megabytes long, and an error message stays one readable line.
///
/// ```swift
/// shortened(String(repeating: "a", count: 500), to: 10)  // "aaaaaaaaaa… (490 more characters)"
/// ```
func shortened(_ text: String, to limit: Int = 200) -> String {
  // Counting a huge string's characters is itself linear; stop early.
  guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut < text.endIndex else {
    return text
  }
  return text[..<cut] + "… (\(text[cut...].count) more characters)"
}
