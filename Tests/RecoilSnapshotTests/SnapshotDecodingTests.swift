import Foundation
import Testing

@testable import RecoilSnapshot

/// Decodes `json`, expecting success.
private func decode(_ json: String) throws -> Snapshot {
  try SnapshotCodec.decode(Data(json.utf8))
}

/// Decodes `json`, expecting a ``SnapshotError``, and returns it.
private func decodeError(_ json: String) -> SnapshotError? {
  do {
    _ = try SnapshotCodec.decode(Data(json.utf8))
    return nil
  } catch {
    return error
  }
}

private let everyField = """
  {
    "format": "recoil-inspect/snapshot", "version": 1,
    "capturedAt": "2026-11-30T07:00:00Z",
    "futureField": {"ignored": [1, 2, 3]},
    "nodes": [
      { "id": "app", "kind": "store", "label": "App store" },
      { "id": "app.user", "kind": "slice", "owner": "app", "valueType": "User",
        "value": "User(name: \\"Ann\\")", "subscribers": 2 },
      { "id": "catalog.item#3", "kind": "atom", "family": "catalog.item", "parameter": "3",
        "status": "ready", "newNodeField": true },
      { "id": "catalog.search", "kind": "selector", "async": true, "status": "error",
        "error": "timed out",
        "evaluations": { "count": 3, "totalNanos": 120000, "minNanos": 20000,
                         "maxNanos": 50000, "lastNanos": 30000 } }
    ],
    "edges": [ { "from": "catalog.item#3", "to": "catalog.search" } ],
    "actions": [ { "seq": 1, "store": "app", "name": "user(.setName)",
                   "payload": "\\"Ann\\"", "atNanos": 1200, "durationNanos": 800,
                   "changes": [ { "path": "user.name", "before": "\\"\\"", "after": "\\"Ann\\"" },
                                { "path": "user.nickname", "after": "\\"A\\"" } ] } ],
    "dropped": { "actions": 4, "evaluations": 5, "events": 6 }
  }
  """

@Test func everyFieldIsParsed() throws {
  let snapshot = try decode(everyField)
  #expect(snapshot.capturedAt == Date(timeIntervalSince1970: 1_796_022_000))
  #expect(snapshot.nodes.count == 4)
  #expect(snapshot.nodes[0] == SnapshotNode(id: "app", kind: .store, label: "App store"))
  #expect(
    snapshot.nodes[1]
      == SnapshotNode(
        id: "app.user", kind: .slice, owner: "app", valueType: "User", value: "User(name: \"Ann\")",
        subscribers: 2))
  #expect(
    snapshot.nodes[2]
      == SnapshotNode(
        id: "catalog.item#3", kind: .atom, family: "catalog.item", parameter: "3", status: .ready))
  #expect(
    snapshot.nodes[3]
      == SnapshotNode(
        id: "catalog.search", kind: .selector, isAsync: true, status: .error, error: "timed out",
        evaluations: SnapshotEvaluations(
          count: 3, totalNanos: 120_000, minNanos: 20_000, maxNanos: 50_000, lastNanos: 30_000)))
  #expect(snapshot.edges == [SnapshotEdge(from: "catalog.item#3", to: "catalog.search")])
  #expect(
    snapshot.actions == [
      SnapshotAction(
        seq: 1, store: "app", name: "user(.setName)", payload: "\"Ann\"", atNanos: 1200,
        durationNanos: 800,
        changes: [
          SnapshotChange(path: "user.name", before: "\"\"", after: "\"Ann\""),
          SnapshotChange(path: "user.nickname", before: nil, after: "\"A\""),
        ])
    ])
  #expect(snapshot.dropped == SnapshotDropCounts(actions: 4, evaluations: 5, events: 6))
}

@Test func encodingThenDecodingGivesTheSameSnapshot() throws {
  let snapshot = try decode(everyField)
  let again = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
  #expect(again == snapshot)
  // Encoding is deterministic, so snapshots diff well.
  #expect(SnapshotCodec.encode(again) == SnapshotCodec.encode(snapshot))
}

@Test func hostileTextRoundTripsExactly() throws {
  let hostile = "quote \" backslash \\ <tag> & &#128512; &amp; \n\r\t \u{0}\u{1}\u{7F} 🧪 \u{FFFD} \u{202E}"
  let snapshot = Snapshot(
    nodes: [SnapshotNode(id: hostile, kind: .atom, value: hostile)],
    edges: [SnapshotEdge(from: hostile, to: hostile)])
  #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
}

@Test func fractionalCaptureTimesRoundTrip() throws {
  let snapshot = Snapshot(capturedAt: Date(timeIntervalSince1970: 1_796_022_000.25))
  #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
}

