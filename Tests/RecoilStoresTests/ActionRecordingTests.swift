import Dispatch
import Testing

@testable import RecoilStores

/// The store's own action recording, and observers that choose whether to hear actions.
@Suite struct ActionRecordingTests {
  @Test func aRecordingStoreKeepsEachActionWithItsStatesAndTiming() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    store.dispatch(.note("before recording"))
    store.startRecordingActions()
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.cart(.add("boots")))
    let recording = store.recordedActions()
    #expect(recording.records.map(\.sequence) == [2, 3])
    #expect(recording.records.map(\.store) == ["app", "app"])
    #expect(recording.records.map { $0.action as? AppAction } == [.user(.setName("Ann")), .cart(.add("boots"))])
    #expect((recording.records[0].stateBefore as? AppState)?.user.name == "")
    #expect((recording.records[0].stateAfter as? AppState)?.user.name == "Ann")
    #expect((recording.records[1].stateAfter as? AppState)?.cart.items == ["boots"])
    #expect(recording.records[0].atNanos <= recording.records[1].atNanos)
    #expect(recording.dropped == 0)
  }

  @Test func theTraceKeepsTheLatestAndCountsDrops() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.startRecordingActions(capacity: 3)
    for index in 1...8 { store.dispatch(.note("\(index)")) }
    let recording = store.recordedActions()
    #expect(recording.records.map(\.sequence) == [6, 7, 8])
    #expect(recording.dropped == 5)
  }

  @Test func aReaderFollowsTheRecordingFromANumberAndLearnsWhatItMissed() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    store.dispatch(.note("before recording"))
    // Not recording: nothing to follow.
    #expect(store.recordedActions(after: nil).newestSequence == 0)
    store.startRecordingActions(capacity: 4)
    // Without a number: where the recording stands, and no actions.
    let start = store.recordedActions(after: nil)
    #expect(start.newestSequence == 1 && start.records.isEmpty && start.skipped == 0)
    store.dispatch(.user(.setName("Ann")))
    store.dispatch(.cart(.add("boots")))
    let tail = store.recordedActions(after: start.newestSequence)
    #expect(tail.records.map(\.sequence) == [2, 3])
    #expect(tail.records.map { $0.action as? AppAction } == [.user(.setName("Ann")), .cart(.add("boots"))])
    #expect((tail.records[1].stateBefore as? AppState)?.user.name == "Ann")
    #expect(tail.newestSequence == 3 && tail.skipped == 0)
    // Nothing new.
    #expect(store.recordedActions(after: 3).records.isEmpty)
    // Beyond the limit: the newest, and the older ones counted as skipped.
    for index in 1...3 { store.dispatch(.note("\(index)")) }
    let limited = store.recordedActions(after: 3, limit: 2)
    #expect(limited.records.map(\.sequence) == [5, 6])
    #expect(limited.skipped == 1)
    // Past what the buffer keeps (4): the overwritten ones are skipped too.
    for index in 4...9 { store.dispatch(.note("\(index)")) }
    let overrun = store.recordedActions(after: 6)
    #expect(overrun.records.map(\.sequence) == [9, 10, 11, 12])
    #expect(overrun.skipped == 2)
  }

  @Test func recordingNestsAndEndsWithTheLastStop() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.startRecordingActions(capacity: 2)
    store.startRecordingActions(capacity: 5)
    for index in 1...4 { store.dispatch(.note("\(index)")) }
    #expect(store.recordedActions().records.count == 4)  // the larger capacity wins
    store.stopRecordingActions()
    store.dispatch(.note("5"))
    #expect(store.recordedActions().records.count == 5)
    store.stopRecordingActions()
    #expect(store.recordedActions().records.isEmpty)
    store.dispatch(.note("6"))
    #expect(store.state.log.count == 6)
  }

  final class QuietObserver: StoreObserver {
    let recording = RecordingStoreObserver()
    let wanted = Collected<Bool>()
    var wantsActions: Bool { wanted.values.last ?? false }
    func receive(_ event: StoreEvent) { recording.receive(event) }
  }

  @Test func observersHearActionsOnlyWhileTheyWantThemFromTheNextAnnouncedChange() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observer = QuietObserver()
    store.addObserver(observer)
    store.dispatch(.note("unheard"))
    observer.wanted.append(true)
    store.dispatch(.note("unheard: not announced yet"))
    store.observerInterestsChanged()
    store.dispatch(.note("heard"))
    observer.wanted.append(false)
    store.observerInterestsChanged()
    store.dispatch(.note("unheard again"))
    #expect(observer.recording.actions.map { $0.action as? AppAction } == [.note("heard")])
  }

  @Test func sampledTimingTimesTheFirstAndEveryThirtySecondFastAction() throws {
    let store = Store(initialState: AppState(), reducer: appReducer)
    // No action counts as slow here, whatever the machine's speed.
    store.startRecordingActions(timing: .sampled(oneIn: 32, slowNanos: .max))
    for index in 1...70 { store.dispatch(.note("\(index)")) }
    let records = store.recordedActions().records
    #expect(records.count == 70)
    let timed = records.filter { $0.durationNanos != nil }.map(\.sequence)
    #expect(timed == [1, 33, 65])
    // Untimed actions get start times estimated between the timed ones, in order.
    let starts = records.map(\.atNanos)
    #expect(starts == starts.sorted())
    #expect(try #require(records.first).atNanos > 0)
  }

  @Test func sampledTimingTimesEverySlowAction() {
    let slow = Reducer<Int, Int> { state, _ in
      let start = DispatchTime.now().uptimeNanoseconds
      while DispatchTime.now().uptimeNanoseconds - start < 3 * RecordingTiming.sampled.slowNanos {}
      state += 1
    }
    let store = Store(initialState: 0, reducer: slow)
    store.startRecordingActions()
    for _ in 1...5 { store.dispatch(1) }
    let durations = store.recordedActions().records.map(\.durationNanos)
    #expect(durations.allSatisfy { ($0 ?? 0) >= 3 * RecordingTiming.sampled.slowNanos })
  }

  @Test func timingEveryActionTimesEachOneAndTheStricterTimingWins() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.startRecordingActions(timing: .sampled(oneIn: 32, slowNanos: .max))
    for index in 1...3 { store.dispatch(.note("\(index)")) }
    store.startRecordingActions(timing: .everyOperation)
    for index in 4...40 { store.dispatch(.note("\(index)")) }
    store.stopRecordingActions()  // the stricter timing stays while anyone records
    for index in 41...45 { store.dispatch(.note("\(index)")) }
    let records = store.recordedActions().records
    #expect(records.filter { $0.durationNanos != nil }.map(\.sequence) == [1] + Array(4...45))
  }

  @Test func observersAddedOrRemovedBetweenActionsTakeEffectAtTheNextAction() {
    // The processing thread keeps its own copy of the configuration; a change must reach it.
    let store = Store(initialState: AppState(), reducer: appReducer)
    let first = RecordingStoreObserver()
    let second = RecordingStoreObserver()
    store.addObserver(first)
    store.dispatch(.note("1"))
    let token = store.addObserver(second)
    store.dispatch(.note("2"))
    store.removeObserver(token)
    store.dispatch(.note("3"))
    store.removeObserver(ObjectIdentifier(first))
    store.dispatch(.note("4"))
    #expect(first.actions.map(\.sequence) == [1, 2, 3])
    #expect(second.actions.map(\.sequence) == [2])
  }
}

