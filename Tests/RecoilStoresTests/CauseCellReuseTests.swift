import Dispatch
import Synchronization
import Testing

@testable import RecoilConcurrency
@testable import RecoilStores

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recording store keeps the cause cell of the thread that processed its last action. Cells
/// outlive their threads and pass to later ones, so the kept cell must be checked against the
/// processing thread before each use.
@Suite struct CauseCellReuseTests {
  /// Runs `body` on a new thread and returns once that thread has ended, its thread-specific
  /// destructors (the cause cell's retirement among them) run.
  private func onEndedThread(_ body: @escaping @Sendable () -> Void) {
    join(start(body))
  }

  #if canImport(Darwin)
    private typealias ThreadHandle = pthread_t?
  #else
    private typealias ThreadHandle = pthread_t
  #endif

  private func start(_ body: @escaping @Sendable () -> Void) -> ThreadHandle {
    final class Work {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(
      &thread, nil,
      { context in
        #if canImport(Darwin)
          Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        #else
          context.map { Unmanaged<Work>.fromOpaque($0).takeRetainedValue().body() }
        #endif
        return nil
      }, work)
    precondition(status == 0)
    return thread
  }

  private func join(_ thread: ThreadHandle) {
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
  }

  @Test func aCellIsRetiredWithItsThreadAndClaimedAfreshByAnother() {
    let first = Mutex<(address: UInt, thread: UInt)>((0, 0))
    onEndedThread {
      let cell = CausalClock.shared.threadCell()
      cell.cause = 99  // left bound as the thread ends
      first.withLock { $0 = (UInt(bitPattern: cell.base), CurrentThread.id) }
    }
    let (address, thread) = first.withLock { $0 }
    let cell = ThreadCauseCell(UnsafeMutableRawPointer(bitPattern: address)!)
    #expect(!cell.belongs(toThread: thread))
    let second = Mutex<(owned: Bool, cause: UInt64)>((false, 1))
    onEndedThread {
      let mine = CausalClock.shared.threadCell()
      second.withLock { $0 = (mine.belongs(toThread: CurrentThread.id), mine.cause) }
    }
    #expect(second.withLock { $0.owned })
    #expect(second.withLock { $0.cause } == 0)
  }

  @Test func aStoreNeverBindsANotificationInAnotherThreadsCell() {
    let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
    store.startRecordingActions()
    let seen = Mutex<[UInt64]>([])
    let subscription = store.subscribe { _ in
      let cause = CausalClock.shared.threadCause
      seen.withLock { $0.append(cause) }
    }
    // The first action's thread ends; its cell, kept by the store, is retired.
    onEndedThread { store.dispatch(.note("one")) }
    // Another thread claims that cell and holds it while a third thread dispatches: a store
    // that used its kept cell unchecked would bind the third thread's notification in it.
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holder = start {
      _ = CausalClock.shared.threadCell()
      holding.signal()
      release.wait()
    }
    holding.wait()
    onEndedThread { store.dispatch(.note("two")) }
    release.signal()
    join(holder)
    let notifications = store.recordedActions().records.map(\.notification)
    #expect(notifications.count == 2 && !notifications.contains(0))
    // The first call delivers the state at subscription, caused by no action.
    #expect(seen.withLock { Array($0.dropFirst()) } == notifications)
    withExtendedLifetime(subscription) {}
  }
}
