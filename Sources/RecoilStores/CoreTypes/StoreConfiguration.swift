import Dispatch
import RecoilConcurrency
import Synchronization

/// What can be registered on a store after its creation.
@usableFromInline struct _StoreConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline var _observers: [any StoreObserver] = []
  @usableFromInline var _slices: [_SliceRegistration<State, Action>] = []
  @usableFromInline var _effects: [Effect<State, Action>] = []
  @usableFromInline var _actionRecorder: _ActionRecorder<State, Action>?
  /// The reducer that replaced the store's own (``Store/replaceReducer(_:file:line:)``).
  @usableFromInline var _reducer: Reducer<State, Action>?

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool {
    _observers.isEmpty && _slices.isEmpty && _effects.isEmpty && _actionRecorder == nil && _reducer == nil
  }
}
