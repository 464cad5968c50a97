import RecoilConcurrency
import RecoilReflection

/// A store's own record of its latest actions, with the states around them, in a buffer
/// reserved up front.
///
/// Written by the thread processing actions inside the critical section that commits the new
/// state, so recording costs no extra lock and no type erasure: values stay typed until
/// ``Store/recordedActions()`` reads them.
@usableFromInline final class _ActionRecorder<State: Sendable, Action: Sendable> {
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

  /// The duration of an action that was not timed.
  @usableFromInline static var _untimed: UInt64 { .max }

  /// Only touched under the store's lock.
  @usableFromInline @exclusivity(unchecked) var _entries: RecordBuffer<_Entry>
  /// The times of the timed entries: most actions are not timed, so an entry holds no times.
  @usableFromInline @exclusivity(unchecked) var _timings: SampledTimes
  /// The store's number of the newest entry's action. Every action the store processes while
  /// recording is recorded, so the entries' numbers are consecutive and not stored: an entry
  /// of a small state is 64 bytes, not 88, which is most of what recording costs an action.
  @usableFromInline @exclusivity(unchecked) var _newestSequence = 0
  /// The store's selectors' evaluations, their statistics and latest values, by selector name.
  /// Only touched under the store's lock.
  private var selectorEvaluations: RingBuffer<StoreSelectorEvaluation>
  private var selectorStatistics: [String: EvaluationStatistics] = [:]
  private var selectorValues: [String: any Sendable] = [:]
  /// How many callers asked for recording; it stops when the last one stops.
  var users = 1
  /// The strictest timing asked for.
  @usableFromInline private(set) var _timing: RecordingTiming

  init(capacity: Int, timing: RecordingTiming) {
    _entries = RecordBuffer(capacity: capacity)
    _timings = SampledTimes(capacity: capacity)
    selectorEvaluations = RingBuffer(capacity: capacity)
    self._timing = timing
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

  /// Records a selector's recomputation, which started at `startNanos` and took
  /// `durationNanos`. Called under the store's lock.
  func recordSelector(
    _ name: String, order: UInt64, startNanos: UInt64, durationNanos: UInt64, value: any Sendable
  ) {
    selectorEvaluations.append(
      StoreSelectorEvaluation(
        selector: name, order: order, startNanos: startNanos, durationNanos: durationNanos))
    selectorStatistics[name, default: EvaluationStatistics()].add(durationNanos)
    selectorValues[name] = value
  }

  /// The entries, oldest first, in the form observers see. Called under the store's lock:
  /// the entries are read where they are, as copying them out first takes about as long as
  /// making the records, on every core, here.
  func recording(store: String) -> ActionRecording {
    let records = _entries.withSegments { older, newer -> [RecordedAction] in
      let count = older.count + newer.count
      // None: an array made uninitialized with no room writes to the shared empty storage,
      // which the thread sanitizer reports when two threads do it at once.
      guard count > 0 else { return [] }
      let firstSequence = _newestSequence - count + 1
      // This code is generic and not specialized for the store's types. An entry's fields are
      // read at their offsets from its start, worked out here once: reading one through a
      // typed pointer looks up the entry type's metadata for each entry, and an array's
      // element would be copied whole (action and both states) to read one field.
      let (size, stride) = (MemoryLayout<State>.size, MemoryLayout<_Entry>.stride)
      let actionOffset = MemoryLayout<_Entry>.offset(of: \._action)!
      let beforeOffset = MemoryLayout<_Entry>.offset(of: \._before)!
      let afterOffset = MemoryLayout<_Entry>.offset(of: \._after)!
      let causalityOffset = MemoryLayout<_Entry>.offset(of: \._causality)!
      let (olderStart, newerStart) = (UnsafeRawPointer(older.baseAddress), UnsafeRawPointer(newer.baseAddress))
      // The entry at a position from the oldest: in the ring's older part, then its newer one.
      func entry(_ position: Int) -> UnsafeRawPointer {
        position < older.count ? olderStart! + position * stride : newerStart! + (position - older.count) * stride
      }
      func causality(_ position: Int) -> _ActionCausality {
        entry(position).load(fromByteOffset: causalityOffset, as: _ActionCausality.self)
      }
      let spans = _timings.spans(timed: (0..<count).map { causality($0)._isTimed })
      // Thousands of entries, each boxed on its own: made on every core, each chunk into its
      // own slots (see `ConcurrentChunks`).
      return [RecordedAction](unsafeUninitializedCapacity: count) { slots, made in
        ConcurrentChunks.forEach(count: count) { range in
          for position in range {
            let (current, causality) = (entry(position), causality(position))
            // An action's state before is nearly always the one after the action before it:
            // the same value, boxed once rather than copied into a box of its own (within a
            // chunk: the one before a chunk's first is made by another).
            let continues =
              position > range.lowerBound
              && StoredBytes.equal(entry(position - 1) + afterOffset, current + beforeOffset, count: size)
            let before: any Sendable =
              continues
              ? slots[position - 1].stateAfter : (current + beforeOffset).assumingMemoryBound(to: State.self).pointee
            (slots.baseAddress! + position).initialize(
              to: RecordedAction(
                sequence: firstSequence + position, store: store,
                action: (current + actionOffset).assumingMemoryBound(to: Action.self).pointee,
                stateBefore: before, stateAfter: (current + afterOffset).assumingMemoryBound(to: State.self).pointee,
                durationNanos: spans[position].duration, atNanos: spans[position].start, order: causality._order,
                cause: causality._cause, site: causality._site.isUnknown ? nil : causality._site,
                subscribers: Int(causality._subscribers)))
          }
        }
        made = count
      }
    }
    return ActionRecording(
      records: records, dropped: _entries.dropped, selectorEvaluations: selectorEvaluations.elements,
      droppedSelectorEvaluations: selectorEvaluations.dropped, selectorStatistics: selectorStatistics,
      selectorValues: selectorValues)
  }
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
}
