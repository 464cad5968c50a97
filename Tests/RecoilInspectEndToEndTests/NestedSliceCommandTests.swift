import Foundation
import RecoilSnapshot
import Testing

/// A slice registered below the top of its store's state (`lines` at `basket.lines`) is found
/// by its path: `trace --node` lists the actions that changed it, `why` explains it.
@Suite struct NestedSliceCommandTests {
  static func snapshot() -> Snapshot {
    var lines = SnapshotNode(id: "checkout.lines", kind: .slice, label: "lines", owner: "checkout", value: "[2]")
    lines.path = "basket.lines"
    return Snapshot(
      nodes: [SnapshotNode(id: "checkout", kind: .store), lines],
      actions: [
        SnapshotAction(
          seq: 1, store: "checkout", name: "bump",
          changes: [SnapshotChange(path: "basket.lines[0]", before: "1", after: "2")]),
        SnapshotAction(
          seq: 2, store: "checkout", name: "annotate", changes: [SnapshotChange(path: "note", before: "", after: "x")]),
      ],
      timeline: [
        SnapshotEntry(seq: 4, kind: .action, store: "checkout", action: 1, name: "bump"),
        SnapshotEntry(seq: 5, kind: .action, store: "checkout", action: 2, name: "annotate"),
      ])
  }

  @Test func traceAndWhyFindTheSliceByItsPath() throws {
    let url = try ExecutableRunner.temporaryDirectory().appending(path: "nested.json")
    try SnapshotCodec.encode(Self.snapshot()).write(to: url)
    let trace = try ExecutableRunner.run(["trace", url.path, "--node", "checkout.lines"])
    #expect(trace.status == 0, "\(trace.stderr)")
    #expect(trace.stdoutText.contains("#4 action checkout #1 bump"))
    #expect(!trace.stdoutText.contains("annotate"))
    let why = try ExecutableRunner.run(["why", url.path, "checkout.lines"])
    #expect(why.status == 0, "\(why.stderr)")
    #expect(why.stdoutText.hasPrefix("why checkout.lines"))
    #expect(why.stdoutText.contains("#4 action checkout #1 bump"))
  }
}
