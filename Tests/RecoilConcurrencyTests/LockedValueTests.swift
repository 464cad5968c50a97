import Dispatch
import Foundation
import Testing

@testable import RecoilConcurrency

@Suite struct LockedValueTests {
  @Test func concurrentUpdatesAreExact() {
    let counter = LockedValue(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  @Test func withLockReturnsAndRethrows() throws {
    struct Failure: Error {}
    let values = LockedValue([1, 2])
    #expect(values.withLock { $0.count } == 2)
    #expect(throws: Failure.self) { try values.withLock { _ in throw Failure() } }
    // The lock was released by the throw: it can be taken again.
    #expect(values.withLock { $0.first } == 1)
  }

  @Test func lockGuardsStateKeptElsewhere() {
    final class Tally: @unchecked Sendable {
      // Guarded by `lock` below.
      var value = 0
    }
    let lock = Lock()
    let tally = Tally()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<5_000 { lock.withLock { tally.value += 1 } }
    }
    #expect(lock.withLock { tally.value } == 20_000)
  }
}

@Suite struct DeliveryTests {
  @Test func immediateDeliveryRunsOnTheCallingThread() {
    let thread = CurrentThread.id
    let seen = LockedValue<UInt>(0)
    Delivery.immediate.wrap { (_: Int) in seen.withLock { $0 = CurrentThread.id } }(1)
    #expect(seen.withLock { $0 } == thread)
  }

  @Test func queueDeliveryRunsOnTheQueueInOrder() async {
    let queue = DispatchQueue(label: "delivery-test")
    let received = LockedValue<[Int]>([])
    let deliver = Delivery.queue(queue).wrap { (value: Int) in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(value) }
    }
    for value in 1...5 { deliver(value) }
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(received.withLock { $0 } == [1, 2, 3, 4, 5])
  }

  @Test func threadIdentifiersDifferBetweenThreads() async {
    let there = await Task.detached { CurrentThread.id }.value
    // Taken after the await, on the thread that then waits for the other one: both are
    // alive together, so their identifiers cannot be the same. (An identifier taken before
    // the await may belong to a pool thread that has exited since, whose identifier a new
    // thread can reuse.)
    let here = CurrentThread.id
    #expect(here != 0 && there != 0)
    let other = LockedValue<UInt>(0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      other.withLock { $0 = CurrentThread.id }
      done.signal()
    }
    done.wait()
    #expect(other.withLock { $0 } != here)
  }
}
