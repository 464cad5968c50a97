import Foundation
import Testing

@testable import RecoilStores

@Suite struct ReplayTests {
  struct Tally: Equatable, Sendable, Codable {
    var total = 0
    var notes: [String] = []
  }

  enum Change: Equatable, Sendable, Codable {
    case add(Int)
    case note(String)
  }

  static let reducer = Reducer<Tally, Change> { state, action in
    switch action {
    case .add(let amount): state.total += amount
    case .note(let text): state.notes.append(text)
    }
  }

  /// A recorded session: five actions, recorded with their states.
  func recordedSession() -> (log: ActionLog<Tally, Change>, states: [Tally]) {
    let store = Store(initialState: Tally(), reducer: Self.reducer)
    store.startRecordingActions()
    var states: [Tally] = []
    for action in [Change.add(1), .note("a"), .add(10), .note("b"), .add(100)] {
      store.dispatch(action)
      states.append(store.state)
    }
    return (store.actionLog(), states)
  }

  @Test func replayingALogIntoAFreshStoreReproducesEveryState() {
    let (log, states) = recordedSession()
    #expect(log.entries.map(\.sequence) == [1, 2, 3, 4, 5])
    #expect(log.entries.map(\.stateAfter) == states)
    let fresh = Store(initialState: Tally(), reducer: Self.reducer)
    let seen = Collected<Tally>()
    let subscription = fresh.subscribe { seen.append($0) }
    fresh.replay(log)
    // The subscription's first call is the state it started with.
    #expect(Array(seen.values.dropFirst()) == states)
    _ = subscription
  }

  @Test func aReplayStopsAfterActionNOrLeavesActionsOut() {
    let (log, states) = recordedSession()
    let asOfThree = Store(initialState: Tally(), reducer: Self.reducer)
    asOfThree.replay(log, through: 3)
    #expect(asOfThree.state == states[2])
    let withoutTen = Store(initialState: Tally(), reducer: Self.reducer)
    withoutTen.replay(log, skipping: [3, 4])
    #expect(withoutTen.state == Tally(total: 101, notes: ["a"]))
  }

  @Test func aReplayRunsNoMiddlewareAndStartsNoEffects() async throws {
    let (log, _) = recordedSession()
    let middlewareSaw = Collected<Change>()
    let middleware = Middleware<Tally, Change> { action, _ in
      middlewareSaw.append(action)
      return action
    }
    let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: [middleware])
    let effectRan = Collected<Int>()
    store.addEffect(
      Effect(id: "echo", extract: { if case .add(let amount) = $0 { amount } else { nil } }) { amount, _, _ in
        effectRan.append(amount)
      })
    store.replay(log)
    #expect(store.state.total == 111)
    #expect(middlewareSaw.values.isEmpty)
    #expect(store.runningEffectCount == 0)
    #expect(effectRan.values.isEmpty)
  }

  @Test func logsRoundTripThroughJSONLines() throws {
    let (log, states) = recordedSession()
    let data = try log.jsonLines()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == #"{"seq":1,"action":{"add":{"_0":1}},"state":{"notes":[],"total":1}}"#)
    let read = try ActionLog<Tally, Change>(jsonLines: data)
    #expect(read.entries.map(\.action) == log.entries.map(\.action))
    #expect(read.entries.map(\.stateAfter) == states)

    // A state type that is not Codable still reads the actions.
    struct Opaque: Sendable {}
    let actionsOnly = try ActionLog<Opaque, Change>(jsonLines: data)
    #expect(actionsOnly.entries.map(\.action) == log.entries.map(\.action))
    #expect(actionsOnly.entries.allSatisfy { $0.stateAfter == nil })
  }

  @Test func aBadLineIsNamed() {
    let data = Data("{\"seq\":1,\"action\":{\"add\":{\"_0\":1}}}\n\n{\"seq\":2,\"action\":{\"subtract\":{}}}\n".utf8)
    #expect(throws: ActionLogError.self) { try ActionLog<Tally, Change>(jsonLines: data) }
    do {
      _ = try ActionLog<Tally, Change>(jsonLines: data)
    } catch {
      #expect(error.line == 3)
      #expect(error.description.hasPrefix("line 3: "))
    }
  }

  @Test func aRecordedLogIsARegressionTestInOneLine() throws {
    let (log, _) = recordedSession()
    try TestStore.replay(log, initialState: Tally(), reducer: Self.reducer)

    // The reducer changed: adding now doubles.
    let changed = Reducer<Tally, Change> { state, action in
      switch action {
      case .add(let amount): state.total += amount * (amount == 10 ? 2 : 1)
      case .note(let text): state.notes.append(text)
      }
    }
    #expect {
      try TestStore.replay(log, initialState: Tally(), reducer: changed)
    } throws: { error in
      let message = (error as? TestStoreFailure)?.message ?? ""
      return message.hasPrefix("action #3 (add(10)) reduced to a different state than recorded:")
        && message.contains("state.total: expected 11, actual 21")
    }
    let noStates = ActionLog<Tally, Change>(entries: [.init(sequence: 1, action: .add(1))])
    #expect(throws: TestStoreFailure.self) { try TestStore.replay(noStates, initialState: Tally(), reducer: changed) }
  }
}
