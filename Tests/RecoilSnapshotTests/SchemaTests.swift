import Foundation
import Testing

@testable import RecoilSnapshot

/// The JSON Schema in Docs/ must describe what the codec reads.
@Suite struct SchemaTests {
  let schema: [String: Any]

  init() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appending(path: "Docs/snapshot-v1.schema.json")
    schema = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  private func definition(_ name: String) throws -> [String: Any] {
    let definitions = try #require(schema["$defs"] as? [String: Any])
    return try #require(definitions[name] as? [String: Any])
  }

  @Test func formatAndVersionMatch() throws {
    let properties = try #require(schema["properties"] as? [String: Any])
    #expect((properties["format"] as? [String: Any])?["const"] as? String == Snapshot.format)
    #expect((properties["version"] as? [String: Any])?["const"] as? Int == Snapshot.version)
    #expect(Set(schema["required"] as? [String] ?? []) == ["format", "version", "nodes", "edges"])
  }

  @Test func enumerationsMatchTheModel() throws {
    let node = try definition("node")
    let properties = try #require(node["properties"] as? [String: Any])
    #expect((properties["kind"] as? [String: Any])?["enum"] as? [String] == SnapshotNodeKind.allCases.map(\.rawValue))
    #expect(
      (properties["status"] as? [String: Any])?["enum"] as? [String] == SnapshotNodeStatus.allCases.map(\.rawValue))
    #expect(Set(node["required"] as? [String] ?? []) == ["id", "kind"])
  }

  @Test func everyFieldTheEncoderWritesIsInTheSchema() throws {
    var snapshot = Snapshot(
      capturedAt: Date(timeIntervalSince1970: 0),
      nodes: [
        SnapshotNode(
          id: "a", kind: .atom, label: "l", isAsync: true, family: "f", parameter: "p", owner: "a", valueType: "T",
          value: "v", status: .error, error: "e", subscribers: 1,
          evaluations: SnapshotEvaluations(
            count: 2, totalNanos: 1, minNanos: 1, maxNanos: 1, lastNanos: 1, timedCount: 1))
      ],
      edges: [SnapshotEdge(from: "a", to: "a")],
      actions: [
        SnapshotAction(
          seq: 1, store: "s", name: "n", payload: "p", atNanos: 1, durationNanos: 1, site: "M/F.swift:1",
          changes: [SnapshotChange(path: "x.y", before: "1", after: "2")],
          slices: [SnapshotChange(path: "x", before: "X(y: 1)", after: "X(y: 2)")])
      ],
      dropped: SnapshotDropCounts(actions: 1, evaluations: 1, events: 1, timeline: 1, notRecorded: ["tick": 2]))
    snapshot.nodes[0].path = "x.y"
    snapshot.nodes[0].structure = [
      SnapshotValueRow(path: "x", type: "X", more: 2), SnapshotValueRow(path: "x.y", value: "1"),
    ]
    let encoded = try #require(JSONSerialization.jsonObject(with: SnapshotCodec.encode(snapshot)) as? [String: Any])
    // The tree's rows round-trip, and each row's fields are the schema's.
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)).nodes[0].structure == snapshot.nodes[0].structure)
    let rowFields = Set(
      ((try definition("node")["properties"] as? [String: Any])?["structure"] as? [String: Any])
        .flatMap { ($0["items"] as? [String: Any])?["properties"] as? [String: Any] }?.keys ?? [:].keys)
    let encodedRows = ((encoded["nodes"] as? [[String: Any]])?.first?["structure"] as? [[String: Any]]) ?? []
    #expect(Set(encodedRows.flatMap(\.keys)) == rowFields)
    let topLevel = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
    #expect(Set(encoded.keys).isSubset(of: topLevel))
    let nodeFields = Set((try definition("node")["properties"] as? [String: Any] ?? [:]).keys)
    let encodedNode = try #require((encoded["nodes"] as? [[String: Any]])?.first)
    #expect(Set(encodedNode.keys) == nodeFields)
    let droppedFields = Set(
      ((schema["properties"] as? [String: Any])?["dropped"] as? [String: Any])
        .flatMap { $0["properties"] as? [String: Any] }?.keys ?? [:].keys)
    #expect(Set((encoded["dropped"] as? [String: Any] ?? [:]).keys) == droppedFields)
    #expect(try SnapshotCodec.decode(SnapshotCodec.encode(snapshot)).dropped == snapshot.dropped)
    let actionFields = Set((try definition("action")["properties"] as? [String: Any] ?? [:]).keys)
    let encodedAction = try #require((encoded["actions"] as? [[String: Any]])?.first)
    #expect(Set(encodedAction.keys) == actionFields)
  }
}
