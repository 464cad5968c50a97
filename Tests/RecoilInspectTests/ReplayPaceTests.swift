import Testing

@testable import recoil_inspect

/// When each event of a replayed recording is due: at its recorded distance from the first,
/// divided by the speed, with long pauses shortened.
@Suite struct ReplayPaceTests {
  /// Nanoseconds from seconds.
  static func at(_ seconds: Double) -> Int { Int(seconds * 1e9) }

  @Test func pausesLongerThanTheMaximumAreShortenedToIt() {
    var pace = ReplayPace(speed: 1, maximumPause: .seconds(3))
    let offsets = [0, 1, 3_601, 3_601.5, 3_602].map { pace.offset(of: Self.at($0)) }
    // The hour's pause is 3 s; the rest as recorded.
    #expect(offsets == [0, 1, 4, 4.5, 5])
  }

  @Test func theSpeedDividesEveryDistanceAndNoneKeepsEveryPause() {
    var twice = ReplayPace(speed: 2, maximumPause: .seconds(3))
    #expect([0, 1, 61].map { twice.offset(of: Self.at($0)) } == [0, 0.5, 2])
    var whole = ReplayPace(speed: 1, maximumPause: nil)
    #expect([0, 1, 3_601].map { whole.offset(of: Self.at($0)) } == [0, 1, 3_601])
  }

  @Test func aTimeBeforeTheLatestIsDueAtOnceAndTimesAtIntsLimitsStayNumbers() {
    var pace = ReplayPace(speed: 1, maximumPause: nil)
    #expect([10, 12, 11, 13].map { pace.offset(of: Self.at($0)) } == [0, 2, 2, 3])
    var far = ReplayPace(speed: 1, maximumPause: nil)
    #expect(far.offset(of: .min) == 0)
    #expect(far.offset(of: .max) > 1e10)
    #expect(far.delay(until: .min, now: .now) == nil)  // the first is due at once
    let now = ContinuousClock.now
    #expect(far.delay(until: .max, now: now).map { $0 > .seconds(1e9) } == true)
  }

  @Test func theDelayIsFromTheFirstEventsReplay() throws {
    var pace = ReplayPace(speed: 1, maximumPause: .seconds(3))
    let start = ContinuousClock.now
    #expect(pace.delay(until: Self.at(100), now: start) == nil)
    #expect(pace.delay(until: Self.at(102), now: start) == .seconds(2))
    // Asked a second later, the same distance is a second shorter; one already due is not waited for.
    #expect(pace.delay(until: Self.at(102.5), now: start.advanced(by: .seconds(1))) == .seconds(1.5))
    #expect(pace.delay(until: Self.at(102.5), now: start.advanced(by: .seconds(9))) == nil)
  }
}
