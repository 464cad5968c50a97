import RecoilSnapshot
import RecoilStores

/// The actions of the latest snapshot, described (name, payload, diff), found by store and the
/// store's sequence number: each action is described once however many snapshots include it.
///
/// It keeps the snapshot's own array of descriptions, shared rather than copied, and for each
/// store where its actions are in it (an ``ActionWindow``): looking one up is an index, and a
/// store's name is hashed once per run of its actions.
///
/// ```swift
/// let known = DescribedActions(actions, described)
/// var missing: [Int] = []
/// let again = known.descriptions(of: actions, missing: &missing)  // described; missing empty
/// ```
struct DescribedActions: Sendable {
  private var descriptions: [SnapshotAction] = []
  /// Where each store's actions are in `descriptions`, by the store's sequence number.
  private var positions: [String: ActionWindow<Int>] = [:]

  /// A description to fill a slot with before the real one is made: its texts and changes are
  /// empty, which cost no reference counting to copy or replace.
  static let placeholder = SnapshotAction(seq: 0, store: "", name: "")

  /// Nothing described yet.
  init() {}

  /// Whether nothing is described.
  var isEmpty: Bool { descriptions.isEmpty }

  /// Exactly `actions`, described by `described` (same order), which is kept as it is. A
  /// store's actions in a trace are consecutive; where numbers jump back (two stores of one
  /// name), the window starts again and what it dropped is described again.
  init(_ actions: [RecordedAction], _ described: [SnapshotAction]) {
    descriptions = described
    Self.forEachStoreRun(in: actions) { store, range in
      var window = positions.removeValue(forKey: store) ?? ActionWindow(window: actions.count)
      for index in range { window.note(index, at: actions[index].sequence) }
      positions[store] = window
    }
  }

  /// The descriptions of `actions`, in their order: the known ones, and ``placeholder`` for
  /// the others, whose positions are appended to `missing`.
  func descriptions(of actions: [RecordedAction], missing: inout [Int]) -> [SnapshotAction] {
    var result: [SnapshotAction] = []
    result.reserveCapacity(actions.count)
    Self.forEachStoreRun(in: actions) { store, range in
      let window = positions[store]
      for index in range {
        if let position = window?[actions[index].sequence] {
          result.append(descriptions[position])
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
    in actions: [RecordedAction], _ body: (_ store: String, _ range: Range<Int>) -> Void
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
