import RecoilSnapshot
import Testing

/// The one way durations are written, at the edges of each unit.
@Suite struct DurationTextTests {
  @Test(arguments: [
    (-5, "0 ns"), (0, "0 ns"), (999, "999 ns"), (1_000, "1.0 µs"), (12_345, "12.3 µs"), (999_949, "999.9 µs"),
    (999_950, "1.0 ms"), (2_500_000, "2.5 ms"), (999_949_999, "999.9 ms"), (999_950_000, "1.00 s"),
    (12_345_678_901, "12.35 s"),
  ])
  func eachUnitRoundsToNearestAndMovesOnAtAThousand(nanos: Int, text: String) {
    #expect(DurationText.format(nanos: nanos) == text)
  }
}
