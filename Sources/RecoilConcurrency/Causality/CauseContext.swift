import Synchronization

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
@usableFromInline package enum CauseContext {
  @TaskLocal private static var taskCause: UInt64 = 0

  /// The bound cause: the thread's if any, else the task's; 0 when none is bound.
  ///
  /// ```swift
  /// let cause = CauseContext.current
  /// ```
  package static var current: UInt64 {
    current(onThread: CausalClock.shared.threadCause, clock: .shared)
  }

  /// The bound cause, given the thread's (already read from `clock`).
  ///
  /// ```swift
  /// let cause = CauseContext.current(onThread: clock.threadCause, clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - onThread: The cause bound on the calling thread.
  ///   - clock: The clock, for whether any task binds a cause.
  /// - Returns: `onThread` if not 0, else the task's.
  @inlinable package static func current(onThread: UInt64, clock: CausalClock) -> UInt64 {
    if onThread != 0 || !clock.hasTaskBindings { return onThread }
    return currentTaskCause
  }

  /// The cause bound on the current task.
  @usableFromInline static var currentTaskCause: UInt64 { taskCause }

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
  package static func withCause<Result>(_ cause: UInt64, _ body: () throws -> Result) rethrows -> Result {
    let cell = CausalClock.shared.threadCell()
    let outer = cell.cause
    cell.cause = cause
    defer { cell.cause = outer }
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
  package static func withTaskCause<Result: Sendable>(
    _ cause: UInt64, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let clock = CausalClock.shared
    clock.bindings.pointee.add(1, ordering: .relaxed)
    defer { clock.bindings.pointee.subtract(1, ordering: .relaxed) }
    return try await $taskCause.withValue(cause) { try await body() }
  }
}
