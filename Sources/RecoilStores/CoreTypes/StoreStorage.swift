import Dispatch
import RecoilConcurrency
import Synchronization

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

  @usableFromInline init(state: State) {
    self._state = state
  }
}