@Test func theAppASnapshotWasTakenInRoundTripsAndIsOptional() throws {
  var snapshot = Snapshot()
  snapshot.app = SnapshotApp(name: "shop <\u{1}>", processID: 4242, instance: "6f1c0d2e")
  #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
  snapshot.app = SnapshotApp(name: "shop")
  #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)) == snapshot)
  // Older files have none; a field added later is skipped.
  let older = try SnapshotCodec.decode(
    Data(#"{"format":"recoil-inspect/snapshot","version":1,"nodes":[],"edges":[]}"#.utf8))
  #expect(older.app == nil)
  let later = try SnapshotCodec.decode(
    Data(#"{"format":"recoil-inspect/snapshot","version":1,"app":{"name":"a","host":"h"},"nodes":[],"edges":[]}"#.utf8))
  #expect(later.app == SnapshotApp(name: "a"))
  #expect(throws: SnapshotError.self) {
    try SnapshotCodec.decode(
      Data(
        #"{"format":"recoil-inspect/snapshot","version":1,"app":{"name":"a","processID":-1},"nodes":[],"edges":[]}"#
          .utf8))
  }
}

@Test func loneSurrogatesAndInvalidUTF8BecomeReplacementCharacters() throws {
  var bytes = Array(
    #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a\ud800b","kind":"atom","value":"x"#
      .utf8)
  bytes += [0xFF, 0xFE]
  bytes += Array(#""}],"edges":[]}"#.utf8)
  let snapshot = try SnapshotCodec.decode(Data(bytes))
  #expect(snapshot.nodes[0].id == "a\u{FFFD}b")
  #expect(snapshot.nodes[0].value == "x\u{FFFD}\u{FFFD}")
}

@Test func surrogatePairsDecodeToOneScalar() throws {
  let snapshot = try decode(
    #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"\ud83d\ude00","kind":"atom"}],"edges":[]}"#
  )
  #expect(snapshot.nodes[0].id == "😀")
}

// MARK: - Errors

@Test func malformedJSONNamesLineAndColumn() {
  let error = decodeError("{\n  \"format\": \"recoil-inspect/snapshot\",\n  \"version\": 1,,\n}")
  #expect(
    error
      == .malformedJSON(
        message: "unexpected character ','; expected a quoted member name", at: SourcePosition(line: 3, column: 16)))
  #expect(error?.description == "3:16: malformed JSON: unexpected character ','; expected a quoted member name")
}

@Test func malformedJSONCases() {
  #expect(decodeError("")?.message == "malformed JSON: the file is empty; expected a JSON object")
  #expect(decodeError("{\"a\": \"unterminated}")?.message == "malformed JSON: unterminated string")
  #expect(
    decodeError("{} x")?.description == "1:4: malformed JSON: unexpected character 'x' after the end of the JSON value")
  #expect(decodeError("[01]")?.message == "malformed JSON: invalid number; leading zeros are not allowed")
  #expect(
    decodeError(String(repeating: "[", count: 600))?.message
      == "malformed JSON: values are nested more than 512 levels deep")
  #expect(decodeError("{\"a\": tru}")?.message == "malformed JSON: invalid literal; expected true")
  #expect(decodeError("{\"a\": \"\\q\"}")?.message == "malformed JSON: invalid escape sequence '\\q'")
}

@Test func columnsCountCharactersNotBytes() {
  let error = decodeError("{\"é😀\": x}")
  #expect(error?.position == SourcePosition(line: 1, column: 8))
}

@Test func theRootMustBeAnObject() {
  #expect(decodeError("[]")?.description == "1:1: $: expected an object, found an array")
}

@Test func wrongFormatAndVersion() {
  #expect(
    decodeError(#"{"format":"other","version":1,"nodes":[],"edges":[]}"#)?.description
      == #"1:11: format: expected "recoil-inspect/snapshot", found "other"; this is not a recoil-inspect snapshot"#)
  #expect(
    decodeError(#"{"format":"recoil-inspect/snapshot","version":2,"nodes":[],"edges":[]}"#)?.description
      == "1:47: version: unsupported snapshot version 2; this tool reads version 1")
  #expect(
    decodeError(#"{"format":"recoil-inspect/snapshot","version":"1","nodes":[],"edges":[]}"#)?.message
      == "expected an integer, found a string")
}

@Test func missingAndMistypedFieldsNameTheirPath() {
  let header = #"{"format":"recoil-inspect/snapshot","version":1,"#
  #expect(decodeError(header + #""edges":[]}"#)?.description == "1:1: nodes: required field is missing")
  #expect(decodeError(header + #""nodes":[{"kind":"atom"}],"edges":[]}"#)?.path == "nodes[0].id")
  #expect(
    decodeError(header + #""nodes":[{"id":"a","kind":"atom","subscribers":"2"}],"edges":[]}"#)?.message
      == "expected an integer, found a string")
  #expect(
    decodeError(header + #""nodes":[{"id":"a","kind":"atom","subscribers":-1}],"edges":[]}"#)?.message
      == "expected a non-negative integer, found -1")
  #expect(
    decodeError(header + #""nodes":[{"id":"a","kind":"atom","async":"yes"}],"edges":[]}"#)?.path == "nodes[0].async")
  #expect(
    decodeError(header + #""nodes":[{"id":"","kind":"atom"}],"edges":[]}"#)?.message
      == "expected a non-empty id, found \"\"")
  #expect(decodeError(header + #""nodes":{},"edges":[]}"#)?.message == "expected an array, found an object")
  #expect(decodeError(header + #""nodes":[],"edges":[],"capturedAt":"yesterday"}"#)?.path == "capturedAt")
  #expect(decodeError(header + #""nodes":[],"edges":[],"actions":[{"seq":1,"store":"s"}]}"#)?.path == "actions[0].name")
}

@Test func theRecordsInsideAModelNeedTheirOneRequiredMember() throws {
  let header = #"{"format":"recoil-inspect/snapshot","version":1,"edges":[],"#
  // A value row, an action's change and a notification's reach, each without (or with a null)
  // required member: the error names the member under its record's path, where the record starts.
  let row = decodeError(header + #""nodes":[{"id":"a","kind":"atom","structure":[{"path":"x"},{"type":"Int"}]}]}"#)
  #expect(row?.path == "nodes[0].structure[1].path")
  #expect(row?.message == "required field is missing")
  #expect(row?.position == SourcePosition(line: 1, column: 119))
  let change = decodeError(
    header + #""nodes":[],"actions":[{"seq":1,"store":"s","name":"n","changes":[{"path":null,"after":"1"}]}]}"#)
  #expect(change?.path == "actions[0].changes[0].path")
  let reach = decodeError(
    header + #""nodes":[],"timeline":[{"seq":1,"kind":"notification","reached":[{"durationNanos":5}]}]}"#)
  #expect(reach?.path == "timeline[0].reached[0].subscription")
  // The required member read as any other: its type is checked where it stands.
  let mistyped = decodeError(header + #""nodes":[{"id":"a","kind":"atom","structure":[{"path":3}]}]}"#)
  #expect(mistyped?.message == "expected a string, found a number")
  #expect(mistyped?.path == "nodes[0].structure[0].path")
  // Members a record does not know are skipped; those it knows land beside the required one,
  // whichever comes first.
  let snapshot = try decode(
    header + #""nodes":[{"id":"a","kind":"atom","structure":[{"more":2,"new":[1],"path":"items","type":"[Int]"}]}],"#
      + #""timeline":[{"seq":1,"kind":"notification","reached":[{"durationNanos":5,"subscription":"list"}]}]}"#)
  #expect(snapshot.nodes[0].structure == [SnapshotValueRow(path: "items", type: "[Int]", more: 2)])
  #expect(snapshot.timeline[0].reached == [SnapshotReach(subscription: "list", durationNanos: 5)])
}

@Test func unknownKindAndStatus() {
  let header = #"{"format":"recoil-inspect/snapshot","version":1,"#
  let json =
    header
    + "\n\"nodes\": [\n  {\"id\": \"a\", \"kind\": \"atom\"},\n  {\"id\": \"b\", \"kind\": \"atm\"}\n], \"edges\": []}"
  #expect(
    decodeError(json)?.description == #"4:23: nodes[1].kind: expected atom, selector, store or slice, found "atm""#)
  #expect(
    decodeError(header + #""nodes":[{"id":"a","kind":"atom","status":"done"}],"edges":[]}"#)?.message
      == #"expected ready, loading or error, found "done""#)
}

@Test func duplicateNodeIDsAreRejected() {
  let json =
    #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"},{"id":"a","kind":"selector"}],"edges":[]}"#
  #expect(decodeError(json)?.message == #"duplicate node id "a" (first used by nodes[0])"#)
  #expect(decodeError(json)?.path == "nodes[1].id")
}

@Test func edgesAndOwnersMustNameKnownNodes() {
  let header = #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"}],"#
  #expect(
    decodeError(header + #""edges":[{"from":"a","to":"ghost"}]}"#)?.description.hasSuffix(
      #"edges[0].to: names node "ghost", which is not in nodes"#) == true)
  #expect(decodeError(header + #""edges":[{"from":"ghost","to":"a"}]}"#)?.path == "edges[0].from")
  let owned =
    #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"s","kind":"slice","owner":"nobody"}],"edges":[]}"#
  #expect(decodeError(owned)?.path == "nodes[0].owner")
}

@Test func sampledEvaluationsRoundTripAndEstimateTheirTotal() throws {
  let sampled = SnapshotEvaluations(
    count: 64, totalNanos: 300, minNanos: 100, maxNanos: 200, lastNanos: 100, timedCount: 2)
  #expect(sampled.isSampled)
  #expect(sampled.meanNanos == 150)
  #expect(sampled.estimatedTotalNanos == 9_600)
  let complete = SnapshotEvaluations(count: 2, totalNanos: 300)
  #expect(!complete.isSampled)
  #expect(complete.estimatedTotalNanos == 300)
  #expect(SnapshotEvaluations(count: 5, totalNanos: 0, timedCount: 0).meanNanos == nil)
  let snapshot = Snapshot(nodes: [SnapshotNode(id: "s", kind: .selector, evaluations: sampled)])
  let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
  #expect(decoded.nodes[0].evaluations == sampled)
}
