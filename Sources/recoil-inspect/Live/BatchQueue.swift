import Dispatch
import RecoilConcurrency

/// A bounded queue of batches from one producing thread to one consuming thread: the producer
/// waits while `capacity` batches are waiting, the consumer while none is.
///
/// ```swift
/// let queue = BatchQueue<Int>(capacity: 2)
/// Thread { queue.send([1, 2]); queue.finish() }.start()
/// while let batch = queue.next() { print(batch) }   // [1, 2]
/// ```
final class BatchQueue<Element: Sendable>: Sendable {
  private let waiting = LockedValue<(batches: [[Element]], head: Int, finished: Bool)>(([], 0, false))
  /// Counts the places free for a batch.
  private let free: DispatchSemaphore
  /// Counts the batches sent, and the end.
  private let sent = DispatchSemaphore(value: 0)

  init(capacity: Int) {
    free = DispatchSemaphore(value: max(capacity, 1))
  }

  /// Sends a batch, waiting while the queue is full.
  func send(_ batch: [Element]) {
    free.wait()
    waiting.withLock { $0.batches.append(batch) }
    sent.signal()
  }

  /// Ends the queue: once the batches sent are taken, ``next()`` returns nil.
  func finish() {
    waiting.withLock { $0.finished = true }
    sent.signal()
  }

  /// The oldest batch, waiting for one; nil once the queue is finished and empty.
  func next() -> [Element]? {
    sent.wait()
    let batch = waiting.withLock { state -> [Element]? in
      guard state.head < state.batches.count else { return nil }
      defer {
        state.head += 1
        if state.head == state.batches.count {
          state.batches.removeAll(keepingCapacity: true)
          state.head = 0
        }
      }
      return state.batches[state.head]
    }
    if batch != nil { free.signal() }
    return batch
  }
}
