import Dispatch

/// Lets go of a large value on another thread. Freeing the records a snapshot is made from
/// (thousands of them, each holding strings and boxed states) takes about a millisecond
/// that the thread making the snapshot need not wait for.
///
/// The value must not be used after it is handed over: it is freed on another thread, at a
/// time of that thread's choosing.
///
/// ```swift
/// let records = store.recordedActions().records
/// let count = records.count
/// BackgroundRelease.drop(records)  // freed on another thread
/// ```
package enum BackgroundRelease {
  /// Hands `value` to another thread, which releases it. Something else may still hold what
  /// it refers to: then that is not freed, as with any release.
  ///
  /// - Parameter value: The value, moved in: the caller keeps no reference.
  package static func drop<Value: Sendable>(_ value: consuming Value) {
    // Moved into a parcel that the other thread empties, so that the last reference is
    // that thread's whatever runs first.
    let parcel = Parcel(consume value)
    DispatchQueue.global(qos: .utility).async { parcel.empty() }
  }

  /// One value, moved in on one thread and released on another.
  private final class Parcel<Contents: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: filled before it is shared, and emptied once, by the thread it is
    // handed to.
    private var contents: Contents?

    init(_ contents: consuming Contents) { self.contents = contents }

    func empty() { contents = nil }
  }
}
