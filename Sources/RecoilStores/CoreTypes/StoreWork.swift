import Dispatch
import RecoilConcurrency
import Synchronization

/// An item in a store's queue.
@usableFromInline enum StoreWork<State: Sendable, Action: Sendable> {
  /// An action, with where it was dispatched and its cause when it was queued while the
  /// store had a configuration. Boxed, so that the queue's items stay two words and simple to
  /// copy.
  case action(Action, QueuedOrigin?)
  /// An action of a replayed log: reducers only, no middleware and no effects.
  case replay(Action)
  case subscribe(StoreSubscriber<State>)
}

/// Where an action was dispatched and what caused it, kept only while the store has a
/// configuration (a recorder among it): an action processed at once reads its cause from the
/// thread, a queued one keeps the cause bound when it was dispatched.
@usableFromInline struct ActionOrigin: Sendable {
  @usableFromInline var site: CallSite
  /// The cause bound at dispatch, for a queued action; 0 to read the one bound when processed.
  @usableFromInline var cause: UInt64

  @inlinable init(site: CallSite, cause: UInt64) {
    self.site = site
    self.cause = cause
  }

  /// Nowhere known, no cause: a replayed action, or one dispatched while nothing recorded.
  @usableFromInline static var unknown: ActionOrigin { ActionOrigin(site: .unknown, cause: 0) }
}

/// The origin of a queued action, boxed (see `StoreWork.action`).
@usableFromInline final class QueuedOrigin: Sendable {
  @usableFromInline let origin: ActionOrigin

  init(_ origin: ActionOrigin) {
    self.origin = origin
  }
}
