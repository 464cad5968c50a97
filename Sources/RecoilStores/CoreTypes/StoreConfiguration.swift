import Dispatch
import RecoilConcurrency
import Synchronization

/// What can be registered on a store after its creation.
@usableFromInline struct StoreConfiguration<State: Sendable, Action: Sendable> {
  @usableFromInline var observers: [any StoreObserver] = []
  @usableFromInline var slices: [SliceRegistration<State, Action>] = []
  @usableFromInline var effects: [Effect<State, Action>] = []
  @usableFromInline var actionRecorder: ActionRecorder<State, Action>?

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { observers.isEmpty && slices.isEmpty && effects.isEmpty && actionRecorder == nil }
}
