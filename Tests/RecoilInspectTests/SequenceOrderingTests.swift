import Testing

@testable import recoil_inspect

@Suite struct SequenceOrderingTests {
  @Test func eventsComeOutInSeqOrderWithinTheWindow() {
    var ordering = SequenceOrdering<String>(window: 2)
    var out: [String] = []
    for (item, seq) in [("b", 2), ("a", 1), ("d", 4), ("c", 3), ("e", 5)] {
      ordering.add(item, seq: seq) { out.append($0) }
    }
    ordering.flush { out.append($0) }
    #expect(out == ["a", "b", "c", "d", "e"])
  }

  @Test func eventsWithoutASeqStayBehindWhatTheyFollowed() {
    var ordering = SequenceOrdering<String>(window: 8)
    var out: [String] = []
    ordering.add("node-x", seq: nil) { out.append($0) }
    ordering.add("write-3", seq: 3) { out.append($0) }
    ordering.add("node-after-3", seq: nil) { out.append($0) }
    ordering.add("action-2", seq: 2) { out.append($0) }
    ordering.flush { out.append($0) }
    #expect(out == ["node-x", "action-2", "write-3", "node-after-3"])
  }

  @Test func anInOrderStreamIsReleasedOneForOneAndMemoryStaysAtTheWindow() {
    var ordering = SequenceOrdering<Int>(window: 4)
    var released: [Int] = []
    for seq in 1...10_000 { ordering.add(seq, seq: seq) { released.append($0) } }
    #expect(released == Array(1...9_996))
    var rest: [Int] = []
    ordering.flush { rest.append($0) }
    #expect(rest == [9_997, 9_998, 9_999, 10_000])
  }
}
