import RecoilSnapshot
import Testing

@testable import RecoilRender

/// The live page's report keeps its layout while the graph keeps its shape and its labels
/// their room.
@Suite struct LiveReportTests {
  static func snapshot(value: String, status: SnapshotNodeStatus = .ready) -> Snapshot {
    Snapshot(
      nodes: [
        SnapshotNode(id: "Cart.count", kind: .atom, value: value, status: status),
        SnapshotNode(id: "Cart.total", kind: .selector, value: "10"),
      ],
      edges: [SnapshotEdge(from: "Cart.count", to: "Cart.total")])
  }

  @Test func laysOutAgainOnlyForANewShapeOrALabelThatNeedsMoreRoom() throws {
    let report = LiveReport(title: "shop (live)")
    let first = String(decoding: try report.page(for: Self.snapshot(value: "12"), shape: 1), as: UTF8.self)
    #expect(report.layouts == 1)
    #expect(first.contains("= 12"))
    // A value as long or shorter: the same layout, the new value in the data.
    let second = String(decoding: try report.page(for: Self.snapshot(value: "3"), shape: 1), as: UTF8.self)
    #expect(report.layouts == 1)
    #expect(second.contains("= 12"))  // the drawing's line, which the page rewrites
    #expect(second.contains(#""value":"3""#))
    // Longer, or another status, or another shape: laid out again.
    _ = try report.page(for: Self.snapshot(value: "12345"), shape: 1)
    #expect(report.layouts == 2)
    _ = try report.page(for: Self.snapshot(value: "1", status: .loading), shape: 1)
    #expect(report.layouts == 3)
    _ = try report.page(for: Self.snapshot(value: "1", status: .loading), shape: 2)
    #expect(report.layouts == 4)
  }
}
