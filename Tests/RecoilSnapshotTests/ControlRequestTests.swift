import Foundation
import RecoilSnapshot
import Testing

/// Control requests as the app reads them from the tool, and their answers and entries as the
/// stream carries them (issue 31).
@Suite struct ControlRequestTests {
  @Test func aRequestIsOneLineThatReadsBackTheSame() throws {
    let requests = [
      ControlRequest(id: 1, operation: .set, node: "Pricing.currency", json: #""EUR""#, by: "live page"),
      ControlRequest(id: 2, operation: .dispatch, store: "app", json: #"{"reset":{}}"#),
      ControlRequest(id: 3, operation: .jump, seq: 812),
      ControlRequest(id: 4, operation: .resume),
      ControlRequest(id: 5, operation: .stub, node: "Search.results", error: "offline \"now\"\n"),
      ControlRequest(id: 6, operation: .stub, node: "Search.results", loading: true),
      ControlRequest(id: 7, operation: .unstub, node: "Search.results"),
    ]
    for request in requests {
      let line = request.encoded()
      #expect(!line.contains("\n"))
      #expect(try ControlRequest(parsing: Data(line.utf8)) == request, "\(line)")
    }
    #expect(
      requests[0].encoded() == #"{"control":"set","id":1,"node":"Pricing.currency","value":"EUR","by":"live page"}"#)
  }

  @Test func aBadRequestSaysWhichFieldIsWrong() {
    let cases: [(String, String)] = [
      (
        "not json",
        "a control request is a JSON object; this is not JSON (invalid literal; expected null at column 1)"
      ),
      (
        #"{"control":"jump""#,
        "a control request is a JSON object; this is not JSON (unexpected end of the request; expected ',' or '}' at column 18)"
      ),
      (
        "",
        "a control request is a JSON object; this is not JSON (the request is empty; expected a JSON object at column 1)"
      ),
      (
        #"{"control":"jump","by":"#,
        "a control request is a JSON object; this is not JSON (unexpected end of the request; expected a value at column 24)"
      ),
      ("[1]", "a control request is a JSON object"),
      (
        #"{"by":"x"}"#, "`control` names the operation: set, reset, dispatch, jump, resume, skip, stub, unstub, actions"
      ),
      (
        #"{"control":"explode"}"#,
        "unknown operation `explode`; known: set, reset, dispatch, jump, resume, skip, stub, unstub, actions"
      ),
      (#"{"control":5}"#, "`control` must be a string"),
      (#"{"control":"jump","seq":"12"}"#, "`seq` must be a whole number"),
      (#"{"control":"jump","seq":1.5}"#, "`seq` must be a whole number"),
      (#"{"control":"jump","seq":true}"#, "`seq` must be a whole number"),
      (#"{"control":"jump","seq":9223372036854775808}"#, "`seq` must be at most 9223372036854775807"),
      (#"{"control":"jump","seq":1e30}"#, "`seq` must be at most 9223372036854775807"),
      (#"{"control":"jump","seq":-1e-3}"#, "`seq` must be a whole number"),
      (#"{"control":"jump"}"#, "`jump` needs `seq`"),
      (#"{"control":"set","node":"A"}"#, "`set` needs `value`"),
      (#"{"control":"dispatch","action":{}}"#, "`dispatch` needs `store`"),
      (#"{"control":"actions"}"#, "`actions` needs `store`"),
      (#"{"control":"stub","node":"A"}"#, "`stub` needs exactly one of `value`, `error` or `loading`"),
      (
        #"{"control":"stub","node":"A","value":1,"loading":true}"#,
        "`stub` needs exactly one of `value`, `error` or `loading`"
      ),
      (#"{"control":"reset","node":7}"#, "`node` must be a string"),
    ]
    for (text, message) in cases {
      #expect(throws: ControlRequestError(message), "\(text)") { try ControlRequest(parsing: Data(text.utf8)) }
    }
    // Whatever is wrong, the error carries the request's id when it has one.
    #expect(throws: ControlRequestError("`jump` needs `seq`", requestID: 41)) {
      try ControlRequest(parsing: Data(#"{"control":"jump","id":41}"#.utf8))
    }
  }

  /// Entry numbers are read exactly, however large: a double would take #9007199254740993
  /// to #9007199254740992.
  @Test func wholeNumbersAreReadExactlyToTheirLimits() throws {
    for seq in [1, 9_007_199_254_740_993, Int.max] {
      let request = try ControlRequest(parsing: Data(#"{"control":"jump","id":\#(seq),"seq":\#(seq)}"#.utf8))
      #expect(request.seq == seq && request.id == seq)
    }
    #expect(try ControlRequest(parsing: Data(#"{"control":"skip","seq":12.0}"#.utf8)).seq == 12)
    #expect(try ControlRequest(parsing: Data(#"{"control":"skip","seq":1e3}"#.utf8)).seq == 1_000)
  }

  @Test func valuesAreKeptAsJSONWhateverTheyHold() throws {
    let request = try ControlRequest(
      parsing: Data(#"{"control":"set","node":"A","value":{"b":[1,null,"x\u0000"],"a":true}}"#.utf8))
    let json = try #require(request.json)
    let again = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(again?["a"] as? Bool == true)
    #expect((again?["b"] as? [Any])?.count == 3)
    // `loading` is a JSON true, nothing else.
    #expect(try ControlRequest(parsing: Data(#"{"control":"stub","node":"A","loading":true}"#.utf8)).loading)
    #expect(throws: ControlRequestError.self) {
      try ControlRequest(parsing: Data(#"{"control":"stub","node":"A","loading":1}"#.utf8))
    }
  }

  @Test func answersAndControlEntriesTravelInTheStream() throws {
    let answer = InspectorEvent(
      eventSeq: 4, atNanos: 10, kind: .answer(ControlAnswer(id: 3, ok: false, message: "no ✓")))
    #expect(try InspectorEventCodec.decode(line: InspectorEventCodec.encode(answer)) == answer)
    // A done request's answer names the control entry the app recorded for it.
    let done = InspectorEvent(
      eventSeq: 6, atNanos: 12, kind: .answer(ControlAnswer(id: 4, ok: true, message: "set A = 1", seq: 5120)))
    #expect(InspectorEventCodec.encode(done).contains(#""seq":5120"#))
    #expect(try InspectorEventCodec.decode(line: InspectorEventCodec.encode(done)) == done)
    let entry = SnapshotEntry(
      seq: 9, kind: .control, node: "Pricing.currency", name: "set", value: #""CHF""#, atNanos: 5, site: "live page")
    let event = InspectorEvent(eventSeq: 5, atNanos: 11, kind: .step(entry), seq: 9)
    #expect(try InspectorEventCodec.decode(line: InspectorEventCodec.encode(event)) == event)
    #expect(entry.summary == #"set Pricing.currency = "CHF" from live page"#)
    let jump = SnapshotEntry(seq: 10, kind: .control, name: "jump", value: "#4", site: "recoil-inspect control")
    #expect(jump.summary == "jump #4 from recoil-inspect control")
  }
}
