import Foundation
import GraphShapes
import RecoilRender
import RecoilSnapshot
import Testing
import WebDriver

/// Text readable at first sight (issue 61, point 6): the page opens at a scale where every
/// label in view is at least 9 px high (the whole graph where it fits so, else the part with
/// the most nodes); a group opened in place is drawn readable; a value rewound to something
/// longer than its node was drawn for is cut to fit, never spilling out.
@Suite(.serialized) struct ReportLegibilityTests {
  /// The heights of the label texts in view in the graph pane, and how many there are.
  static let labelsInView = """
    const pane = document.getElementById('graph').getBoundingClientRect();
    const heights = [...document.querySelectorAll(arguments[0])].map((text) => text.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.bottom > pane.top && box.top < pane.bottom && box.right > pane.left && box.left < pane.right)
      .map((box) => box.height);
    return [heights.length, heights.length ? Math.min(...heights) : 0];
    """

  static func labels(_ browser: BrowserSession, _ selector: String = "#graph g.node text") throws -> (
    count: Int, smallest: Double
  ) {
    let measured = try browser.execute(Self.labelsInView, [selector]) as? [Double] ?? [0, 0]
    return (Int(measured[0]), measured[1])
  }

  @Test(arguments: [(1400, 900), (390, 844)])
  func theDemoOpensWithEveryLabelInViewReadable(width: Int, height: Int) throws {
    try withReport(try demoSnapshot(), width: width, height: height) { browser in
      let (count, smallest) = try Self.labels(browser)
      #expect(count >= (width > 1000 ? 40 : 8), "\(count) labels in view")
      #expect(smallest >= 8.9, "the smallest label in view is \(smallest) px high")
      // Fit still shows the whole graph: every node inside the pane.
      try browser.click("#zoom-fit")
      let outside =
        try browser.execute(
          """
          const pane = document.getElementById('graph').getBoundingClientRect();
          return [...document.querySelectorAll('#graph g.node[data-node-id]')].filter((node) => {
            const box = node.getBoundingClientRect();
            return box.left < pane.left || box.right > pane.right || box.top < pane.top || box.bottom > pane.bottom;
          }).length;
          """) as? Int
      #expect(outside == 0)
    }
  }

  @Test func anAppsOverviewOpensReadableAndAGroupOpensReadable() throws {
    let snapshot = AppShapedGraph(shape: .app, count: 3_000).snapshot
    try withReport(snapshot) { browser in
      let (count, smallest) = try Self.labels(browser)
      #expect(count >= 10 && smallest >= 8.9, "\(count) labels in view, the smallest \(smallest) px")
      // Open the group in the middle of the view: its inside is drawn readable, title bar too.
      let group = try #require(
        try browser.execute(
          """
          const pane = document.getElementById('graph').getBoundingClientRect();
          const groups = [...document.querySelectorAll('#graph g.node.group[id^="g"]')].filter((group) => {
            const box = group.getBoundingClientRect();
            return box.left > pane.left && box.right < pane.right && box.top > pane.top && box.bottom < pane.bottom;
          });
          return groups.length ? groups[0].id : null;
          """) as? String)
      try browser.click("#\(group)")
      try browser.wait(until: "return !!document.querySelector('#graph g.inside')")
      let inside = try Self.labels(browser, "#graph g.inside g.node text")
      #expect(
        inside.count >= 3 && inside.smallest >= 8.9,
        "\(inside.count) labels of the inside, the smallest \(inside.smallest) px")
      let bar = try Self.labels(browser, "#graph g.inside-title text")
      #expect(bar.count == 1 && bar.smallest >= 9, "the title bar's text is \(bar.smallest) px")
    }
  }

  /// Every value line stays inside its node's shape at every one of 40 entries spread over
  /// the demo's timeline, though the layout was made for the latest values.
  @Test func aRewoundValueNeverSpillsOutOfItsNode() throws {
    let snapshot = try demoSnapshot()
    let seqs = snapshot.timeline.map(\.seq)
    let picks = (0..<40).map { seqs[$0 * (seqs.count - 1) / 39] }
    try withReport(snapshot) { browser in
      var cut = 0
      for seq in picks {
        try browser.execute("window.recoilReport.choose(\(seq))")
        let outcome =
          try browser.execute(
            """
            const spills = [];
            let cut = 0;
            for (const node of document.querySelectorAll('#graph g.node[data-node-id]')) {
              const line = [...node.querySelectorAll('text')].find((text) => text.textContent.startsWith('= '));
              const shape = node.querySelector('ellipse, polygon, path');
              if (!line || !shape) continue;
              if (line.textContent.endsWith('…')) cut += 1;
              const [text, outline] = [line.getBBox(), shape.getBBox()];
              if (text.x < outline.x - 0.5 || text.x + text.width > outline.x + outline.width + 0.5) {
                spills.push(`${node.dataset.nodeId}: ${line.textContent}`);
              }
            }
            return [cut, ...spills];
            """) as? [Any] ?? []
        cut += outcome.first as? Int ?? 0
        #expect(outcome.count == 1, "as of #\(seq): \(outcome.dropFirst())")
      }
      // Some values were longer than their nodes, and were cut (the whole is in the details).
      #expect(cut > 0)
    }
  }
}
