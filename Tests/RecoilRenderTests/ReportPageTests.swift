import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

@Suite struct ReportEmbeddingTests {
  @Test func embeddedJSONHasNoMarkupCharactersAndReadsBackExactly() throws {
    let hostile = "</script><!--<script>&amp;\u{2028}\u{2029}"
    let snapshot = Snapshot(nodes: [SnapshotNode(id: hostile, kind: .atom, value: hostile)])
    let json = ReportData.json(for: snapshot)
    #expect(!json.contains(UInt8(ascii: "<")))
    #expect(!json.contains(UInt8(ascii: ">")))
    #expect(!json.contains(UInt8(ascii: "&")))
    #expect(String(decoding: json, as: UTF8.self).contains(#"\u003c/script\u003e"#))
    let decoded = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
    let node = (decoded?["nodes"] as? [[String: Any]])?.first
    #expect(node?["id"] as? String == hostile)
    #expect(node?["value"] as? String == hostile)
  }

  @Test func timelineChangesNameTheStoreAndTheSlicesTheyConcern() throws {
    let snapshot = Snapshot(
      nodes: [
        SnapshotNode(id: "app", kind: .store),
        SnapshotNode(id: "app.user", kind: .slice, label: "user", owner: "app"),
        SnapshotNode(id: "app.userName", kind: .slice, label: "userName", owner: "app"),
      ],
      actions: [
        SnapshotAction(
          seq: 7, store: "app", name: "rename",
          changes: [
            SnapshotChange(path: "user.name", before: "a", after: "b"),
            SnapshotChange(path: "", before: nil, after: "whole"),
          ])
      ])
    let decoded = try JSONSerialization.jsonObject(with: Data(ReportData.json(for: snapshot))) as? [String: Any]
    let entry = try #require((decoded?["timeline"] as? [[String: Any]])?.first)
    #expect(entry["seq"] as? Int == 1)
    #expect(entry["storeSeq"] as? Int == 7)
    let changes = try #require(entry["changes"] as? [[String: Any]])
    // user.name is below the user slice, not below userName; the whole state is above both.
    #expect(changes[0]["nodes"] as? [Int] == [0, 1])
    #expect(changes[1]["nodes"] as? [Int] == [0, 1, 2])
  }

  @Test func nodeGroupsGetTheirExactIDsAsAttributes() {
    let svg = Array(
      #"<?xml version="1.0"?><!DOCTYPE svg><svg><g id="n0" class="node"></g><g id="n1" class="node"></g><g id="n12x"></g></svg>"#
        .utf8)
    let inlined = String(decoding: SVGForHTML.inline(svg, nodeIDs: ["a\"<b>&\r", "second"]), as: UTF8.self)
    #expect(
      inlined
        == #"<svg><g id="n0" data-node-id="a&quot;&lt;b&gt;&amp;&#13;" class="node"></g><g id="n1" data-node-id="second" class="node"></g><g id="n12x"></g></svg>"#
    )
  }
}
