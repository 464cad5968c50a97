import Dispatch
import RecoilConcurrency
import Synchronization

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

  @usableFromInline init(_ value: _StoreConfiguration<State, Action>) {
    self._value = value
    _recorder = value._actionRecorder.map { Unmanaged.passUnretained($0) }
    _sampler = TimingSampler(value._actionRecorder?._timing ?? .sampled)
    _actionObservers = value._observers.filter(\.wantsActions)
    _notifiesActions = !_actionObservers.isEmpty
    _hasSlices = !value._slices.isEmpty
    _hasEffects = !value._effects.isEmpty
  }
}
