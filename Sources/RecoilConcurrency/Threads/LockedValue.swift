#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, used for all shared mutable state in this package.
///
/// Why not Synchronization's `Mutex`: on Linux it is built on futexes inside the runtime, which
/// ThreadSanitizer cannot see, so every access it guards is reported as a race and real races
/// drown in the noise. ThreadSanitizer intercepts pthread mutexes, so with this lock a clean
/// `swift test --sanitize=thread` means something. The cost is the same uncontended.
///
/// ```swift
/// let counts = LockedValue([String: Int]())
/// counts.withLock { $0["a", default: 0] += 1 }
/// ```
@usableFromInline package final class LockedValue<Value>: @unchecked Sendable {
  // Sendable: `value` is only reached through `withLock`, which holds `mutex`.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var value: Value

  /// Creates the lock around an initial value.
  ///
  /// - Parameter value: The guarded value.
  @usableFromInline package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value. Not re-entrant: calling it again from
  /// inside `body` on the same lock deadlocks.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// Mutual exclusion without a guarded value, for state kept elsewhere (documented at its
/// declaration). A pthread mutex, for the reason given at ``LockedValue``.
///
/// ```swift
/// let lock = Lock()
/// lock.withLock { counter += 1 }
/// ```
@usableFromInline package final class Lock: @unchecked Sendable {
  // Sendable: the mutex is created once and only used through pthread calls.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  @usableFromInline package init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` while holding the lock. Not re-entrant.
  ///
  /// - Parameter body: The critical section.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
