import RecoilConcurrency
import RecoilReflection

/// The container side of recording: statistics of timed evaluations by slot, and bounded
/// timelines of evaluations, atom writes, async resolutions and notifications, each in its
/// causal order (`CausalOrder`), in plain buffers written under the container's lock as part
/// of each operation. Recording here instead of in an observer saves building, queueing and
/// delivering an event per evaluation, and any lookup of the node by key.
final class GraphRecorder: _LockedFields<GraphRecorderBuffers> {
  /// One timeline entry, 24 bytes; nodes by `uid`, which unlike slot indices are never reused.
  struct Entry: BitwiseCopyable {
    /// The node's uid, complemented (negative) when the evaluation was timed: its times are
    /// then in `fields.timings`.
    private var storedNode: Int
    /// The uid of the dependency that caused it, or `firstRead` / `refresh`.
    var cause: Int
    /// The causal order, with the top bit set when the value changed.
    private var storedOrder: UInt64

    init(node: Int, cause: Int, timed: Bool, order: UInt64, changed: Bool) {
      storedNode = timed ? ~node : node
      self.cause = cause
      storedOrder = changed ? order | (1 << 63) : order
    }

    var node: Int { storedNode < 0 ? ~storedNode : storedNode }
    var isTimed: Bool { storedNode < 0 }
    var order: UInt64 { storedOrder & ~(1 << 63) }
    var changed: Bool { storedOrder >> 63 == 1 }
  }

  /// A changed atom (or stub) value: who wrote what, from where, because of what. Plain data:
  /// a plain value is kept here as bits; any other is kept in a `BoxedWrite` of the same
  /// order, so that keeping and dropping the many writes of plain values costs no value
  /// witness of an enum holding existentials.
  struct Write: BitwiseCopyable {
    var node: Int
    var order: UInt64
    var cause: UInt64
    /// When, on the monotonic clock.
    var atNanos: UInt64
    var site: CallSite
    /// The values when plain; `nil` when they are in `boxedWrites`.
    var plain: (before: PlainValue, after: PlainValue)?
    var isReset: Bool
  }

  /// The value an evaluation produced, or an async value that arrived, by the entry's order,
  /// when the value is plain: plain data, so keeping and dropping the many values of counters
  /// and flags costs no reference counting. Kept only for evaluations that changed the value:
  /// an evaluation that changed nothing records nothing here.
  struct PlainEvaluationValue: BitwiseCopyable {
    var order: UInt64
    var value: PlainValue
  }

  /// Such a value when it is not plain.
  struct BoxedEvaluationValue {
    var order: UInt64
    var value: any Sendable
  }

  /// The values kept in `plainValues` and `boxedValues`, in order: each found by walking both
  /// beside the entries they belong to, which are in order too.
  private struct ValueWalk {
    let plain: [PlainEvaluationValue]
    let boxed: [BoxedEvaluationValue]
    var nextPlain = 0
    var nextBoxed = 0

    /// The value kept for the entry of `order`; orders asked for must not decrease.
    mutating func value(for order: UInt64) -> (any Sendable)? {
      while nextPlain < plain.count && plain[nextPlain].order < order { nextPlain += 1 }
      if nextPlain < plain.count && plain[nextPlain].order == order { return plain[nextPlain].value.value }
      while nextBoxed < boxed.count && boxed[nextBoxed].order < order { nextBoxed += 1 }
      if nextBoxed < boxed.count && boxed[nextBoxed].order == order { return boxed[nextBoxed].value }
      return nil
    }
  }

  /// The values of a write that are not plain, by the write's order.
  struct BoxedWrite {
    var order: UInt64
    var before: (any Sendable)?
    var after: (any Sendable)?
  }

  /// Something else that happened to a node: an async value arriving, subscribers notified.
  struct Occurrence: BitwiseCopyable {
    enum Kind: UInt8, BitwiseCopyable {
      case resolved, failed, notified
    }
    var node: Int
    var order: UInt64
    var kind: Kind
    /// How many subscribers were notified.
    var count: Int32
  }

  static let firstRead = -1
  static let refresh = -2
  /// The duration of an evaluation that was not timed.
  static let untimed = UInt64.max

