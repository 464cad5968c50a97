import Dispatch
import RecoilConcurrency
import Synchronization

/// A configuration as the processing thread read it: held by reference, so that using it for
/// an action costs no retain (see `currentConfiguration()`).
@usableFromInline final class ProcessedConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline let value: StoreConfiguration<State, Action>
  /// `value.actionRecorder`, which keeps it alive, for use without a retain.
  @usableFromInline let recorder: Unmanaged<ActionRecorder<State, Action>>?
  /// The causal clock, when recording: kept here so that each action reaches it through a
  /// field already in cache.
  @usableFromInline let clock: CausalClock?
  /// Which actions the recorder times. A new copy of the configuration starts afresh, which
  /// also brings in a change of the recorder's timing.
  @usableFromInline @exclusivity(unchecked) var sampler: TimingSampler
  /// The observers that want action events, as they said when this copy was made.
  @usableFromInline let actionObservers: [any StoreObserver]
  // Read for every action, as flags, so that no array is touched when there is nothing to do.
  @usableFromInline let notifiesActions: Bool
  @usableFromInline let hasSlices: Bool
  @usableFromInline let hasEffects: Bool

  @usableFromInline init(_ value: StoreConfiguration<State, Action>) {
    self.value = value
    recorder = value.actionRecorder.map { Unmanaged.passUnretained($0) }
    clock = value.actionRecorder == nil ? nil : CausalClock.shared
    sampler = TimingSampler(value.actionRecorder?.timing ?? .sampled)
    actionObservers = value.observers.filter(\.wantsActions)
    notifiesActions = !actionObservers.isEmpty
    hasSlices = !value.slices.isEmpty
    hasEffects = !value.effects.isEmpty
  }
}
