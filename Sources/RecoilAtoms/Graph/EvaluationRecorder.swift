/// The container side of evaluation recording: statistics by slot and a bounded timeline in
/// plain buffers, written under the container's lock as part of each evaluation. Recording
/// here instead of in an observer saves building, queueing and delivering an event per
/// evaluation, and any lookup of the node by key.
final class EvaluationRecorder {
  /// One timeline entry; nodes by `uid`, which unlike slot indices are never reused.
  struct Entry: BitwiseCopyable {
    var node: Int
    /// The uid of the dependency that caused it, or `firstRead` / `refresh`.
    var cause: Int
    var startNanos: UInt64
    var durationNanos: UInt64
  }

  static let firstRead = -1
  static let refresh = -2

  /// How many callers asked for recording; it stops when the last one stops.
  var users = 0
  private(set) var capacity: Int
  /// Statistics by slot index, reset when an index is given to a new node.
  var statistics = DenseBuffer<EvaluationStatistics>()
  private var timeline: [Entry] = []
  private var oldest = 0
  private(set) var dropped = 0
  /// Keys of released nodes the timeline may still name.
  private var departedKeys: [Int: NodeKey] = [:]

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    timeline.reserveCapacity(self.capacity)
  }

  deinit {
    statistics.deallocate()
  }

  func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let entries = orderedEntries
    capacity = newCapacity
    timeline = entries
    timeline.reserveCapacity(capacity)
    oldest = 0
  }

  /// Makes room for slot `index`, fresh.
  func registered(_ index: Int32) {
    while statistics.count <= Int(index) { statistics.append(EvaluationStatistics()) }
    statistics[index] = EvaluationStatistics()
  }

  func released(uid: Int, key: NodeKey) {
    departedKeys[uid] = key
    if departedKeys.count > 2 * capacity {
      let named = Set(timeline.flatMap { [$0.node, $0.cause] })
      departedKeys = departedKeys.filter { named.contains($0.key) }
    }
  }

  func record(index: Int32, _ entry: Entry) {
    statistics[index].add(entry.durationNanos)
    if timeline.count < capacity {
      timeline.append(entry)
      return
    }
    timeline[oldest] = entry
    oldest += 1
    if oldest == capacity { oldest = 0 }
    dropped += 1
  }

  private var orderedEntries: [Entry] {
    oldest == 0 ? timeline : Array(timeline[oldest...] + timeline[..<oldest])
  }

  /// The recording in public form; `keyOf` names the nodes in use by uid.
  func recording(keyOf liveKeys: [Int: NodeKey], statisticsOf live: [(key: NodeKey, index: Int32)])
    -> EvaluationRecording
  {
    var result = EvaluationRecording()
    result.dropped = dropped
    func key(_ uid: Int) -> NodeKey? { liveKeys[uid] ?? departedKeys[uid] }
    for entry in orderedEntries {
      guard let node = key(entry.node) else { continue }
      let trigger: EvaluationTrigger
      switch entry.cause {
      case Self.refresh: trigger = .refresh
      case Self.firstRead: trigger = .firstRead
      default: trigger = key(entry.cause).map { .dependencyChanged($0) } ?? .firstRead
      }
      result.timeline.append(
        RecordedEvaluation(
          node: node, startNanos: entry.startNanos, durationNanos: entry.durationNanos, trigger: trigger))
    }
    for (key, index) in live where Int(index) < statistics.count && statistics[index].count > 0 {
      result.statistics[key] = statistics[index]
    }
    return result
  }
}