  /// How many callers asked for recording; it stops when the last one stops.
  var users = 1
  // The buffers are `GraphRecorderBuffers`, stored unchecked (see `_LockedFields`): with
  // exclusivity checked at run time, the recording paths (`_noteChange`, the observed
  // evaluation) would make five dynamic accesses per evaluation (figures in Benchmarks/README.md).
  /// The strictest timing asked for.
  private(set) var timing: RecordingTiming {
    get { fields.timing }
    set { fields.timing = newValue }
  }
  /// The period minus one (a power of two minus one), as `EvaluationTally` takes it.
  var periodMask: UInt64 { UInt64(timing.period &- 1) }

  /// An atom effect's phase: started, failed, cleaned up.
  struct EffectRecord {
    var node: Int
    var order: UInt64
    var name: String
    var phase: String
    var cause: UInt64
    var error: String?
    /// When, on the monotonic clock.
    var atNanos: UInt64
  }

  /// Keys of released nodes the timeline may still name.
  private var departedKeys: [Int: NodeKey] = [:]
  /// Subscriptions that ended, with their nodes' uids, which notifications may still name.
  private var departedSubscribers: [UInt64: (tally: SubscriberTally, node: Int)] = [:]

  /// A subscription a notification reached: its id, by the notification's order.
  struct Reach: BitwiseCopyable {
    var order: UInt64
    var subscriber: UInt64
  }

  /// The causal clock, kept here so that each record reaches it through a field in cache.
  private let clock = CausalClock.shared

  init(capacity: Int, timing: RecordingTiming) {
    super.init(
      GraphRecorderBuffers(
        timing: timing, timeline: RingBuffer(capacity: capacity), timings: SampledTimes(capacity: capacity),
        plainValues: RingBuffer(capacity: 2 * capacity), boxedValues: RingBuffer(capacity: 2 * capacity),
        writes: RingBuffer(capacity: capacity), boxedWrites: RingBuffer(capacity: capacity),
        effects: RingBuffer(capacity: capacity),
        occurrences: RingBuffer(capacity: capacity), reaches: RingBuffer(capacity: capacity),
        scopeRuns: RingBuffer(capacity: capacity)))
  }

  deinit {
    fields.timedStatistics.deallocate()
    fields.uids.deallocate()
  }

  /// Another caller starts recording: keeps the larger capacity and the stricter timing.
  func join(capacity: Int, timing: RecordingTiming) {
    users += 1
    fields.timeline.grow(to: capacity)
    fields.timings.grow(to: capacity)
    fields.plainValues.grow(to: 2 * capacity)
    fields.boxedValues.grow(to: 2 * capacity)
    fields.writes.grow(to: capacity)
    fields.boxedWrites.grow(to: capacity)
    fields.occurrences.grow(to: capacity)
    fields.reaches.grow(to: capacity)
    fields.scopeRuns.grow(to: capacity)
    fields.effects.grow(to: capacity)
    self.timing = self.timing.combined(with: timing)
  }

  /// Makes room for slot `index`, fresh, holding node `uid`.
  func registered(_ index: Int32, uid: Int) {
    while fields.timedStatistics._count <= Int(index) {
      fields.timedStatistics.append(EvaluationStatistics())
      fields.uids.append(0)
    }
    fields.timedStatistics[index] = EvaluationStatistics()
    fields.uids[index] = uid
  }

  /// The uid of slot `index`'s node.
  func uid(_ index: Int32) -> Int {
    fields.uids[index]
  }

  func released(uid: Int, key: NodeKey) {
    departedKeys[uid] = key
    if departedKeys.count > 2 * fields.timeline.capacity {
      let named = Set(
        fields.timeline.elements.flatMap { [$0.node, $0.cause] } + fields.writes.elements.map(\.node)
          + fields.occurrences.elements.map(\.node))
      departedKeys = departedKeys.filter { named.contains($0.key) }
    }
  }

