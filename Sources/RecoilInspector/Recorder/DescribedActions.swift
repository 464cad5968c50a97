import RecoilSnapshot
import RecoilStores

/// The actions of the latest snapshot, described (name, payload, diff), found by store and the
/// store's sequence number: each action is described once however many snapshots include it.
///
/// A store numbers its actions one after another and a trace keeps its latest ones, so each
/// store's descriptions are an array from its oldest one: looking one up is an index, and a
/// store's name is hashed once per run of its actions, not once per action.
///
/// ```swift
/// let known = DescribedActions(actions, described)
/// known.descriptions(of: actions)  // described, each as an optional
/// ```
struct DescribedActions: Sendable {
  /// One store's descriptions: `slots[i]` is its action `first + i`, if the trace held it.
  private struct Run: Sendable {
    var first: Int
    var slots: [SnapshotAction?]
  }

  private var runs: [String: Run] = [:]

  /// Nothing described yet.
  init() {}

  /// Exactly `actions`, described by `described` (same order).
  init(_ actions: [StoreActionRecord], _ described: [SnapshotAction]) {
    var spans: [String: (low: Int, high: Int, count: Int)] = [:]
    Self.forEachStoreRun(in: actions) { store, range in
      var span = spans[store] ?? (.max, .min, 0)
      for index in range {
        span = (min(span.low, actions[index].sequence), max(span.high, actions[index].sequence), span.count + 1)
      }
      spans[store] = span
    }
    for (store, span) in spans where span.high - span.low < 2 * span.count + 16 {
      // A store's actions in a trace are consecutive; one whose numbers are scattered (two
      // stores of one name) is not kept, and is described again.
      runs[store] = Run(first: span.low, slots: Array(repeating: nil, count: span.high - span.low + 1))
    }
    Self.forEachStoreRun(in: actions) { store, range in
      guard var run = runs.removeValue(forKey: store) else { return }
      for index in range { run.slots[actions[index].sequence - run.first] = described[index] }
      runs[store] = run
    }
  }

  /// The descriptions of `actions` that are known, in their order; `nil` for the others.
  func descriptions(of actions: [StoreActionRecord]) -> [SnapshotAction?] {
    var result: [SnapshotAction?] = []
    result.reserveCapacity(actions.count)
    Self.forEachStoreRun(in: actions) { store, range in
      let run = runs[store]
      for index in range {
        let offset = run.map { actions[index].sequence - $0.first } ?? -1
        result.append(offset >= 0 && offset < run?.slots.count ?? 0 ? run?.slots[offset] : nil)
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
