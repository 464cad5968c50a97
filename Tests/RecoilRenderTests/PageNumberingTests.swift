import Foundation
import RecoilSnapshot
import Testing

@testable import RecoilRender

/// A page's script holds whole numbers exactly only up to 2^53 − 1; a snapshot's entries may
/// be numbered up to `Int.max`. Past that, the page numbers its entries from 1 and each says its
/// own number as text, so that no two entries share a number and each shows the snapshot's.
@Suite struct PageNumberingTests {
  /// ValueHistoryTests' snapshot with every entry number (and cause) moved up by `offset`.
  static func moved(by offset: Int) -> Snapshot {
    var snapshot = ValueHistoryTests.snapshot
    for index in snapshot.timeline.indices {
      snapshot.timeline[index].seq += offset
      snapshot.timeline[index].cause = snapshot.timeline[index].cause.map { $0 + offset }
    }
    return snapshot
  }

  static func data(_ snapshot: Snapshot) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(ReportData.json(for: snapshot))) as? [String: Any])
  }

  @Test func entriesPastWhatAScriptHoldsAreNumberedFromOneAndSayTheirOwnNumbers() throws {
    for offset in [(1 << 53) - 1, Int.max - 6] {
      let snapshot = Self.moved(by: offset)
      #expect(PageNumbering(snapshot).base == offset)
      let timeline = try #require(try Self.data(snapshot)["timeline"] as? [[String: Any]])
      #expect(timeline.map { $0["seq"] as? Int } == [1, 2, 3, 4, 5, 6])
      #expect(timeline.map { $0["seqText"] as? String } == (1...6).map { String(offset + $0) })
      #expect(timeline.map { $0["cause"] as? Int } == [nil, 1, nil, nil, 3, 4])
      #expect(timeline[1]["causeText"] as? String == String(offset + 1))
      // Histories follow the page's numbers: Theme.mode written at entries 2 and 4.
      let nodes = try #require(try Self.data(snapshot)["nodes"] as? [[String: Any]])
      let history = try #require(nodes[0]["history"] as? [String: Any])
      #expect((history["changes"] as? [[Any]])?.map { $0[0] as? Int } == [2, 4])
    }
  }

  /// A page whose numbers a script holds is written as it always was, byte for byte.
  @Test func numbersAScriptHoldsAreKept() throws {
    let offset = (1 << 53) - 7
    let snapshot = Self.moved(by: offset)
    #expect(PageNumbering(snapshot).base == 0)
    #expect(PageNumbering(snapshot).renumbered(snapshot) == snapshot)
    let json = String(decoding: ReportData.json(for: snapshot), as: UTF8.self)
    #expect(!json.contains("seqText") && json.contains("\"seq\":\(offset + 6)"))
  }

  /// A cause too far before the entries for the page to number is left out of `cause`, and
  /// still shown, as text; a store's number past 2^53 is text, which the page only shows.
  @Test func farCausesAndStoreNumbersAreKeptAsText() throws {
    var snapshot = Self.moved(by: Int.max - 6)
    snapshot.timeline[5].cause = 1
    snapshot.actions[1].seq = Int.max
    snapshot.timeline[2].action = Int.max
    let timeline = try #require(try Self.data(snapshot)["timeline"] as? [[String: Any]])
    #expect(timeline[5]["cause"] == nil && timeline[5]["causeText"] as? String == "1")
    #expect(timeline[2]["storeSeq"] as? String == String(Int.max))
    #expect(timeline[0]["storeSeq"] as? Int == 1)
    // Counts the page shows, the same way: text past 2^53, numbers below it.
    snapshot.nodes[4].evaluations = SnapshotEvaluations(count: Int.max, totalNanos: 1, timedCount: 2)
    snapshot.nodes[4].subscribers = 1 << 53
    snapshot.nodes[0].subscribers = (1 << 53) - 1
    let nodes = try #require(try Self.data(snapshot)["nodes"] as? [[String: Any]])
    let evaluations = try #require(nodes[4]["evaluations"] as? [String: Any])
    #expect(evaluations["count"] as? String == String(Int.max) && evaluations["timed"] as? Int == 2)
    #expect(nodes[4]["subscribers"] as? String == String(1 << 53))
    #expect(nodes[0]["subscribers"] as? Int == (1 << 53) - 1)
  }

  /// A live page whose entries are numbered from a base is made again rather than extended:
  /// its base moves as old entries go.
  @Test func aLivePageNumberedFromABaseIsMadeAgain() throws {
    for (offset, extends) in [(0, true), (Int.max - 6, false)] {
      let snapshot = Self.moved(by: offset)
      let report = LiveReport(title: "numbers")
      _ = try report.page(for: snapshot, shape: 1)
      #expect((report.delta(for: snapshot, shape: 1, after: 3) != nil) == extends)
    }
  }
}
