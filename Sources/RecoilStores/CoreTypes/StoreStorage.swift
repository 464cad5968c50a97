import Dispatch
import RecoilConcurrency
import Synchronization

// What a store keeps while it processes actions: every place where the store's engine uses
// memory the compiler does not check, apart from the processing loop's unretained references
// (`Store+Processing.swift`), is in this file, so the rest (reducers, middleware, selectors,
// effects, the recorder's logic) is checked Swift.
//
// - `_StoreStorage`: the store's state, queue, subscribers and configuration, only touched
//   under the store's lock (the state also by the one processing thread), so their
//   exclusivity is not checked at run time: each check would be a call on every dispatch.
// - `_ProcessedConfiguration`: the processing thread's copy of the configuration, with the
//   recorder it names held unretained and its timing sampler unchecked.
// - `_ActionRecorderFields`: what the recorder writes on every recorded action, under the
//   store's lock.
//
// What each shortcut saves is measured by `recoil-bench` S1 and S1+inspector.

/// A store's mutable parts, guarded by its lock.
// @unchecked Sendable: every part is read and written under the store's `_lock`, except
// `_state`, which only the processing thread (the one that set `_isProcessing`) writes (under
// the lock) and may read without it, and the processed configuration, the processing
// thread's alone.
@usableFromInline final class _StoreStorage<State: Sendable, Action: Sendable>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var _state: State
  @usableFromInline @exclusivity(unchecked) var _sequence = 0
  @usableFromInline @exclusivity(unchecked) var _queue: [_StoreWork<State, Action>] = []
  @usableFromInline @exclusivity(unchecked) var _queueHead = 0
  @usableFromInline @exclusivity(unchecked) var _subscribers: [_StoreSubscriber<State>] = []
  /// Which list of subscribers is current: it moves on each subscribe and unsubscribe, and a
  /// recorded action keeps it, so that a snapshot can name the subscriptions it reached.
  @usableFromInline @exclusivity(unchecked) var _subscriberGeneration: UInt16 = 0
  @usableFromInline @exclusivity(unchecked) var _configuration = _StoreConfiguration<State, Action>()
  /// The configuration as the processing thread last read it, and its version: only the
  /// thread holding the processing role (`isProcessing`) touches these, so it reads the
  /// configuration under the lock only after a change.
  @usableFromInline @exclusivity(unchecked) var _processedConfiguration: _ProcessedConfiguration<State, Action>?
  @usableFromInline @exclusivity(unchecked) var _processedConfigurationVersion = -1
  @usableFromInline @exclusivity(unchecked) var _effectTasks: [Int: (id: String, task: Task<Void, Never>)] = [:]
  @usableFromInline @exclusivity(unchecked) var _nextEffectRun = 0
  @usableFromInline @exclusivity(unchecked) var _selectors: [String: [String]] = [:]
  /// The cause cell of the thread that last processed a recorded action, kept so that the next
  /// action on the same thread checks it rather than looking it up; processing thread only.
  @usableFromInline @exclusivity(unchecked) var _causeCell: ThreadCauseCell?
  /// Whether the action-observers took the action being processed (see
  /// `StoreObserver.acceptsNextAction`); kept here, not in a local, so that the processing
  /// path holds no more values across its calls; processing thread only.
  @usableFromInline @exclusivity(unchecked) var _observersAccepted = false

  @usableFromInline init(state: State) {
    self._state = state
  }
}

// MARK: - The processed configuration

/// A configuration as the processing thread read it: held by reference, so that using it for
/// an action costs no retain (see `currentConfiguration()`).
@usableFromInline final class _ProcessedConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline let _value: _StoreConfiguration<State, Action>
  /// `value.actionRecorder`, which keeps it alive, for use without a retain.
  @usableFromInline let _recorder: Unmanaged<_ActionRecorder<State, Action>>?
  /// The causal clock, used when recording: kept here so that each recorded action reaches it
  /// through a field already in cache.
  @usableFromInline let _clock = CausalClock.shared
  /// Which actions the recorder times. A new copy of the configuration starts afresh, which
  /// also brings in a change of the recorder's timing.
  @usableFromInline @exclusivity(unchecked) var _sampler: TimingSampler
  /// The observers that want action events, as they said when this copy was made.
  @usableFromInline let _actionObservers: [any StoreObserver]
  // Read for every action, as flags, so that no array is touched when there is nothing to do.
  @usableFromInline let _notifiesActions: Bool
  @usableFromInline let _hasSlices: Bool
  @usableFromInline let _hasEffects: Bool
  /// The reducer in use when it replaced the store's own.
  @usableFromInline let _reducer: Reducer<State, Action>?

  @usableFromInline init(_ value: _StoreConfiguration<State, Action>) {
    self._value = value
    _recorder = value._actionRecorder.map { Unmanaged.passUnretained($0) }
    _sampler = TimingSampler(value._actionRecorder?._timing ?? .sampled)
    _actionObservers = value._observers.filter(\.wantsActions)
    _notifiesActions = !_actionObservers.isEmpty
    _hasSlices = !value._slices.isEmpty
    _hasEffects = !value._effects.isEmpty
    _reducer = value._reducer
  }
}

// MARK: - The recorder's fields

/// What a store's ``_ActionRecorder`` writes on every recorded action, only ever under the
/// store's lock, so their exclusivity is not checked at run time.
@usableFromInline class _ActionRecorderFields<State: Sendable, Action: Sendable> {
  /// The entries, newest last.
  @usableFromInline @exclusivity(unchecked) final var _entries: RecordBuffer<_ActionRecorder<State, Action>._Entry>
  /// The times of the timed entries: most actions are not timed, so an entry holds no times.
  @usableFromInline @exclusivity(unchecked) final var _timings: SampledTimes
  /// The store's number of the newest entry's action. Every action the store processes while
  /// recording is recorded, so the entries' numbers are consecutive and not stored: an entry
  /// of a small state is 64 bytes, not 88, which is most of what recording costs an action.
  @usableFromInline @exclusivity(unchecked) final var _newestSequence = 0

  init(capacity: Int) {
    _entries = RecordBuffer(capacity: capacity)
    _timings = SampledTimes(capacity: capacity)
  }
}
