import RecoilSnapshot
import RecoilStores

/// The actions an inspector never records (``InspectorConfiguration/actionsNeverRecorded``):
/// patterns over action names, the names a snapshot shows (`clock(.tick)`), matched once each
/// action is described. What they leave out is counted by name in the snapshot's `dropped`.
///
/// ```swift
/// let unrecorded = UnrecordedActions(["clock(.tick)", "*(.heartbeat)"])
/// unrecorded.contains("clock(.tick)")  // true
/// ```
struct UnrecordedActions: Sendable {
  private let patterns: [Glob]

  /// `patterns` as globs (`*` any run, `?` one character); one that is not a valid glob names
  /// its text exactly.
  init(_ patterns: [String]) {
    self.patterns = patterns.map { (try? Glob($0)) ?? Glob(literal: $0) }
  }

  /// Whether there is nothing to leave out: then no action's name is looked at.
  var isEmpty: Bool { patterns.isEmpty }

  /// Whether an action named `name` is never recorded.
  func contains(_ name: String) -> Bool {
    patterns.contains { $0.matches(name) }
  }

  /// `actions` and their descriptions without the ones never recorded, and how many of each
  /// name were left out.
  func leaveOut(
    _ actions: inout [RecordedAction], described: inout [SnapshotAction]
  ) -> [String: Int] {
    guard !isEmpty else { return [:] }
    var counts: [String: Int] = [:]
    var verdicts: [String: Bool] = [:]
    var keep: [Bool] = []
    keep.reserveCapacity(described.count)
    for action in described {
      let leftOut = verdicts[action.name] ?? contains(action.name)
      verdicts[action.name] = leftOut
      keep.append(!leftOut)
      if leftOut { counts[action.name, default: 0] += 1 }
    }
    guard !counts.isEmpty else { return [:] }
    var index = 0
    actions.removeAll { _ in
      defer { index += 1 }
      return !keep[index]
    }
    index = 0
    described.removeAll { _ in
      defer { index += 1 }
      return !keep[index]
    }
    return counts
  }
}
