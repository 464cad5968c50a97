import RecoilSnapshot

/// What the report knows of a node's value at each step of the causal timeline: the value
/// before the first recorded change, and each change's value after, by the timeline number
/// (`seq`) of the entry that made it. The page reads a node's value as of any entry from it
/// (`ReportCore.valueAsOf`).
///
/// An atom's history is its writes (which carry before and after). A slice's, or a store's,
/// is the changes of its actions whose path is the slice's own (or the whole state): a change
/// below it (`cart.items[0]` of the slice `cart`) says too little to know the slice's whole
/// value, and such a slice gets no history. Selectors have none yet: their evaluations carry
/// no value.
///
/// ```swift
/// let histories = ValueHistory.histories(
///   of: snapshot, causal: TimelineIndex(snapshot), indexOfID: indexOfID, slicesOfStore: slices)
/// histories[3]?.changes  // [(seq: 12, after: "\"GBP\"")]
/// ```
struct ValueHistory {
  /// The value before the first recorded change (`nil` when the node had none, or it is not
  /// known).
  var first: String?
  /// Each recorded change, by its entry's timeline number, oldest first.
  var changes: [(seq: Int, after: String?)] = []

  /// The histories of the snapshot's nodes that have one, by node index: `causal` is the
  /// snapshot's timeline, `slicesOfStore` each store's slices with their state paths.
  static func histories(
    of snapshot: Snapshot, causal: TimelineIndex, indexOfID: [String: Int],
    slicesOfStore: [String: [(index: Int, path: String)]]
  ) -> [Int: ValueHistory] {
    var histories: [Int: ValueHistory] = [:]
    func record(_ index: Int, seq: Int, before: String?, after: String?) {
      if histories[index] == nil { histories[index] = ValueHistory(first: before) }
      histories[index]?.changes.append((seq, after))
    }
    for event in causal.events where event.kind == .write {
      guard let id = event.node, let index = indexOfID[id] else { continue }
      record(index, seq: event.seq, before: event.before, after: event.after)
    }
    // A store's own history is its whole state's (path ""), a slice's its own path's.
    var storeChanges: [(seq: Int, index: Int, change: SnapshotChange)] = []
    for action in snapshot.actions {
      guard let seq = causal.entry(for: action)?.seq else { continue }
      for change in action.changes {
        let index =
          change.path.isEmpty
          ? indexOfID[action.store] : slicesOfStore[action.store]?.first { $0.path == change.path }?.index
        if let index { storeChanges.append((seq, index, change)) }
      }
    }
    for (seq, index, change) in storeChanges.sorted(by: { $0.seq < $1.seq }) {
      record(index, seq: seq, before: change.before, after: change.after)
    }
    return histories
  }

  /// Writes the history as `{"first": …, "changes": [[seq, after], …]}`; an unknown value is
  /// `null`.
  func write(to writer: inout JSONWriter) {
    writer.beginObject(key: "history")
    writer.write("first", first)
    writer.beginArray(key: "changes")
    for change in changes {
      writer.beginArray()
      writer.writeElement(change.seq)
      if let after = change.after { writer.writeElement(after) } else { writer.writeNullElement() }
      writer.endArray()
    }
    writer.endArray()
    writer.endObject()
  }
}
