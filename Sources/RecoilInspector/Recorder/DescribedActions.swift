import RecoilSnapshot
import RecoilStores

/// The actions of the latest snapshot, described (name, payload, diff), found by store and the
/// store's sequence number: each action is described once however many snapshots include it.
///
/// It keeps the snapshot's own array of descriptions, shared rather than copied, and for each
/// store where its actions are in it: a store numbers its actions one after another and a
/// trace keeps its latest ones, so a store's positions are an array from its oldest action.
/// Looking one up is an index, and a store's name is hashed once per run of its actions.
///
/// ```swift
/// let known = DescribedActions(actions, described)
/// var missing: [Int] = []
/// let again = known.descriptions(of: actions, missing: &missing)  // described; missing empty
/// ```
struct DescribedActions: Sendable {
  /// Where one store's actions are in `descriptions`: `positions[i]` for its action `first + i`,
  /// or -1 when the trace did not hold it.
  private struct Run: Sendable {
    var first: Int
    var positions: [Int32]
  }

  private var descriptions: [SnapshotAction] = []
  private var runs: [String: Run] = [:]

  /// A description to fill a slot with before the real one is made: its texts and changes are
  /// empty, which cost no reference counting to copy or replace.
  static let placeholder = SnapshotAction(seq: 0, store: "", name: "")

  /// Nothing described yet.
  init() {}

  /// Exactly `actions`, described by `described` (same order), which is kept as it is.
  init(_ actions: [StoreActionRecord], _ described: [SnapshotAction]) {
    descriptions = described
    var spans: [String: (low: Int, high: Int, count: Int)] = [:]
    Self.forEachStoreRun(in: actions) { store, range in
      var span = spans[store] ?? (.max, .min, 0)
      for index in range {
        span = (min(span.low, actions[index].sequence), max(span.high, actions[index].sequence), span.count + 1)
      }
      spans[store] = span
    }
    for (store, span) in spans where span.high - span.low < 2 * span.count + 16 && described.count < Int32.max {
      // A store's actions in a trace are consecutive; one whose numbers are scattered (two
      // stores of one name) is not kept, and is described again.
      runs[store] = Run(first: span.low, positions: Array(repeating: -1, count: span.high - span.low + 1))
    }
    Self.forEachStoreRun(in: actions) { store, range in
      guard var run = runs.removeValue(forKey: store) else { return }
      for index in range { run.positions[actions[index].sequence - run.first] = Int32(index) }
      runs[store] = run
    }
  }

  /// The descriptions of `actions`, in their order: the known ones, and ``placeholder`` for
  /// the others, whose positions are appended to `missing`.
  func descriptions(of actions: [StoreActionRecord], missing: inout [Int]) -> [SnapshotAction] {
    var result: [SnapshotAction] = []
    result.reserveCapacity(actions.count)
    Self.forEachStoreRun(in: actions) { store, range in
      let run = runs[store]
      for index in range {
        let offset = run.map { actions[index].sequence - $0.first } ?? -1
        if let run, offset >= 0, offset < run.positions.count, run.positions[offset] >= 0 {
          result.append(descriptions[Int(run.positions[offset])])
        } else {
          result.append(Self.placeholder)
          missing.append(index)
        }
      }
    }
    return result
  }

  /// Calls `body` for each run of consecutive actions of one store: a store's name is
  /// compared with the one before, which is quick for the same text, not hashed.
  private static func forEachStoreRun(
    in actions: [StoreActionRecord], _ body: (_ store: String, _ range: Range<Int>) -> Void
  ) {
    var start = 0
    while start < actions.count {
      let store = actions[start].store
      var end = start + 1
      while end < actions.count && actions[end].store == store { end += 1 }
      body(store, start..<end)
      start = end
    }
  }
}
