import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The operation whose consequences are running now, by its ``CausalOrder`` number: the
/// action whose subscribers are being called, the effect whose task is running. A store or a
/// container that records an operation reads it as that operation's cause, so an atom written
/// from a store subscriber names the action being delivered, and an action dispatched by an
/// effect names the effect; the two modules share it here without importing each other.
///
/// Synchronous work binds it on the thread (``withCause(_:_:)``, two thread-local writes);
/// asynchronous work binds it on the task (``withTaskCause(_:_:)``), so it crosses `await`s.
/// Only recordings bind or read it.
///
/// ```swift
/// CauseContext.withCause(actionOrder) {
///   for subscriber in subscribers { subscriber(state) }  // writes here name actionOrder
/// }
/// let cause = CauseContext.current  // 0 when nothing is bound
/// ```
public enum CauseContext {
  @TaskLocal private static var taskCause: UInt64 = 0
  /// How many tasks run with a bound cause: while none does, reading the cause skips the
  /// task-local lookup, which costs several times the thread's.
  private static let taskBindings = Atomic<Int>(0)

  /// The bound cause: the thread's if any, else the task's; 0 when none is bound.
  ///
  /// ```swift
  /// let cause = CauseContext.current
  /// ```
  public static var current: UInt64 {
    let onThread = ThreadCause.value
    if onThread != 0 || taskBindings.load(ordering: .relaxed) == 0 { return onThread }
    return taskCause
  }

  /// Runs `body` with `cause` bound on this thread, then restores what was bound.
  ///
  /// ```swift
  /// CauseContext.withCause(order) { notifySubscribers() }
  /// ```
  ///
  /// - Parameters:
  ///   - cause: A ``CausalOrder`` number, or 0 to bind none.
  ///   - body: The work it causes.
  /// - Returns: What `body` returns.
  @inlinable public static func withCause<Result>(_ cause: UInt64, _ body: () throws -> Result) rethrows -> Result {
    let slot = ThreadCause.slot
    let outer = slot.value
    slot.value = cause
    defer { slot.value = outer }
    return try body()
  }

  /// Runs `body` with `cause` bound on the current task (and the tasks it creates).
  ///
  /// ```swift
  /// Task { await CauseContext.withTaskCause(effectOrder) { try? await effect.run() } }
  /// ```
  ///
  /// - Parameters:
  ///   - cause: A ``CausalOrder`` number.
  ///   - body: The asynchronous work it causes.
  /// - Returns: What `body` returns.
  public static func withTaskCause<Result: Sendable>(
    _ cause: UInt64, _ body: () async throws -> Result
  ) async rethrows -> Result {
    taskBindings.add(1, ordering: .relaxed)
    defer { taskBindings.subtract(1, ordering: .relaxed) }
    return try await $taskCause.withValue(cause) { try await body() }
  }
}

/// The cause bound on the current thread, in a POSIX thread-specific slot: reading or writing
/// it is a call that touches no lock and allocates nothing, unlike a task-local outside a task.
@usableFromInline struct ThreadCause {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  private let key: pthread_key_t

  /// The slot, its key looked up once for several reads and writes.
  @usableFromInline static var slot: ThreadCause { ThreadCause(key: key) }

  @usableFromInline static var value: UInt64 { slot.value }

  @usableFromInline var value: UInt64 {
    get { UInt64(UInt(bitPattern: pthread_getspecific(key))) }
    nonmutating set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(newValue))) }
  }
}
