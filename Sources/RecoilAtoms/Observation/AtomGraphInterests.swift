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
    announcements.value.add(1, ordering: .releasing)
  }

  /// How many changes have been announced, which a container compares with the count it last
  /// read interests at. Made once; each container keeps the reference, so reading it takes no
  /// check that a global is initialized.
  static let announcements = AnnouncementCount()
}

/// The count of announced interest changes: an atomic in an object of its own, so that every
/// container can keep a reference to the one count.
final class AnnouncementCount: Sendable {
  let value = Atomic<UInt64>(0)
}
