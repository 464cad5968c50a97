import Testing

@testable import RecoilInspector

/// The live stream's waits between attempts to reach a listener that went away.
@Suite struct ReconnectBackoffTests {
  @Test func waitsDoubleFromTheShortestUpToTheLongestAndStartAgainAfterASuccess() {
    var backoff = ReconnectBackoff()
    let waits = (0..<9).map { _ in backoff.nextDelayNanos(random: 0.5) }
    #expect(
      waits == [
        100_000_000, 200_000_000, 400_000_000, 800_000_000, 1_600_000_000, 3_200_000_000, 5_000_000_000,
        5_000_000_000, 5_000_000_000,
      ])
    backoff.reset()
    #expect(backoff.nextDelayNanos(random: 0.5) == ReconnectBackoff.firstNanos)
  }

  @Test func jitterMovesEachWaitByAtMostAFifth() {
    var low = ReconnectBackoff()
    var high = ReconnectBackoff()
    #expect(low.nextDelayNanos(random: 0) == 80_000_000)
    #expect(high.nextDelayNanos(random: 1) == 120_000_000)
    // Out-of-range draws are held to the range.
    var odd = ReconnectBackoff()
    #expect(odd.nextDelayNanos(random: 7) == 120_000_000)
  }
}
