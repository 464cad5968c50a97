import RecoilConcurrency
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
  /// Tallies of hooks that drop from one thread at a time (a store's processing), and how
  /// much of each was taken already; held weakly, so a detached store's goes with its hook.
  private struct Entry {
    weak var tally: DropTally?
    var taken: Int
  }
  private let tallies = LockedValue<[Entry]>([])

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

  /// Whether the queue is full: for a hook that counts its drops in its own ``DropTally``.
  var isFull: Bool { full.load(ordering: .relaxed) }

  /// A tally for a hook whose drops happen on one thread at a time, counted without a locked
  /// instruction and added to what the stream reports.
  func makeTally() -> DropTally {
    let tally = DropTally()
    tallies.withLock { $0.append(Entry(tally: tally, taken: 0)) }
    return tally
  }

  /// The entries dropped here since the last call.
  func takeDropped() -> Int {
    let fromTallies = tallies.withLock { tallies in
      var total = 0
      for index in tallies.indices {
        guard let value = tallies[index].tally?.value else { continue }
        total += value - tallies[index].taken
        tallies[index].taken = value
      }
      tallies.removeAll { $0.tally == nil }
      return total
    }
    return dropped.exchange(0, ordering: .relaxed) + fromTallies
  }

  /// The entries dropped here and not yet taken.
  var pendingDropped: Int {
    dropped.load(ordering: .relaxed)
      + tallies.withLock { $0.reduce(0) { $0 + ($1.tally?.value ?? $1.taken) - $1.taken } }
  }
}

/// A count written by one thread at a time (the hook of one store, on its processing thread)
/// and read by another: a plain load and store, no locked instruction.
///
/// ```swift
/// let tally = room.makeTally()
/// tally.add()
/// ```
final class DropTally: Sendable {
  private let count = Atomic<Int>(0)

  func add() { count.store(count.load(ordering: .relaxed) &+ 1, ordering: .relaxed) }

  var value: Int { count.load(ordering: .relaxed) }
}
