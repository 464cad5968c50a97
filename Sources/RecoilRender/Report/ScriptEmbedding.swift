/// Makes JSON safe to embed in an HTML `<script type="application/json">` element.
///
/// An HTML parser ends a script element at the first `</script`, whatever JSON thinks of it,
/// and `<!--` changes how the rest is read. JSON allows `\u003c` for `<` inside strings, and
/// `<`, `>` and `&` can only occur inside strings, so escaping them everywhere keeps the data
/// exact and the markup closed. The writer already escapes U+2028 and U+2029.
///
/// ```swift
/// ScriptEmbedding.inert(json: Array(#"{"id":"</script>"}"#.utf8))  // {"id":"\u003c/script\u003e"}
/// ```
enum ScriptEmbedding {
  static func inert(json: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(json.count + json.count / 64)
    append(json: json, to: &result)
    return result
  }

  /// Appends `json`, made inert, to `page`: a large part goes into the page without a copy of
  /// its own on the way.
  static func append(json: [UInt8], to page: inout [UInt8]) {
    var run = 0  // start of the bytes not yet copied
    for (index, byte) in json.enumerated() {
      let escape: String
      switch byte {
      case UInt8(ascii: "<"): escape = #"\u003c"#
      case UInt8(ascii: ">"): escape = #"\u003e"#
      case UInt8(ascii: "&"): escape = #"\u0026"#
      default: continue
      }
      page.append(contentsOf: json[run..<index])
      page.append(contentsOf: escape.utf8)
      run = index + 1
    }
    page.append(contentsOf: json[run...])
  }
}
