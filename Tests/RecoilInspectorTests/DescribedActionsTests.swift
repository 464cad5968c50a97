import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

/// What a snapshot keeps of described actions, and of recent actions for finding causes.
@Suite struct DescribedActionsTests {
  enum Step: Sendable { case add(Int) }
  static let reducer = Reducer<Int, Step> { state, step in
    if case .add(let amount) = step { state += amount }
  }

  static func records(_ name: String, count: Int, capacity: Int = 100) -> [RecordedAction] {
    let store = Store(initialState: 0, reducer: reducer, name: name)
    store.startRecordingActions(capacity: capacity)
    for amount in 1...count { store.dispatch(.add(amount)) }
    return store.recordedActions().records
  }

  static func described(_ records: [RecordedAction]) -> [SnapshotAction] {
    records.map { SnapshotAction(seq: $0.sequence, store: $0.store, name: "add \($0.sequence)", changes: []) }
  }

  @Test func actionsAreFoundByStoreAndNumberWhateverTheirMix() {
    let first = Self.records("first", count: 6)
    let second = Self.records("second", count: 4)
    // Interleaved, as a snapshot merges two stores' traces by time.
    let mixed = [
      first[0], first[1], second[0], first[2], second[1], second[2], first[3], first[4], second[3], first[5],
    ]
    let known = DescribedActions(mixed, Self.described(mixed))
    var missing: [Int] = []
    #expect(known.descriptions(of: mixed, missing: &missing).map(\.name) == mixed.map { "add \($0.sequence)" })
    #expect(known.descriptions(of: mixed, missing: &missing).map(\.store) == mixed.map(\.store))
    #expect(missing.isEmpty)
    // Actions of a later trace: the kept ones are found, the new ones are placeholders.
    let later = Self.records("first", count: 8)
    #expect(
      known.descriptions(of: later, missing: &missing).map(\.name) == (1...6).map { "add \($0)" } + ["", ""])
    #expect(missing == [6, 7])
    missing = []
    _ = DescribedActions().descriptions(of: mixed, missing: &missing)
    #expect(missing == Array(mixed.indices))
  }

  @Test func aTraceThatWrappedIsFoundFromItsOldestAction() {
    let records = Self.records("app", count: 50, capacity: 10)
    #expect(records.map(\.sequence) == Array(41...50))
    let known = DescribedActions(records, Self.described(records))
    var missing: [Int] = []
    #expect(known.descriptions(of: records, missing: &missing).map(\.seq) == Array(41...50))
    #expect(missing.isEmpty)
    _ = known.descriptions(of: Self.records("app", count: 40, capacity: 5), missing: &missing)
    #expect(missing == Array(0..<5))
  }

  @Test func recentActionsKeepTheirWindowAndForgetOlderOnes() {
    var recent = ActionWindow<Int>(window: 4)
    for sequence in 1...20 { recent.note(sequence * 10, at: sequence) }
    #expect(recent[20] == 200 && recent[17] == 170)
    #expect(recent[1] == nil)  // long trimmed
    #expect(recent[21] == nil && recent[0] == nil)
    // A gap is filled with nothing; a jump far ahead starts again from the new action.
    recent.note(225, at: 22)
    #expect(recent[21] == nil && recent[22] == 225)
    recent.note(9_999, at: 1_000)
    #expect(recent[1_000] == 9_999 && recent[22] == nil)
  }
}
