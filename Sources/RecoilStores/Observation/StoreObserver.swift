/// Receives what a ``Store`` does: actions with timings and states, effects, subscriber counts,
/// selector evaluations.
///
/// Events arrive on the thread processing the store's actions, one at a time and in order (the
/// only exceptions are effect events, which arrive from the effect's task). With no observer
/// registered, the store pays one check per action.
///
/// ```swift
/// final class ActionLog: StoreObserver {
///   func receive(_ event: StoreEvent) {
///     if case .action(let record) = event { print(record.sequence, record.action) }
///   }
/// }
/// store.addObserver(ActionLog())
/// ```
public protocol StoreObserver: AnyObject, Sendable {
  /// Handles one event.
  ///
  /// - Parameter event: What happened.
  func receive(_ event: StoreEvent)

  /// Whether this observer wants ``StoreEvent/action(_:)`` events. Each one costs the store
  /// two clock reads and boxing the action and both states. Yes unless implemented.
  ///
  /// The store reads it when the observer is added and after
  /// ``Store/observerInterestsChanged()``, not for every action.
  var wantsActions: Bool { get }

  /// Asked before each action of a store whose observers want actions: whether to tell this
  /// observer about the next one. When no observer accepts it, the store skips the clock
  /// reads and the boxing too. Yes unless implemented; an observer that cannot take more for a
  /// while (the inspector's live stream, full) says no, and accounts for what it missed.
  ///
  /// ```swift
  /// func acceptsNextAction() -> Bool { queue.hasRoom }
  /// ```
  func acceptsNextAction() -> Bool
}

extension StoreObserver {
  /// Yes: every action is reported.
  public var wantsActions: Bool { true }

  /// Yes: every action is reported.
  public func acceptsNextAction() -> Bool { true }
}