/// A record's state before is the one after the record before it, also where the trace wraps.
@Suite struct RecordedStatesTests {
  @Test func eachStateBeforeIsTheStateAfterTheActionBefore() {
    let store = Store(initialState: AppState(), reducer: appReducer)
    store.startRecordingActions(capacity: 3)
    for index in 1...8 { store.dispatch(.note("\(index)")) }
    let records = store.recordedActions().records
    #expect(records.map { ($0.stateBefore as? AppState)?.log.last } == ["5", "6", "7"])
    #expect(records.map { ($0.stateAfter as? AppState)?.log.last } == ["6", "7", "8"])
  }

  /// A trace long enough to be made into records in several chunks at once: every record is
  /// where it belongs, chunk boundaries included.
  @Test func aLongTraceMadeInChunksKeepsEveryRecordInItsPlace() {
    let store = Store(initialState: 0, reducer: Reducer<Int, Int> { state, add in state += add })
    store.startRecordingActions(capacity: 6_000)
    for index in 1...7_000 { store.dispatch(index) }
    let records = store.recordedActions().records
    #expect(records.map(\.sequence) == Array(1_001...7_000))
    #expect(records.map { $0.action as? Int } == Array(1_001...7_000))
    // State after n actions is n(n + 1)/2; the one before is the one after the action before.
    #expect(records.map { $0.stateAfter as? Int } == (1_001...7_000).map { $0 * ($0 + 1) / 2 })
    #expect(records.map { $0.stateBefore as? Int } == (1_000...6_999).map { $0 * ($0 + 1) / 2 })
  }
}
