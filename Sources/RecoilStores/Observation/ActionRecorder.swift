import RecoilConcurrency

/// A store's own record of its latest actions, with the states around them, in a buffer
/// reserved up front.
///
/// Written by the thread processing actions inside the critical section that commits the new
/// state, so recording costs no extra lock and no type erasure: values stay typed until
/// ``Store/recordedActions()`` reads them.
@usableFromInline final class ActionRecorder<State: Sendable, Action: Sendable> {
  @usableFromInline struct Entry {
    @usableFromInline var sequence: Int
    @usableFromInline var action: Action
    @usableFromInline var before: State
    @usableFromInline var after: State
    /// `ActionRecorder.untimed` when the action was not timed.
    @usableFromInline var durationNanos: UInt64
    /// Meaningless when the action was not timed.
    @usableFromInline var atNanos: UInt64
    /// Its place in the causal timeline.
    @usableFromInline var causality: Causality

    @inlinable init(
      sequence: Int, action: Action, before: State, after: State, durationNanos: UInt64, atNanos: UInt64,
      causality: Causality
    ) {
      self.sequence = sequence
      self.action = action
      self.before = before
      self.after = after
      self.durationNanos = durationNanos
      self.atNanos = atNanos
      self.causality = causality
    }
  }

  /// An entry's place in the causal timeline: plain data.
  @usableFromInline struct Causality: BitwiseCopyable {
    /// The action's place in the causal order; its notification, if any, is the next.
    @usableFromInline var order: UInt64
    /// Its cause's place (0: none).
    @usableFromInline var cause: UInt64
    /// Where it was dispatched; unknown for a replayed action.
    @usableFromInline var site: CallSite
    /// How many subscribers were notified of the new state (none: no notification).
    @usableFromInline var subscribers: Int

    @inlinable init(order: UInt64, cause: UInt64, site: CallSite, subscribers: Int) {
      self.order = order
      self.cause = cause
      self.site = site
      self.subscribers = subscribers
    }
  }

  /// The duration of an action that was not timed.
  @usableFromInline static var untimed: UInt64 { .max }

  /// Only touched under the store's lock.
  @usableFromInline @exclusivity(unchecked) var entries: RingBuffer<Entry>
  /// How many callers asked for recording; it stops when the last one stops.
  var users = 1
  /// The strictest timing asked for.
  @usableFromInline private(set) var timing: RecordingTiming

  init(capacity: Int, timing: RecordingTiming) {
    entries = RingBuffer(capacity: capacity)
    self.timing = timing
  }

  /// Another caller starts recording: keeps the larger capacity and the stricter timing.
  func join(capacity: Int, timing: RecordingTiming) {
    users += 1
    entries.grow(to: capacity)
    let combined = self.timing.combined(with: timing)
    // The processing thread samples by the new timing from its next copy of the
    // configuration (see `ProcessedConfiguration`).
    self.timing = combined
  }

  /// Adds an entry, replacing the oldest when full. Called under the store's lock.
  @inlinable func append(_ entry: Entry) {
    entries.append(entry)
  }

  /// What `recording(of:store:)` needs, taken under the store's lock: a copy of the buffer,
  /// which shares its storage, so this is cheap.
  struct Contents: @unchecked Sendable {
    // Sendable: the entries hold Sendable states and actions.
    let entries: RingBuffer<Entry>
  }

  var contents: Contents { Contents(entries: entries) }

  /// The entries, oldest first, in the form observers see; made outside the lock.
  static func recording(of contents: Contents, store: String) -> ActionRecording {
    let entries = contents.entries.elements
    let starts = StartEstimate.starts(
      entries.map { ($0.atNanos, $0.durationNanos == untimed ? nil : $0.durationNanos) })
    return ActionRecording(
      records: zip(entries, starts).map { entry, start in
        let causality = entry.causality
        return StoreActionRecord(
          sequence: entry.sequence, store: store, action: entry.action, stateBefore: entry.before,
          stateAfter: entry.after, durationNanos: entry.durationNanos == untimed ? nil : entry.durationNanos,
          atNanos: start, order: causality.order, cause: causality.cause,
          site: causality.site.isUnknown ? nil : causality.site,
          subscribers: causality.subscribers)
      },
      dropped: contents.entries.dropped)
  }
}

/// What a store recorded of its actions (see ``Store/startRecordingActions(capacity:timing:)``).
///
/// ```swift
/// let recording = store.recordedActions()
/// let slowest = recording.records.max { $0.durationNanos < $1.durationNanos }
/// ```
public struct ActionRecording: Sendable {
  /// The latest actions, oldest first.
  public var records: [StoreActionRecord] = []
  /// How many older actions are no longer kept.
  public var dropped = 0
}
