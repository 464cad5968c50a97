import RecoilConcurrency

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
  /// Statistics by slot index, reset when an index is given to a new node.
  var statistics = DenseBuffer<EvaluationStatistics>()
  private var timeline: RingBuffer<Entry>
  /// Keys of released nodes the timeline may still name.
  private var departedKeys: [Int: NodeKey] = [:]

  init(capacity: Int) {
    timeline = RingBuffer(capacity: capacity)
  }

  deinit {
    statistics.deallocate()
  }

  func grow(to newCapacity: Int) {
    timeline.grow(to: newCapacity)
  }

  /// Makes room for slot `index`, fresh.
  func registered(_ index: Int32) {
    while statistics.count <= Int(index) { statistics.append(EvaluationStatistics()) }
    statistics[index] = EvaluationStatistics()
  }

  func released(uid: Int, key: NodeKey) {
    departedKeys[uid] = key
    if departedKeys.count > 2 * timeline.capacity {
      let named = Set(timeline.elements.flatMap { [$0.node, $0.cause] })
      departedKeys = departedKeys.filter { named.contains($0.key) }
    }
  }

  func record(index: Int32, _ entry: Entry) {
    statistics[index].add(entry.durationNanos)
    timeline.append(entry)
  }

  /// The recording in public form; `keyOf` names the nodes in use by uid.
  func recording(keyOf liveKeys: [Int: NodeKey], statisticsOf live: [(key: NodeKey, index: Int32)])
    -> EvaluationRecording
  {
    var result = EvaluationRecording()
    result.dropped = timeline.dropped
    func key(_ uid: Int) -> NodeKey? { liveKeys[uid] ?? departedKeys[uid] }
    for entry in timeline.elements {
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