  /// Records an evaluation of slot `index`, which holds node `node`, timed or not
  /// (`durationNanos == untimed`), with the value it produced when it changed it; the slot has
  /// counted it.
  @discardableResult
  func record(
    index: Int32, node: Int, cause: Int, startNanos: UInt64, durationNanos: UInt64, changed: Bool
  ) -> UInt64 {
    let timed = durationNanos != Self.untimed
    let order = clock.next()
    defer { if timed { fields.timings.append(startNanos: startNanos, durationNanos: durationNanos) } }
    fields.timeline.append(Entry(node: node, cause: cause, timed: timed, order: order, changed: changed))
    if timed { fields.timedStatistics[index].add(durationNanos) }
    return order
  }

  /// Keeps the plain value of the entry of `order` (an evaluation that changed it, an async
  /// value that arrived).
  func keep(plain value: PlainValue, order: UInt64) {
    fields.plainValues.append(PlainEvaluationValue(order: order, value: value))
  }

  /// Keeps the value of the entry of `order`, boxed.
  func keep(boxed value: any Sendable, order: UInt64) {
    fields.boxedValues.append(BoxedEvaluationValue(order: order, value: value))
  }

  /// Records a changed atom value; its cause is whatever is bound now (see `CauseContext`).
  @discardableResult
  func recordWrite(node: Int, site: CallSite, values: _WrittenValues, isReset: Bool) -> (
    order: UInt64, cause: UInt64, atNanos: UInt64
  ) {
    let cause = CauseContext.current(onThread: clock.threadCause, clock: clock)
    let order = clock.next()
    let atNanos = MonotonicClock.nanos
    switch values {
    case .plain(let before, let after):
      fields.writes.append(
        Write(
          node: node, order: order, cause: cause, atNanos: atNanos, site: site, plain: (before, after),
          isReset: isReset))
    case .boxed(let before, let after):
      fields.writes.append(
        Write(node: node, order: order, cause: cause, atNanos: atNanos, site: site, plain: nil, isReset: isReset))
      fields.boxedWrites.append(BoxedWrite(order: order, before: before, after: after))
    }
    return (order, cause, atNanos)
  }

  /// Records an atom effect's phase; returns its causal order and time.
  func recordEffect(_ name: String, phase: String, node: Int, cause: UInt64, error: String?) -> (
    order: UInt64, atNanos: UInt64
  ) {
    let order = clock.next()
    let atNanos = MonotonicClock.nanos
    fields.effects.append(
      EffectRecord(node: node, order: order, name: name, phase: phase, cause: cause, error: error, atNanos: atNanos))
    return (order, atNanos)
  }

  /// Keeps a tracking scope's run.
  func record(_ run: RecordedScopeRun) {
    fields.scopeRuns.append(run)
  }

  /// Notes that the notification of `order` reached subscription `subscriber`.
  func reached(_ subscriber: UInt64, order: UInt64) {
    fields.reaches.append(Reach(order: order, subscriber: subscriber))
  }

  /// Keeps an ended subscription's label and tally while notifications may name it.
  func departed(_ tally: SubscriberTally, node: Int) {
    departedSubscribers[tally.id] = (tally, node)
    if departedSubscribers.count > 2 * fields.reaches.capacity {
      let named = Set(fields.reaches.elements.map(\.subscriber))
      departedSubscribers = departedSubscribers.filter { named.contains($0.key) }
    }
  }

  /// Records an async value arriving, or subscribers notified; returns its causal order.
  @discardableResult func record(_ kind: Occurrence.Kind, node: Int, count: Int = 0) -> UInt64 {
    let order = clock.next()
    fields.occurrences.append(Occurrence(node: node, order: order, kind: kind, count: Int32(clamping: count)))
    return order
  }

