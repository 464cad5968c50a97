import RecoilConcurrency

/// A recorded action's place in the causal timeline: plain data, kept beside the action and
/// its states in a store's ``_ActionRecorder``. Not nested in that generic class: a nested type
/// is generic too, and generic code that reads it (a snapshot's, for every entry) would look
/// up its metadata each time.
@usableFromInline struct _ActionCausality: BitwiseCopyable {
  /// The action's place in the causal order; its notification, if any, is the next.
  @usableFromInline var _order: UInt64
  /// Its cause's place (0: none).
  @usableFromInline var _cause: UInt64
  /// Where it was dispatched; unknown for a replayed action.
  @usableFromInline var _site: CallSite
  /// How many subscribers were notified of the new state (none: no notification).
  @usableFromInline var _subscribers: UInt32
  /// Whether it was timed: its times are then in `timings`.
  @usableFromInline var _isTimed: Bool
  /// Which list of subscribers it notified (see `_StoreStorage._subscriberGeneration`); in
  /// what was padding, so an entry is no larger.
  @usableFromInline var _subscriberGeneration: UInt16

  @inlinable init(
    order: UInt64, cause: UInt64, site: CallSite, subscribers: Int, isTimed: Bool, subscriberGeneration: UInt16 = 0
  ) {
    self._order = order
    self._cause = cause
    self._site = site
    self._subscribers = UInt32(truncatingIfNeeded: subscribers)
    self._isTimed = isTimed
    self._subscriberGeneration = subscriberGeneration
  }
}
