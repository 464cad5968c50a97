import Dispatch
import RecoilConcurrency
import Synchronization

/// An item in a store's queue.
@usableFromInline enum _StoreWork<State: Sendable, Action: Sendable> {
  /// An action, with where it was dispatched and its cause when it was queued while the
  /// store had a configuration. Boxed, so that the queue's items stay two words and simple to
  /// copy.
  case action(Action, _QueuedOrigin?)
  /// An action of a replayed log: reducers only, no middleware and no effects.
  case replay(Action)
  case subscribe(_StoreSubscriber<State>)
}

/// Where an action was dispatched and what caused it, passed along as it is processed: an
/// action processed at once reads its cause from the thread when it is recorded; a queued one
/// keeps the cause bound when it was dispatched, while the store has a configuration.
@usableFromInline struct _ActionOrigin: Sendable {
  @usableFromInline var _site: CallSite
  /// The cause bound at dispatch, for a queued action; 0 to read the one bound when processed.
  @usableFromInline var _cause: UInt64

  @inlinable init(site: CallSite, cause: UInt64) {
    self._site = site
    self._cause = cause
  }

  /// Nowhere known, no cause: a replayed action, or one dispatched while nothing recorded.
  @usableFromInline static var _unknown: _ActionOrigin { _ActionOrigin(site: .unknown, cause: 0) }
}

/// The origin of a queued action, boxed (see `_StoreWork.action`).
@usableFromInline final class _QueuedOrigin: Sendable {
  @usableFromInline let _origin: _ActionOrigin

  init(_ origin: _ActionOrigin) {
    self._origin = origin
  }
}
