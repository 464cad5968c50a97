import RecoilConcurrency
import RecoilReflection

/// A store's own record of its latest actions, with the states around them, in a buffer
/// reserved up front.
///
/// Written by the thread processing actions inside the critical section that commits the new
/// state, so recording costs no extra lock and no type erasure: values stay typed until
/// ``Store/recordedActions()`` reads them.
///
/// What it writes on every recorded action (the entries, their times, the newest number) is
/// its superclass `_ActionRecorderFields`, in `StoreStorage.swift` with the store's other
/// fields that skip the run-time exclusivity check.
@usableFromInline
final class _ActionRecorder<State: Sendable, Action: Sendable>:
  _ActionRecorderFields<State, Action>
{
  @usableFromInline struct _Entry {
    @usableFromInline var _action: Action
    @usableFromInline var _before: State
    @usableFromInline var _after: State
    /// Its place in the causal timeline, and whether it was timed.
    @usableFromInline var _causality: _ActionCausality

    @inlinable init(action: Action, before: State, after: State, causality: _ActionCausality) {
      self._action = action
      self._before = before
      self._after = after
      self._causality = causality
    }
  }

  /// The stored fields of an entry, as the recording reads them in place (their offsets,
  /// worked out when made).
  private struct EntryFields {
    let action = RecordField(\_Entry._action)!
    let before = RecordField(\_Entry._before)!
    let after = RecordField(\_Entry._after)!
    let causality = RecordField(\_Entry._causality)!
  }

  /// The duration of an action that was not timed.
  @usableFromInline static var _untimed: UInt64 { .max }

  /// The store's selectors' evaluations, their statistics and latest values, by selector name.
  /// Only touched under the store's lock.
  private var selectorEvaluations: RingBuffer<StoreSelectorEvaluation>
  private var selectorStatistics: [String: EvaluationStatistics] = [:]
  private var selectorValues: [String: any Sendable] = [:]
  /// Each list of subscribers the recorded actions may have notified, by generation (see
  /// `_StoreStorage._subscriberGeneration`), and which is current.
  private var subscriberLists: [UInt16: [SubscriberTally]] = [:]
  private var currentGeneration: UInt16 = 0
  /// How many callers asked for recording; it stops when the last one stops.
  var users = 1
  /// The strictest timing asked for.
  @usableFromInline private(set) var _timing: RecordingTiming

  init(capacity: Int, timing: RecordingTiming) {
    selectorEvaluations = RingBuffer(capacity: capacity)
    self._timing = timing
    super.init(capacity: capacity)
  }

  /// Another caller starts recording: keeps the larger capacity and the stricter timing.
  func join(capacity: Int, timing: RecordingTiming) {
    users += 1
    _entries.grow(to: capacity)
    _timings.grow(to: capacity)
    selectorEvaluations.grow(to: capacity)
    let combined = self._timing.combined(with: timing)
    // The processing thread samples by the new timing from its next copy of the
    // configuration (see `_ProcessedConfiguration`).
    self._timing = combined
  }

  /// Adds an entry, replacing the oldest when full, with its times when it was timed
  /// (`durationNanos` is not `untimed`). Called under the store's lock.
  @inlinable @inline(__always) func append(_ entry: _Entry, sequence: Int, startNanos: UInt64, durationNanos: UInt64) {
    _entries.append(entry)
    _newestSequence = sequence
    if entry._causality._isTimed { _timings.append(startNanos: startNanos, durationNanos: durationNanos) }
  }

  /// Keeps the store's list of subscribers from now on; called under the store's lock. Lists
  /// no kept action names are let go.
  func noteSubscribers(_ tallies: [SubscriberTally], generation: UInt16) {
    subscriberLists[generation] = tallies
    currentGeneration = generation
    if subscriberLists.count > 64 {
      let named = _entries.withFields { entries -> Set<UInt16> in
        let field = RecordField(\_Entry._causality)!
        return Set((0..<entries.count).map { entries[field, at: $0]._subscriberGeneration })
      }
      subscriberLists = subscriberLists.filter { named.contains($0.key) || $0.key == generation }
    }
  }

  /// Records a selector's recomputation, which started at `startNanos` and took
  /// `durationNanos`. Called under the store's lock.
  func recordSelector(
    _ name: String, order: UInt64, startNanos: UInt64, durationNanos: UInt64, value: any Sendable, changed: Bool
  ) {
    selectorEvaluations.append(
      StoreSelectorEvaluation(
        selector: name, order: order, startNanos: startNanos, durationNanos: durationNanos, value: value,
        changed: changed))
    selectorStatistics[name, default: EvaluationStatistics()].add(durationNanos)
    selectorValues[name] = value
  }

  /// The entries, oldest first, in the form observers see. Called under the store's lock:
  /// the entries are read where they are, as copying them out first takes about as long as
  /// making the records, on every core, here.
  func recording(store: String) -> ActionRecording {
    // The subscriptions, with what each learnt: what the actions' notifications reached.
    var learnt: [UInt64: (calls: Int, statistics: EvaluationStatistics, times: [UInt64: UInt64])] = [:]
    var subscriptions: [RecordedStoreSubscription] = []
    let current = Set((subscriberLists[currentGeneration] ?? []).map(\.id))
    for tally in subscriberLists.values.joined() where learnt[tally.id] == nil {
      let recorded = tally.recorded
      learnt[tally.id] = recorded
      subscriptions.append(
        RecordedStoreSubscription(
          id: tally.id, label: tally.label, site: tally.site.isUnknown ? nil : tally.site, calls: recorded.calls,
          statistics: recorded.statistics, isActive: current.contains(tally.id)))
    }
    subscriptions.sort { $0.id < $1.id }
    let records = makeRecords(store: store, learnt: learnt) { count in 0..<count }
    return ActionRecording(
      records: records, dropped: _entries.dropped, selectorEvaluations: selectorEvaluations.elements,
      droppedSelectorEvaluations: selectorEvaluations.dropped, selectorStatistics: selectorStatistics,
      selectorValues: selectorValues, subscriptions: subscriptions)
  }

  /// The entries numbered after `sequence`, oldest first, at most `limit` (the newest of
  /// them), in the form observers see; `nil` for `sequence` reads none and says only the
  /// newest number. Called under the store's lock, as a live stream follows the recording.
  func tail(after sequence: Int?, limit: Int, store: String) -> ActionTail {
    let count = _entries.withFields { $0.count }
    let firstSequence = _newestSequence - count + 1
    guard let sequence else { return ActionTail(newestSequence: _newestSequence) }
    // What is newer than `sequence` and still kept; beyond `limit`, the oldest are skipped.
    let wanted = max(0, _newestSequence - max(sequence, firstSequence - 1))
    let taken = min(wanted, max(limit, 0))
    let skipped = max(0, _newestSequence - sequence) - taken
    guard taken > 0 else { return ActionTail(newestSequence: _newestSequence, skipped: skipped) }
    let records = makeRecords(store: store, learnt: [:]) { count in (count - taken)..<count }
    return ActionTail(records: records, newestSequence: _newestSequence, skipped: skipped)
  }

  /// The entries at the positions `positions(count)` picks, oldest first, as records; what
  /// each notification reached comes with the callbacks' times that `learnt` knows.
  private func makeRecords(
    store: String, learnt: [UInt64: (calls: Int, statistics: EvaluationStatistics, times: [UInt64: UInt64])],
    positions: (Int) -> Range<Int>
  ) -> [RecordedAction] {
    let reachedLists = subscriberLists.mapValues { $0.map(\.id) }
    return _entries.withFields { entries -> [RecordedAction] in
      let count = entries.count
      let firstSequence = _newestSequence - count + 1
      let range = positions(count)
      // This code is generic and not specialized for the store's types: an entry's fields are
      // read by offsets worked out once, not through the entry type's layout each time, and
      // one field at a time, not by copying an entry whole (its action and both states).
      let fields = EntryFields()
      let spans = _timings.spans(timed: (0..<count).map { entries[fields.causality, at: $0]._isTimed })
      // Thousands of entries, each boxed on its own: made on every core, each chunk into its
      // own slots (see `ConcurrentChunks`).
      return ConcurrentChunks.makeArray(count: range.count) { (slots: ConcurrentChunks.Slots<RecordedAction>) in
        ConcurrentChunks.forEach(count: range.count) { chunk in
          // The previous entry's state after, boxed: an action's state before is nearly
          // always that same value, which is then shared rather than boxed again (within a
          // chunk: the one before a chunk's first is made by another).
          var previousAfter: (any Sendable)?
          for slot in chunk {
            let position = range.lowerBound + slot
            let causality = entries[fields.causality, at: position]
            let before: any Sendable =
              if let previousAfter, entries.sameBytes(fields.after, at: position - 1, as: fields.before, at: position) {
                previousAfter
              } else {
                entries[fields.before, at: position]
              }
            let after: any Sendable = entries[fields.after, at: position]
            previousAfter = after
            slots.initialize(
              slot,
              to: RecordedAction(
                sequence: firstSequence + position, store: store, action: entries[fields.action, at: position],
                stateBefore: before, stateAfter: after, durationNanos: spans[position].duration,
                atNanos: spans[position].start, order: causality._order, cause: causality._cause,
                site: causality._site.isUnknown ? nil : causality._site, subscribers: Int(causality._subscribers),
                reached: causality._subscribers == 0
                  ? []
                  : (reachedLists[causality._subscriberGeneration] ?? []).map {
                    RecordedReach(subscription: $0, durationNanos: learnt[$0]?.times[causality._order + 1])
                  }))
          }
        }
      }
    }
  }
}