  /// The recording in public form; `keyOf` names the nodes in use by uid.
  func recording(
    keyOf liveKeys: [Int: NodeKey], statisticsOf live: [(key: NodeKey, index: Int32, count: Int)],
    subscribers: [(tally: SubscriberTally, node: Int)] = []
  ) -> EvaluationRecording {
    var result = EvaluationRecording()
    result.dropped = fields.timeline.dropped
    let departedKeys = departedKeys
    let key = { (uid: Int) -> NodeKey? in liveKeys[uid] ?? departedKeys[uid] }
    // The kept values, read out of their buffers once: evaluations and resolutions each walk
    // them from the start, taking theirs in order.
    let values = ValueWalk(plain: fields.plainValues.elements, boxed: fields.boxedValues.elements)
    result.timeline = recordedEvaluations(key: key, values: values)
    result.writes = recordedWrites(key: key)
    let (subscriptions, learnt) = recordedSubscriptions(subscribers, key: key)
    result.subscriptions = subscriptions
    result.occurrences = recordedOccurrences(key: key, learnt: learnt, values: values)
    result.scopeRuns = fields.scopeRuns.elements
    result.droppedWrites = fields.writes.dropped
    result.droppedOccurrences = fields.occurrences.dropped + fields.effects.dropped + fields.scopeRuns.dropped
    for (key, index, count) in live where count > 0 && Int(index) < fields.timedStatistics._count {
      var statistics = fields.timedStatistics[index]
      statistics.count = count
      result.statistics[key] = statistics
    }
    return result
  }

  /// The evaluations kept, with their timings and the values they gave.
  private func recordedEvaluations(key: (Int) -> NodeKey?, values: ValueWalk) -> [RecordedEvaluation] {
    let entries = fields.timeline.elements
    // The values, in order as the evaluations are: found by walking them beside the entries.
    // The value buffers drop their oldest first and hold twice as many (evaluations' and
    // resolutions'), so a value kept belongs to an entry kept or one dropped before it.
    var values = values
    var evaluations: [RecordedEvaluation] = []
    for (entry, span) in zip(entries, fields.timings.spans(timed: entries.map(\.isTimed))) {
      let value = entry.changed ? values.value(for: entry.order) : nil
      guard let node = key(entry.node) else { continue }
      let trigger: EvaluationTrigger
      switch entry.cause {
      case Self.refresh: trigger = .refresh
      case Self.firstRead: trigger = .firstRead
      default: trigger = key(entry.cause).map { .dependencyChanged($0) } ?? .firstRead
      }
      evaluations.append(
        RecordedEvaluation(
          node: node, startNanos: span.start, durationNanos: span.duration, trigger: trigger,
          order: entry.order, changed: entry.changed, value: value))
    }
    return evaluations
  }

  /// The writes kept, with their values before and after.
  private func recordedWrites(key: (Int) -> NodeKey?) -> [RecordedWrite] {
    // The boxed values, in order as the writes are: found by walking both at once. A boxed
    // write kept has its values kept too, as both buffers drop their oldest first and have
    // the same capacity.
    let boxed = fields.boxedWrites.elements
    var nextBoxed = 0
    return fields.writes.elements.compactMap { write in
      var values: (before: (any Sendable)?, after: (any Sendable)?) = (nil, nil)
      if let plain = write.plain {
        values = (plain.before.value, plain.after.value)
      } else {
        while nextBoxed < boxed.count && boxed[nextBoxed].order < write.order { nextBoxed += 1 }
        if nextBoxed < boxed.count && boxed[nextBoxed].order == write.order {
          values = (boxed[nextBoxed].before, boxed[nextBoxed].after)
        }
      }
      return key(write.node).map {
        RecordedWrite(
          node: $0, order: write.order, cause: write.cause, site: write.site.isUnknown ? nil : write.site,
          before: values.before, after: values.after, isReset: write.isReset, atNanos: write.atNanos)
      }
    }
  }

  /// What each subscription learnt: its calls, their statistics and each callback's time by
  /// the notification's order.
  private typealias Learnt = [UInt64: (calls: Int, statistics: EvaluationStatistics, times: [UInt64: UInt64])]

  /// The subscriptions, live and ended (those a kept notification names), with what each
  /// learnt.
  private func recordedSubscriptions(
    _ subscribers: [(tally: SubscriberTally, node: Int)], key: (Int) -> NodeKey?
  ) -> ([RecordedSubscription], Learnt) {
    var tallies: [UInt64: (tally: SubscriberTally, node: Int, isActive: Bool)] = [:]
    for (id, departed) in departedSubscribers { tallies[id] = (departed.tally, departed.node, false) }
    for subscriber in subscribers { tallies[subscriber.tally.id] = (subscriber.tally, subscriber.node, true) }
    var learnt: Learnt = [:]
    var subscriptions: [RecordedSubscription] = []
    for (id, entry) in tallies {
      let recorded = entry.tally.recorded
      learnt[id] = recorded
      guard let node = key(entry.node) else { continue }
      subscriptions.append(
        RecordedSubscription(
          id: id, node: node, label: entry.tally.label, site: entry.tally.site.isUnknown ? nil : entry.tally.site,
          calls: recorded.calls, statistics: recorded.statistics, isActive: entry.isActive))
    }
    subscriptions.sort { $0.id < $1.id }
    return (subscriptions, learnt)
  }

