import Synchronization

/// Announcements that observers' interests changed, for observers that make them (see
/// ``AtomGraphObserver/announcesInterestChanges``).
///
/// A container whose observers all announce their changes reads their interests when they are
/// registered and after each announcement, instead of at the start of every operation: that
/// read costs as much as a third of what observing adds to an operation.
///
/// ```swift
/// final class StreamingObserver: AtomGraphObserver {
///   let streaming = Atomic<Bool>(false)
///   var announcesInterestChanges: Bool { true }
///   var interests: AtomGraphEventKinds { streaming.load(ordering: .relaxed) ? .all : [] }
///   func start() {
///     streaming.store(true, ordering: .relaxed)
///     AtomGraphInterests.changed()  // every container reads its observers' interests again
///   }
///   func receive(_ event: AtomGraphEvent) {}
/// }
/// ```
public enum AtomGraphInterests {
  /// Tells every container that an observer's interests changed: each reads its observers'
  /// interests again before its next operation. Call it after the change.
  public static func changed() {
    announcements.pointee.add(1, ordering: .releasing)
  }

  /// How many changes have been announced, which a container compares with the count it last
  /// read interests at. At a fixed address, made once, which each container keeps: reading it
  /// then takes no check that a global is initialized.
  // nonisolated(unsafe): the pointer never changes, and what it points to is an atomic.
  nonisolated(unsafe) static let announcements: UnsafeMutablePointer<Atomic<UInt64>> = {
    let counter = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: 1)
    counter.initialize(to: Atomic(0))
    return counter
  }()
}