/// The newest part of a store's recording, as a live stream follows it (see
/// ``Store/recordedActions(after:limit:)``).
///
/// ```swift
/// var last = store.recordedActions(after: nil).newestSequence
/// let tail = store.recordedActions(after: last)
/// for record in tail.records { print(record.sequence) }
/// last = tail.newestSequence
/// ```
public struct ActionTail: Sendable {
  /// The actions after the number asked for, oldest first.
  public var records: [RecordedAction] = []
  /// The number of the store's newest action.
  public var newestSequence = 0
  /// How many actions after the number asked for are not among `records`: no longer kept,
  /// or beyond the limit.
  public var skipped = 0
}

/// What a store recorded of its actions, and of its memoized selectors' evaluations (see
/// ``Store/startRecordingActions(capacity:timing:)``).
///
/// ```swift
/// let recording = store.recordedActions()
/// let slowest = recording.records.max { $0.durationNanos < $1.durationNanos }
/// let total = recording.selectorStatistics["total"]?.meanNanos
/// ```
public struct ActionRecording: Sendable {
  /// The latest actions, oldest first.
  public var records: [RecordedAction] = []
  /// How many older actions are no longer kept.
  public var dropped = 0
  /// The selectors' latest recomputations, oldest first, as many as the action capacity.
  public var selectorEvaluations: [StoreSelectorEvaluation] = []
  /// How many older recomputations are no longer kept.
  public var droppedSelectorEvaluations = 0
  /// Every recomputation of each selector since recording started, by selector name.
  public var selectorStatistics: [String: EvaluationStatistics] = [:]
  /// Each selector's latest value, by selector name.
  public var selectorValues: [String: any Sendable] = [:]
  /// The store's subscriptions: the live ones, and the ended ones a kept action notified.
  public var subscriptions: [RecordedStoreSubscription] = []
}

/// A subscription to a recording store, with what the recording learnt of its callback.
///
/// ```swift
/// for subscription in store.recordedActions().subscriptions {
///   print(subscription.label ?? subscription.site?.description ?? "?", subscription.calls)
/// }
/// ```
public struct RecordedStoreSubscription: Sendable {
  /// Its id, unique in its store.
  public var id: UInt64
  /// The label the app gave it.
  public var label: String?
  /// Where it was made.
  public var site: CallSite?
  /// How often its callback ran while recording.
  public var calls: Int
  /// Its callback's timings (sampled like actions); `count` counts every call.
  public var statistics: EvaluationStatistics
  /// Whether it is still subscribed.
  public var isActive: Bool
}
