import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state behind ``CausalOrder`` and ``CauseContext``: the process-wide counter, the
/// thread-specific cell of the bound cause, and how many tasks bind one. It is plain data (two
/// addresses and a key), made once for the process: a recording store or container keeps a
/// copy beside its recorder, so that its per-operation work reaches these without a lazily
/// initialized global or any reference counting.
///
/// ```swift
/// let clock = CausalClock.shared
/// let order = clock.next(count: 2)
/// let cell = clock.threadCell()
/// let outer = cell.cause
/// cell.cause = order + 1
/// notifySubscribers()
/// cell.cause = outer
/// ```
public struct CausalClock: @unchecked Sendable, BitwiseCopyable {
  // Sendable: the addresses are of atomics made once and never freed; the key is a number.
  @usableFromInline let counter: UnsafeMutablePointer<Atomic<UInt64>>
  @usableFromInline let bindings: UnsafeMutablePointer<Atomic<Int>>
  @usableFromInline let key: pthread_key_t

  /// The one clock of the process.
  public static let shared: CausalClock = {
    var key = pthread_key_t()
    // Each thread's cell is freed with the thread.
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { $0.deallocate() }
    #else
      let status = pthread_key_create(&key) { $0?.deallocate() }
    #endif
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
    // Wrapping, so that it compiles to one atomic add rather than a compare-and-swap loop; a
    // 64-bit count of operations does not wrap.
    counter.pointee.wrappingAdd(count, ordering: .relaxed).oldValue &+ 1
  }

  /// The cause bound on the calling thread; 0 when none is.
  ///
  /// ```swift
  /// let outer = CausalClock.shared.threadCause
  /// ```
  @inlinable public var threadCause: UInt64 {
    pthread_getspecific(key)?.load(as: UInt64.self) ?? 0
  }

  /// The calling thread's cell of the bound cause, made on first use: one thread-specific
  /// lookup, after which binding and restoring are plain writes.
  ///
  /// ```swift
  /// let cell = CausalClock.shared.threadCell()
  /// let outer = cell.cause
  /// ```
  ///
  /// - Returns: The cell; use it on this thread only.
  @inlinable public func threadCell() -> ThreadCauseCell {
    if let cell = pthread_getspecific(key) { return ThreadCauseCell(cell.assumingMemoryBound(to: UInt64.self)) }
    return makeThreadCell()
  }

  @usableFromInline func makeThreadCell() -> ThreadCauseCell {
    let cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    cell.initialize(to: 0)
    pthread_setspecific(key, cell)
    return ThreadCauseCell(cell)
  }

  /// Whether some task binds a cause now (see ``CauseContext/withTaskCause(_:_:)``).
  @inlinable var hasTaskBindings: Bool { bindings.pointee.load(ordering: .relaxed) != 0 }
}

/// One thread's cell of the bound cause (see ``CausalClock/threadCell()``): plain memory that
/// only its thread reads and writes.
///
/// ```swift
/// let cell = CausalClock.shared.threadCell()
/// let outer = cell.cause
/// cell.cause = order
/// defer { cell.cause = outer }
/// ```
public struct ThreadCauseCell {
  @usableFromInline let pointer: UnsafeMutablePointer<UInt64>

  @inlinable init(_ pointer: UnsafeMutablePointer<UInt64>) { self.pointer = pointer }

  /// The cause bound on the cell's thread; 0 when none is.
  @inlinable public var cause: UInt64 {
    get { pointer.pointee }
    nonmutating set { pointer.pointee = newValue }
  }
}
