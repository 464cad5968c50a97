import Dispatch
import RecoilConcurrency
import Synchronization

/// A store's mutable parts, guarded by its lock.
@usableFromInline final class StoreStorage<State: Sendable, Action: Sendable> {
  @usableFromInline @exclusivity(unchecked) var state: State
  @usableFromInline @exclusivity(unchecked) var sequence = 0
  @usableFromInline @exclusivity(unchecked) var queue: [StoreWork<State, Action>] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  @usableFromInline @exclusivity(unchecked) var subscribers: [StoreSubscriber<State>] = []
  @usableFromInline @exclusivity(unchecked) var configuration = StoreConfiguration<State, Action>()
  /// The configuration as the processing thread last read it, and its version: only the
  /// thread holding the processing role (`isProcessing`) touches these, so it reads the
  /// configuration under the lock only after a change.
  @usableFromInline @exclusivity(unchecked) var processedConfiguration: ProcessedConfiguration<State, Action>?
  @usableFromInline @exclusivity(unchecked) var processedConfigurationVersion = -1
  @usableFromInline @exclusivity(unchecked) var effectTasks: [Int: (id: String, task: Task<Void, Never>)] = [:]
  @usableFromInline @exclusivity(unchecked) var nextEffectRun = 0
  @usableFromInline @exclusivity(unchecked) var selectors: [String: [String]] = [:]
  /// Where the action being processed was dispatched, and its cause when it was queued; set
  /// by the processing thread only while the store has a configuration (see `ActionOrigin`).
  @usableFromInline @exclusivity(unchecked) var origin = ActionOrigin.unknown

  @usableFromInline init(state: State) {
    self.state = state
  }
}
