import RecoilSnapshot

extension Snapshot {
  /// Makes the snapshot's times count from its earliest entry when that entry is older than
  /// the inspector: a store or container that was already recording (for an app's own
  /// inspector) when this inspector attached holds actions and evaluations from before it
  /// started, at negative times. Every time moves by the same amount, so distances between
  /// entries, and the elapsed time, stay true.
  ///
  /// ```swift
  /// snapshot.countTimesFromEarliestEntry()  // no time below 0 afterwards
  /// ```
  mutating func countTimesFromEarliestEntry() {
    var earliest = 0
    for index in actions.indices { earliest = Swift.min(earliest, actions[index].atNanos ?? 0) }
    for index in timeline.indices { earliest = Swift.min(earliest, timeline[index].atNanos ?? 0) }
    guard earliest < 0 else { return }
    let shift = earliest == .min ? Int.max : -earliest
    for index in actions.indices {
      if let time = actions[index].atNanos { actions[index].atNanos = time.addingSaturated(shift) }
    }
    for index in timeline.indices {
      if let time = timeline[index].atNanos { timeline[index].atNanos = time.addingSaturated(shift) }
    }
    elapsedNanos = (elapsedNanos ?? 0).addingSaturated(shift)
  }
}
