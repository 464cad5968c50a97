/// Receives what an ``AtomContainer`` does: registrations, evaluations with timings, edges,
/// value changes, errors, loading and subscriber counts.
///
/// Events are delivered after the container's lock is released, in the order they happened,
/// one at a time. With no observer registered, the container pays one check.
///
/// ```swift
/// final class EvaluationCounter: AtomGraphObserver, @unchecked Sendable {
///   var count = 0  // only touched from receive(_:), which is never called concurrently
///   func receive(_ event: AtomGraphEvent) {
///     if case .evaluationFinished = event { count += 1 }
///   }
/// }
/// let token = container.addObserver(EvaluationCounter())
/// ```
public protocol AtomGraphObserver: AnyObject, Sendable {
  /// Handles one event. Never called concurrently for the same container.
  ///
  /// - Parameter event: What happened.
  func receive(_ event: AtomGraphEvent)

  /// The costly kinds of events this observer wants (see ``AtomGraphEventKinds``); read at
  /// the start of every container operation, so it may vary between operations (unless the
  /// observer announces its changes instead: see ``announcesInterestChanges``). All of them
  /// unless implemented.
  var interests: AtomGraphEventKinds { get }

  /// Whether this observer calls ``AtomGraphInterests/changed()`` each time its ``interests``
  /// change. A container whose observers all do reads their interests only when they are
  /// registered and after each such call, not at the start of every operation. `false` unless
  /// implemented.
  var announcesInterestChanges: Bool { get }
}

extension AtomGraphObserver {
  /// Every kind of event.
  public var interests: AtomGraphEventKinds { .all }

  /// Interests are read at the start of every operation.
  public var announcesInterestChanges: Bool { false }
}
