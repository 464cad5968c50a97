import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state behind ``CausalOrder`` and ``CauseContext`` in one object: the process-wide
/// counter, the thread-specific slot of the bound cause, and how many tasks bind one. A
/// recording store keeps a reference to it beside its recorder, so that its per-action work
/// reaches these through a field it already has in cache instead of a lazily initialized
/// global each time.
///
/// ```swift
/// let clock = CausalClock.shared
/// let order = clock.next(count: 2)
/// let outer = clock.threadCause
/// clock.setThreadCause(order + 1)
/// notifySubscribers()
/// clock.setThreadCause(outer)
/// ```
public final class CausalClock: Sendable {
  /// The one clock of the process.
  public static let shared = CausalClock()

  private let counter = Atomic<UInt64>(0)
  private let key: pthread_key_t
  /// How many tasks run with a bound cause: while none does, reading the cause skips the
  /// task-local lookup, which costs several times the thread's.
  let taskBindings = Atomic<Int>(0)

  private init() {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    self.key = key
  }

  /// Takes `count` consecutive numbers, greater than every number given before on any thread,
  /// and returns the first.
  ///
  /// ```swift
  /// let order = CausalClock.shared.next()
  /// ```
  ///
  /// - Parameter count: How many numbers to take.
  /// - Returns: The first of them, from 1.
  public func next(count: UInt64 = 1) -> UInt64 {
    counter.add(count, ordering: .relaxed).newValue - count + 1
  }

  /// The cause bound on the calling thread; 0 when none is.
  ///
  /// ```swift
  /// let outer = CausalClock.shared.threadCause
  /// ```
  public var threadCause: UInt64 {
    UInt64(UInt(bitPattern: pthread_getspecific(key)))
  }

  /// Binds `cause` on the calling thread (0 unbinds).
  ///
  /// ```swift
  /// CausalClock.shared.setThreadCause(0)
  /// ```
  ///
  /// - Parameter cause: A number from ``next(count:)``, or 0.
  public func setThreadCause(_ cause: UInt64) {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(cause)))
  }

  /// Whether some task binds a cause now (see ``CauseContext/withTaskCause(_:_:)``).
  var hasTaskBindings: Bool { taskBindings.load(ordering: .relaxed) != 0 }
}
