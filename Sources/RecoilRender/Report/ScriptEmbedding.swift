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
    for byte in json {
      switch byte {
      case UInt8(ascii: "<"): result.append(contentsOf: #"\u003c"#.utf8)
      case UInt8(ascii: ">"): result.append(contentsOf: #"\u003e"#.utf8)
      case UInt8(ascii: "&"): result.append(contentsOf: #"\u0026"#.utf8)
      default: result.append(byte)
      }
    }
    return result
  }
}
