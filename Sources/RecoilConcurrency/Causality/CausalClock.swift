import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state behind ``CausalOrder`` and ``CauseContext``: the process-wide counter, the
/// thread-specific slot of the bound cause, and how many tasks bind one. It is plain data (two
/// addresses and a key), made once for the process: a recording store or container keeps a
/// copy beside its recorder, so that its per-operation work reaches these without a lazily
/// initialized global or any reference counting.
///
/// ```swift
/// let clock = CausalClock.shared
/// let order = clock.next(count: 2)
/// let outer = clock.threadCause
/// clock.setThreadCause(order + 1)
/// notifySubscribers()
/// clock.setThreadCause(outer)
/// ```
public struct CausalClock: @unchecked Sendable, BitwiseCopyable {
  // Sendable: the addresses are of atomics made once and never freed; the key is a number.
  @usableFromInline let counter: UnsafeMutablePointer<Atomic<UInt64>>
  @usableFromInline let bindings: UnsafeMutablePointer<Atomic<Int>>
  @usableFromInline let key: pthread_key_t

  /// The one clock of the process.
  public static let shared: CausalClock = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    let counter = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: 1)
    counter.initialize(to: Atomic(0))
    let bindings = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
    bindings.initialize(to: Atomic(0))
    return CausalClock(counter: counter, bindings: bindings, key: key)
  }()

  private init(
    counter: UnsafeMutablePointer<Atomic<UInt64>>, bindings: UnsafeMutablePointer<Atomic<Int>>, key: pthread_key_t
  ) {
    self.counter = counter
    self.bindings = bindings
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
  @inlinable public func next(count: UInt64 = 1) -> UInt64 {
    counter.pointee.add(count, ordering: .relaxed).newValue - count + 1
  }

  /// The cause bound on the calling thread; 0 when none is.
  ///
  /// ```swift
  /// let outer = CausalClock.shared.threadCause
  /// ```
  @inlinable public var threadCause: UInt64 {
    UInt64(UInt(bitPattern: pthread_getspecific(key)))
  }

  /// Binds `cause` on the calling thread (0 unbinds).
  ///
  /// ```swift
  /// CausalClock.shared.setThreadCause(0)
  /// ```
  ///
  /// - Parameter cause: A number from ``next(count:)``, or 0.
  @inlinable public func setThreadCause(_ cause: UInt64) {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(cause)))
  }

  /// Whether some task binds a cause now (see ``CauseContext/withTaskCause(_:_:)``).
  @inlinable var hasTaskBindings: Bool { bindings.pointee.load(ordering: .relaxed) != 0 }
}