  /// Resolutions, failures, notifications (with the subscriptions each reached and how long
  /// each callback took) and effects, in causal order.
  private func recordedOccurrences(key: (Int) -> NodeKey?, learnt: Learnt, values: ValueWalk) -> [RecordedOccurrence] {
    var reachedByOrder: [UInt64: [RecordedReach]] = [:]
    for reach in fields.reaches.elements {
      reachedByOrder[reach.order, default: []].append(
        RecordedReach(subscription: reach.subscriber, durationNanos: learnt[reach.subscriber]?.times[reach.order]))
    }
    // Resolutions' values, walked from the start as the evaluations' are (the values of both
    // kinds share the buffers, in order).
    var values = values
    var occurrences: [RecordedOccurrence] = fields.occurrences.elements.compactMap { occurrence in
      key(occurrence.node).map { node in
        let kind: RecordedOccurrence.Kind
        var value: (any Sendable)?
        switch occurrence.kind {
        case .resolved:
          kind = .resolved
          value = values.value(for: occurrence.order)
        case .failed: kind = .failed
        case .notified: kind = .notified(subscribers: Int(occurrence.count))
        }
        var recorded = RecordedOccurrence(node: node, order: occurrence.order, kind: kind, value: value)
        if occurrence.kind == .notified { recorded.reached = reachedByOrder[occurrence.order] ?? [] }
        return recorded
      }
    }
    occurrences += fields.effects.elements.compactMap { record in
      key(record.node).map {
        RecordedOccurrence(
          node: $0, order: record.order, kind: .effect(name: record.name, phase: record.phase, error: record.error),
          cause: record.cause, atNanos: record.atNanos)
      }
    }
    occurrences.sort { $0.order < $1.order }
    return occurrences
  }
}

/// What a ``GraphRecorder`` records into, only touched under the container's lock.
struct GraphRecorderBuffers {
  /// The strictest timing asked for.
  var timing: RecordingTiming
  /// Statistics of the timed evaluations by slot index, reset when an index is given to a new
  /// node. Each slot counts all its evaluations itself (`_NodeSlot.tally`): an evaluation that
  /// is not timed touches nothing here but the timeline.
  var timedStatistics = _DenseBuffer<EvaluationStatistics>()
  /// The uid of each slot's node, by slot index: naming an evaluation's cause from here reads
  /// a small array instead of the cause's slot, which an in-place write leaves cold.
  var uids = _DenseBuffer<Int>()
  var timeline: RingBuffer<GraphRecorder.Entry>
  /// The times of the timed entries, in order: most evaluations are not timed, so recording
  /// one writes 24 bytes, not 40.
  var timings: SampledTimes
  /// The values of the evaluations in `timeline` that changed their node's value (and of
  /// async values that arrived): plain ones as bits, the others boxed.
  var plainValues: RingBuffer<GraphRecorder.PlainEvaluationValue>
  var boxedValues: RingBuffer<GraphRecorder.BoxedEvaluationValue>
  var writes: RingBuffer<GraphRecorder.Write>
  /// The values of the writes in `writes` that are not plain.
  var boxedWrites: RingBuffer<GraphRecorder.BoxedWrite>
  var effects: RingBuffer<GraphRecorder.EffectRecord>
  var occurrences: RingBuffer<GraphRecorder.Occurrence>
  /// The subscriptions each notification in `occurrences` reached.
  var reaches: RingBuffer<GraphRecorder.Reach>
  /// Tracking scopes' runs, with the keys they read (a run is not a hot path).
  var scopeRuns: RingBuffer<RecordedScopeRun>
}
