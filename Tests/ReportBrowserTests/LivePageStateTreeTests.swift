import Foundation
import Testing
import WebDriver

/// The live page's state tree tells the truth (issue 61, point 4): a store's or slice's tree as
/// of an entry agrees with its value as of that entry, at 50 entries spread over a long looping
/// run whose oldest entries the session has let go.
@Suite(.serialized) struct LivePageStateTreeTests {
  /// In the report's frame: for every store and slice with a tree, at 50 entries spread over
  /// the timeline, the tree's leaves against the leaves of the value shown as of that entry
  /// (read back by the page's own reader, DescriptionRows). Returns `[compared, problems…]`.
  static let compareEveryTreeWithItsValue = """
    const data = JSON.parse(document.getElementById('report-data').textContent);
    const numbered = data.timeline.filter((entry) => entry.seq !== undefined);
    const picks = Array.from({ length: 50 }, (_, i) => numbered[Math.floor(i * (numbered.length - 1) / 49)].seq);
    const problems = [];
    let compared = 0;
    for (const node of data.nodes.filter((node) => node.structure && (node.kind === 'store' || node.kind === 'slice'))) {
      for (const seq of picks) {
        // As a click on the entry and then on the node would (the address is not used: Chromium
        // throttles changes of it).
        window.recoilReport.choose(seq);
        window.recoilReport.select(node.id);
        if (document.querySelector('#details h2')?.textContent !== (node.label || node.id)) {
          problems.push(`${node.id} as of #${seq}: not shown`);
          continue;
        }
        const heading = [...document.querySelectorAll('#details h3')].find((h) => h.textContent === `Value as of #${seq}`);
        if (!heading) continue;
        const value = heading.nextElementSibling.textContent;
        const rows = [...document.querySelectorAll('#state .state-row')];
        if (rows.some((row) => /… \\d+ more/.test(row.textContent))) continue;
        const root = rows[0]?.getAttribute('data-path') ?? '';
        // An empty collection is a leaf in a value, a part with nothing in it in a tree.
        const isEmpty = (text) => /^\\[:?\\]$/.test(text);
        const tree = rows.filter((row) => row.querySelector('.value') && !isEmpty(row.querySelector('.value').textContent))
          .map((row) => `${row.getAttribute('data-path')} = ${row.querySelector('.value').textContent}`).sort();
        let expected;
        try {
          expected = DescriptionRows.read(value, root).filter((row) => row.value !== undefined && !isEmpty(row.value))
            .map((row) => `${row.path} = ${row.value}`).sort();
        } catch {
          continue; // a value the reader cannot read whole (cut): nothing to compare
        }
        compared += 1;
        if (JSON.stringify(tree) !== JSON.stringify(expected)) {
          problems.push(`${node.id} as of #${seq}: tree ${JSON.stringify(tree)} but value ${value}`);
        }
      }
    }
    return [compared, ...problems.slice(0, 5)];
    """

  @Test func aStoresTreeAndValueAgreeAtFiftyEntriesOfALongLoopingRun() throws {
    let demo = try LiveDemo(serverArguments: ["--keep", "500"], demoArguments: ["--pace", "5", "--loop"])
    defer { demo.stop() }
    try withBrowser { browser in
      try browser.navigate(to: demo.pageURL)
      try browser.wait(until: LiveDemo.reportReady, timeout: .seconds(20))
      // Long enough that the session let its oldest entries go.
      try browser.wait(
        until:
          "return (document.querySelector('[data-session=\"1\"] .drops')?.textContent ?? '').includes('oldest let go')",
        timeout: .seconds(60))
      Thread.sleep(forTimeInterval: 2)
      demo.stopDemo()
      try browser.wait(
        until: "return document.querySelector('[data-session=\"1\"]')?.classList.contains('ended') === true",
        timeout: .seconds(20))
      // The report made afresh from everything the session kept (the address names it).
      try browser.navigate(to: URL(string: try #require(browser.execute("return location.href") as? String))!)
      try browser.wait(until: LiveDemo.reportReady, timeout: .seconds(20))
      try browser.enterFrame("#frames iframe:not(.loading)")
      let outcome = try #require(try browser.execute(Self.compareEveryTreeWithItsValue) as? [Any])
      try browser.leaveFrame()
      let compared = outcome.first as? Int ?? 0
      #expect(compared >= 100, "compared \(compared) trees")
      #expect(outcome.count == 1, "\(outcome.dropFirst())")
    }
  }
}
