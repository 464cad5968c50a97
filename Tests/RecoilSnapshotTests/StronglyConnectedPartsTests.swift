import Testing

@testable import RecoilSnapshot

@Suite struct StronglyConnectedPartsTests {
  @Test func partsAreNumberedSinksFirst() {
    // 0 -> 1 -> 2 -> 0 is one part; 2 -> 3; 3 -> 4 -> 3 another; 5 alone.
    let parts = StronglyConnectedParts(successors: [[1], [2], [0, 3], [4], [3], []])
    #expect(parts.sizes.sorted() == [1, 2, 3])
    #expect(Set([parts.partOf[0], parts.partOf[1], parts.partOf[2]]).count == 1)
    #expect(parts.partOf[3] == parts.partOf[4])
    // The edge 2 -> 3 goes from a higher part number to a lower one.
    #expect(parts.partOf[2] > parts.partOf[3])
    #expect(parts.sizes[parts.partOf[0]] == 3)
  }

  @Test func aLongChainNeedsNoRecursion() {
    let count = 200_000
    let successors = (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }
    let parts = StronglyConnectedParts(successors: successors)
    #expect(parts.sizes.count == count)
    #expect(parts.partOf[0] == count - 1)
    #expect(parts.partOf[count - 1] == 0)
  }

  @Test func oneLongCycleIsOnePart() {
    let count = 100_000
    let parts = StronglyConnectedParts(successors: (0..<count).map { [($0 + 1) % count] })
    #expect(parts.sizes == [count])
  }
}
