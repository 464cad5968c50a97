import Synchronization

/// Whether the live stream's queue has room, readable by the app's threads without a lock:
/// while it is full (a listener that stopped reading, or none), a hook drops its entry before
/// making anything for it, and counts it here; the stream's writer adds the count to what it
/// reports as dropped.
///
/// ```swift
/// guard room.accepts() else { return }  // counted as dropped
/// core.streamEntry { … }
/// ```
final class StreamRoom: Sendable {
  private let full = Atomic<Bool>(false)
  private let dropped = Atomic<Int>(0)

  /// Whether an entry would be queued; if not, it is counted as dropped.
  func accepts() -> Bool {
    guard full.load(ordering: .relaxed) else { return true }
    dropped.add(1, ordering: .relaxed)
    return false
  }

  /// Set by the stream as its queue fills and empties.
  func setFull(_ isFull: Bool) {
    if full.load(ordering: .relaxed) != isFull { full.store(isFull, ordering: .relaxed) }
  }

  /// The entries dropped here since the last call.
  func takeDropped() -> Int {
    dropped.exchange(0, ordering: .relaxed)
  }

  /// The entries dropped here and not yet taken.
  var pendingDropped: Int {
    dropped.load(ordering: .relaxed)
  }
}
