import Dispatch
import Foundation
import RecoilConcurrency
import Synchronization
import Testing

/// The thread's cell of the bound cause.
@Suite struct ThreadCauseCellTests {
  @Test func aCauseBoundOnOneThreadIsNotSeenOnAnother() {
    let clock = CausalClock.shared
    let cell = clock.threadCell()
    let outer = cell.cause
    cell.cause = 42
    #expect(clock.threadCause == 42)
    // A new thread has no cell yet: it reads 0, and what it binds stays its own.
    let seen = Mutex<(before: UInt64, after: UInt64)>((1, 1))
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let before = CausalClock.shared.threadCause
      CausalClock.shared.threadCell().cause = 7
      seen.withLock { $0 = (before, CausalClock.shared.threadCause) }
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(seen.withLock { $0.before } == 0)
    #expect(seen.withLock { $0.after } == 7)
    #expect(clock.threadCause == 42)
    cell.cause = outer
    #expect(clock.threadCause == outer)
  }

  @Test func withCauseBindsForItsBodyAndRestores() {
    let clock = CausalClock.shared
    let outer = clock.threadCause
    let inside = CauseContext.withCause(9) { clock.threadCause }
    #expect(inside == 9)
    #expect(clock.threadCause == outer)
  }
}
