import RecoilSnapshot

/// What the report knows of a node's value at each step of the causal timeline: the value
/// before the first recorded change, and each change's value after, by the timeline number
/// (`seq`) of the entry that made it. The page reads a node's value as of any entry from it
/// (`Causality.valueAsOf` in `Web/report/causality.js`).
///
/// An atom's history is its writes (which carry before and after). A selector's is its
/// evaluations that changed its value (which carry the value they produced); before its first
/// one it had no value if that was its first read, and is not known otherwise. A slice's is the
/// changes of its actions at the slice's own path, and the slice's whole value that an action
/// records when it changed something below it (`slices`: each top-level part and each
/// registered slice). A store's is its slices' values composed (see `StoreValueText`), or,
/// with no slices, its actions' changes to the whole state.
///
/// Without a causal timeline, the actions are numbered from 1 in order, as the report's
/// timeline numbers them.
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
  /// Whether `first` is known: a selector first seen re-evaluating had a value the recording
  /// does not hold.
  var firstIsKnown = true
  /// Each recorded change, by its entry's timeline number, oldest first.
  var changes: [(seq: Int, after: String?)] = []

  /// The histories of the snapshot's nodes that have one, by node index: `causal` is the
  /// snapshot's timeline, `slicesOfStore` each store's slices with their state paths.
  static func histories(
    of snapshot: Snapshot, causal: TimelineIndex, indexOfID: [String: Int],
    slicesOfStore: [String: [(index: Int, path: String)]]
  ) -> [Int: ValueHistory] {
    var histories: [Int: ValueHistory] = [:]
    // Every change, gathered from the entries and the actions, then recorded in timeline order:
    // a store's or slice's writes (a state the tool put in place) and its actions' changes
    // come from both.
    var gathered: [(seq: Int, index: Int, before: String?, after: String?, firstIsKnown: Bool)] = []
    func record(_ index: Int, seq: Int, before: String?, after: String?, firstIsKnown: Bool = true) {
      gathered.append((seq, index, before, after, firstIsKnown))
    }
    for event in causal.events {
      guard let id = event.node, let index = indexOfID[id] else { continue }
      switch event.kind {
      case .write:
        record(index, seq: event.seq, before: event.before, after: event.after)
      case .evaluation where event.changed != false && event.value != nil,
        .resolution where event.value != nil:
        record(
          index, seq: event.seq, before: nil, after: event.value,
          // Before its first value arrived, an async node was loading: no value.
          firstIsKnown: event.kind == .resolution || event.trigger == "first read")  // the schema's words
      default:
        continue
      }
    }
    // A store's own history is its whole state's (path `self`), a slice's its own path's: a
    // change there, or the whole top-level part an action recorded (`slices`).
    var storeChanges: [(seq: Int, index: Int, change: SnapshotChange)] = []
    for (position, action) in snapshot.actions.enumerated() {
      guard let seq = causal.events.isEmpty ? position + 1 : causal.entry(for: action)?.seq else { continue }
      let wholeParts = Set(action.slices.map(\.path))
      for change in action.changes.filter({ !wholeParts.contains($0.path) }) + action.slices {
        let index =
          change.isWholeState
          ? indexOfID[action.store] : slicesOfStore[action.store]?.first { $0.path == change.path }?.index
        if let index { storeChanges.append((seq, index, change)) }
      }
    }
    for (seq, index, change) in storeChanges.sorted(by: { $0.seq < $1.seq }) {
      record(index, seq: seq, before: change.before, after: change.after)
    }
    // Stable: the entries' changes come in timeline order already.
    for change in gathered.enumerated().sorted(by: { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) })
      .map(\.element)
    {
      if histories[change.index] == nil {
        histories[change.index] = ValueHistory(first: change.before, firstIsKnown: change.firstIsKnown)
      }
      histories[change.index]?.changes.append((change.seq, change.after))
    }
    for (store, slices) in slicesOfStore {
      guard let index = indexOfID[store], !slices.isEmpty else { continue }
      histories[index] = composed(
        type: snapshot.nodes[index].valueType,
        slices: slices.map {
          (snapshot.nodes[$0.index].label ?? $0.path, snapshot.nodes[$0.index].value, histories[$0.index])
        })
    }
    return histories
  }

  /// The history of a store with slices: its value, as ``StoreValueText`` writes it, from its
  /// slices' values before their first changes and after each (the inspector writes the
  /// store's latest value the same way). A slice without a history held its latest value
  /// throughout.
  private static func composed(
    type: String?, slices: [(name: String, latest: String?, history: ValueHistory?)]
  ) -> ValueHistory {
    var values = slices.map { $0.history.map(\.first) ?? $0.latest }
    func text() -> String { StoreValueText.compose(type: type, parts: zip(slices, values).map { ($0.name, $1) }) }
    var history = ValueHistory(first: text())
    let changes = slices.enumerated().flatMap { position, slice in
      (slice.history?.changes ?? []).map { (seq: $0.seq, position: position, after: $0.after) }
    }
    .sorted { $0.seq < $1.seq }
    var position = changes.startIndex
    while position < changes.endIndex {
      let seq = changes[position].seq
      while position < changes.endIndex && changes[position].seq == seq {
        values[changes[position].position] = changes[position].after
        position += 1
      }
      let value = text()
      if value != (history.changes.last?.after ?? history.first) { history.changes.append((seq, value)) }
    }
    return history
  }

  /// Writes the history as `{"first": …, "changes": [[seq, after], …]}`, with
  /// `"unknownFirst": true` when the value before the first change is not known; no value is
  /// `null`.
  func write(to writer: inout JSONWriter) {
    writer.beginObject(key: "history")
    writer.write("first", first)
    if !firstIsKnown { writer.write("unknownFirst", true) }
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
