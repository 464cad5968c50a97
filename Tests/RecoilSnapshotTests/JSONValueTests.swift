import Testing

@testable import RecoilSnapshot

/// The tree that short messages (control requests, the server's answers, action cases) are
/// read into, with the package's own JSON reader rather than Foundation's (issue 60).
@Suite struct JSONValueTests {
  @Test func partsAreReadAndKeepTheirTextAsWritten() throws {
    let text = #"{"ok": true, "value": {"b": [1, null, "x\u0000"], "a": 1e3}, "n": -7, "ok": false}"#
    let message = try JSONValue(parsing: Array(text.utf8))
    #expect(message.names == ["ok", "value", "n", "ok"])
    // A repeated name: the last one counts, as JSONSerialization and JavaScript take it.
    #expect(message["ok"]?.bool == false)
    // The part passes on byte for byte, spaces and escapes included.
    #expect(message["value"]?.text == #"{"b": [1, null, "x\u0000"], "a": 1e3}"#)
    let elements = try #require(message["value"]?["b"]?.elements)
    #expect(elements.count == 3 && elements[1].isNull && elements[2].string == "x\u{0}")
    guard case .integer(-7) = message["n"]?.content else {
      Issue.record("-7 is an integer")
      return
    }
    guard case .double(1000) = message["value"]?["a"]?.content else {
      Issue.record("1e3 is a number with an exponent")
      return
    }
    #expect(message["missing"] == nil && message["n"]?["x"] == nil && message["n"]?.string == nil)
  }

  @Test func aScalarOrAnEmptyContainerIsAMessageToo() throws {
    #expect(try JSONValue(parsing: Array(#""EUR""#.utf8)).string == "EUR")
    #expect(try JSONValue(parsing: Array("[]".utf8)).elements?.isEmpty == true)
    #expect(try JSONValue(parsing: Array(" {} ".utf8)).names == [])
  }

  @Test func whatIsNotJSONSaysWhere() {
    for (text, offset) in [("not json", 0), (#"{"a":1,}"#, 7), ("[1] 2", 4), (#"{"a":"#, 5), ("", 0)] {
      do {
        _ = try JSONValue(parsing: Array(text.utf8))
        Issue.record("\(text) was read")
      } catch {
        guard case .malformedJSON(_, let position) = error else {
          Issue.record("\(text): \(error)")
          continue
        }
        #expect(position.byteOffset == offset, "\(text)")
      }
    }
    // Nesting past the reader's limit is refused, not a crash.
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: SnapshotError.self) { try JSONValue(parsing: Array(deep.utf8)) }
  }
}
