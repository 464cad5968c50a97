import Foundation
import Testing

@testable import RecoilSnapshot

/// Files written on one line (`JSONEncoder`, `jq -c`, `json.dump`) decode the same as
/// pretty-printed ones, and their errors still name the right line, column and field.
@Suite struct OneLineDecodingTests {
  private func decodeError(_ json: String) -> SnapshotError? {
    do {
      _ = try SnapshotCodec.decode(Data(json.utf8))
      return nil
    } catch {
      return error
    }
  }

  private func bigSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    for index in 0..<300 {
      var node = SnapshotNode(id: "n\(index)", kind: index % 2 == 0 ? .atom : .selector)
      node.value = "\"caf\u{E9} \\(index)\" \u{1F600} \u{2028}"
      snapshot.nodes.append(node)
      if index > 0 { snapshot.edges.append(SnapshotEdge(from: "n\(index - 1)", to: "n\(index)")) }
    }
    snapshot.actions = (1...50).map {
      SnapshotAction(
        seq: $0, store: "app", name: "tick",
        changes: [SnapshotChange(path: "count", before: "\($0)", after: "\($0 + 1)")])
    }
    return snapshot
  }

  @Test func aCompactSnapshotDecodesToTheSameModelAsAPrettyOne() throws {
    let snapshot = bigSnapshot()
    let compact = SnapshotCodec.encode(snapshot, layout: .compact)
    #expect(!compact.dropLast().contains(0x0A))
    #expect(try SnapshotCodec.decode(compact) == snapshot)
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
  }

  @Test func actionsAndTheTimelineWrittenOnTwoThreadsAreTheSameBytes() throws {
    var snapshot = bigSnapshot()
    snapshot.timeline = (1...60).map { SnapshotEntry(seq: $0, kind: .action, store: "app", action: $0, name: "tick") }
    snapshot.dropped = SnapshotDropCounts(actions: 1, evaluations: 2, events: 3, timeline: 4)
    for layout in [SnapshotCodec.Layout.pretty, .compact] {
      let alone = SnapshotCodec.encodedOutput(snapshot, layout: layout, concurrentFrom: .max).bytes
      let together = SnapshotCodec.encodedOutput(snapshot, layout: layout, concurrentFrom: 0).bytes
      #expect(together == alone)
      #expect(try SnapshotCodec.decode(Data(together)) == snapshot)
    }
    // With no, one or some actions, and with or without a timeline after them, both layouts.
    for actions in [0, 1, 2, 3, 7, snapshot.actions.count] {
      for events in [0, 1, 60] {
        var partial = snapshot
        partial.actions = Array(snapshot.actions.prefix(actions))
        partial.timeline = Array(snapshot.timeline.prefix(events))
        for layout in [SnapshotCodec.Layout.pretty, .compact] {
          #expect(
            SnapshotCodec.encodedOutput(partial, layout: layout, concurrentFrom: 0).bytes
              == SnapshotCodec.encodedOutput(partial, layout: layout, concurrentFrom: .max).bytes,
            "\(actions) actions, \(events) events, \(layout)")
        }
      }
    }
  }

  @Test func anErrorFarAlongOneLineNamesItsColumnInScalars() throws {
    // "é" is two bytes and "😀" four; columns count them once each.
    let json = #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"é😀","kind":"atm"}],"edges":[]}"#
    let error = try #require(decodeError(json))
    let column =
      json.unicodeScalars.distance(
        from: json.unicodeScalars.startIndex,
        to: json.range(of: #""atm""#)!.lowerBound.samePosition(in: json.unicodeScalars)!) + 1
    #expect(error.position == SourcePosition(line: 1, column: column))
    #expect(error.path == "nodes[0].kind")
  }

  @Test func malformedJSONOnALaterLineNamesThatLine() throws {
    let error = try #require(decodeError("{\n  \"format\": \"x\",\n  \"nodes\": [1,, 2]\n}"))
    #expect(error.position == SourcePosition(line: 3, column: 15))
  }

  @Test func aByteOrderMarkTakesNoColumn() throws {
    let error = try #require(decodeError("\u{FEFF}{]"))
    #expect(error.position == SourcePosition(line: 1, column: 2))
  }

  @Test func errorsInsideArrayElementsNameTheElementAndMember() throws {
    let json =
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"},{"id":"b","kind":"atom","evaluations":{"count":"3","totalNanos":1}}],"edges":[]}"#
    let error = try #require(decodeError(json))
    #expect(error.path == "nodes[1].evaluations.count")
    #expect(error.message == "expected an integer, found a string")
  }

  @Test func aDuplicateIdNamesTheFirstElementThatUsedIt() throws {
    let json =
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"},{"id":"b","kind":"atom"},{"id":"a","kind":"selector"}],"edges":[]}"#
    let error = try #require(decodeError(json))
    let column = json.distance(from: json.startIndex, to: json.range(of: #""a","kind":"selector""#)!.lowerBound) + 1
    #expect(
      error
        == .duplicateNodeID(
          id: "a", firstPath: "nodes[0]",
          at: SnapshotLocation(path: "nodes[2].id", position: SourcePosition(line: 1, column: column))))
  }

  @Test func numbersOutOfRangeAreErrorsAndLargeIntegersStayExact() throws {
    let huge = decodeError(#"{"format":"recoil-inspect/snapshot","version":1e999,"nodes":[],"edges":[]}"#)
    #expect(huge?.message.contains("out of range") == true)
    let json =
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom","subscribers":9223372036854775807}],"edges":[]}"#
    #expect(try SnapshotCodec.decode(Data(json.utf8)).nodes[0].subscribers == Int.max)
    let tooBig = decodeError(
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom","subscribers":92233720368547758070}],"edges":[]}"#
    )
    #expect(tooBig?.path == "nodes[0].subscribers")
    #expect(tooBig?.message == "expected an integer at most 9223372036854775807, found 92233720368547758070")
    // Int.min is read as the integer it is (its magnitude is past Int.max), and refused as
    // any negative count is; so is a negative number past Int's range.
    for (written, shown) in [
      ("-9223372036854775808", "-9223372036854775808"), ("-92233720368547758080", "-92233720368547758080"),
      ("-1", "-1"),
    ] {
      let negative = decodeError(
        #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom","subscribers":"#
          + written + "}],\"edges\":[]}")
      #expect(negative?.message == "expected a non-negative integer, found \(shown)")
    }
    let long = decodeError(
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom","subscribers":"#
        + String(repeating: "9", count: 60) + "}],\"edges\":[]}")
    #expect(long?.message.hasPrefix("expected an integer at most 9223372036854775807, found 999") == true)
  }

}

/// Found by fuzzing: a capture time with milliseconds lost one on a round trip, because
/// 30.214 s is 30.2139999… as a Double and formatting truncated it.
@Test func captureTimesRoundTripToTheMillisecond() throws {
  let json =
    #"{"format":"recoil-inspect/snapshot","version":1,"capturedAt":"2026-12-01T00:01:30.214Z","nodes":[],"edges":[]}"#
  let snapshot = try SnapshotCodec.decode(Data(json.utf8))
  let text = String(decoding: SnapshotCodec.encode(snapshot), as: UTF8.self)
  #expect(text.contains(#""capturedAt": "2026-12-01T00:01:30.214Z""#))
  #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
  // A time with more precision is kept to the nearest millisecond.
  let precise = Snapshot(capturedAt: Date(timeIntervalSince1970: 1_796_083_290.213_6))
  #expect(String(decoding: SnapshotCodec.encode(precise), as: UTF8.self).contains("30.214Z"))
  #expect(ISO8601.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
}

@Test func memberNamesWrittenWithEscapesMatchAsTheirText() throws {
  let json =
    #"{"format":"recoil-inspect/snapshot","\u0076ersion":1,"nodes":[{"\u0069d":"a","ki\u006ed":"atom"}],"edges":[]}"#
  let snapshot = try SnapshotCodec.decode(Data(json.utf8))
  #expect(snapshot.nodes == [SnapshotNode(id: "a", kind: .atom)])
}

@Test func anEventWhoseTypeComesLaterNamesItsFieldsRightly() throws {
  let event = try InspectorEventCodec.decode(line: #"{"id":"x","at":7,"durationNanos":5,"type":"evaluation"}"#)
  #expect(
    event
      == InspectorEvent(
        atNanos: 7, kind: .evaluation(EvaluationEvent(node: "x", durationNanos: 5, trigger: "", changed: true))))
  #expect(
    throws: SnapshotError.invalidValue(
      expected:
        "node, edgeAdded, edgeRemoved, evaluation, action, effect, error, dropped, write, notification, resolution, atomEffect, hello, nodeRemoved, control, answer or scope",
      found: "\"nope\"",
      at: SnapshotLocation(path: "type", position: SourcePosition(line: 3, column: 16)))
  ) {
    try InspectorEventCodec.decode(line: #"{"at":1,"type":"nope"}"#, lineNumber: 3)
  }
  #expect(
    throws: SnapshotError.missingField(
      at: SnapshotLocation(path: "durationNanos", position: SourcePosition(line: 1, column: 1)))
  ) {
    try InspectorEventCodec.decode(line: #"{"id":"x","type":"evaluation"}"#)
  }
}

@Test func anEventTypeWrittenWithEscapesIsStillRecognized() throws {
  let event = try InspectorEventCodec.decode(line: #"{"type":"evalu\u0061tion","id":"x","durationNanos":5}"#)
  #expect(
    event
      == InspectorEvent(
        atNanos: 0, kind: .evaluation(EvaluationEvent(node: "x", durationNanos: 5, trigger: "", changed: true))))
  let node = try InspectorEventCodec.decode(
    line: #"{"type":"node","id":"a","kind":"s\u0065lector","status":"r\u0065ady"}"#)
  guard case .node(let decoded) = node.kind else {
    Issue.record("not a node event: \(node)")
    return
  }
  #expect(decoded.kind == .selector)
  #expect(decoded.status == .ready)
}
