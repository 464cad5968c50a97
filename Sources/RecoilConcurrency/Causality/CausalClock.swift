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
@usableFromInline package struct CausalClock: @unchecked Sendable, BitwiseCopyable {
  // Sendable: the addresses are of atomics made once and never freed; the key is a number.
  @usableFromInline let counter: UnsafeMutablePointer<Atomic<UInt64>>
  @usableFromInline let bindings: UnsafeMutablePointer<Atomic<Int>>
  @usableFromInline let key: pthread_key_t

  /// The one clock of the process.
  package static let shared: CausalClock = {
    var key = pthread_key_t()
    // Each thread's cell is retired with the thread, to be reused by a later one.
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { ThreadCauseCell($0).retire() }
    #else
      let status = pthread_key_create(&key) { $0.map { ThreadCauseCell($0).retire() } }
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
  @inlinable package func next(count: UInt64 = 1) -> UInt64 {
    // Wrapping, so that it compiles to one atomic add rather than a compare-and-swap loop; a
    // 64-bit count of operations does not wrap.
    counter.pointee.wrappingAdd(count, ordering: .relaxed).oldValue &+ 1
  }

  /// The last number given, 0 before the first.
  ///
  /// ```swift
  /// let latest = CausalClock.shared.latest
  /// ```
  package var latest: UInt64 {
    counter.pointee.load(ordering: .relaxed)
  }

  /// The cause bound on the calling thread; 0 when none is.
  ///
  /// ```swift
  /// let outer = CausalClock.shared.threadCause
  /// ```
  @inlinable package var threadCause: UInt64 {
    pthread_getspecific(key).map { ThreadCauseCell($0).cause } ?? 0
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
  @inlinable package func threadCell() -> ThreadCauseCell {
    if let cell = pthread_getspecific(key) { return ThreadCauseCell(cell) }
    return makeThreadCell()
  }

  @usableFromInline func makeThreadCell() -> ThreadCauseCell {
    let cell = ThreadCauseCell.claim(forThread: CurrentThread.id)
    pthread_setspecific(key, cell.base)
    return cell
  }

  /// Whether some task binds a cause now (see ``CauseContext/withTaskCause(_:_:)``).
  @inlinable var hasTaskBindings: Bool { bindings.pointee.load(ordering: .relaxed) != 0 }
}

/// One thread's cell of the bound cause (see ``CausalClock/threadCell()``): plain memory that
/// only its thread writes, with the id of the thread that owns it.
///
/// A cell outlives its thread: when the thread ends, the cell is retired (owned by none) and
/// a later thread reuses it, so cells are never freed and a cell kept from an earlier
/// operation can be checked with `belongs(toThread:)` instead of looking it up again.
///
/// ```swift
/// let cell = CausalClock.shared.threadCell()
/// let outer = cell.cause
/// cell.cause = order
/// defer { cell.cause = outer }
/// ```
@usableFromInline package struct ThreadCauseCell {
  /// Two words: the owner's thread id (atomic: other threads read it), then the cause.
  @usableFromInline let base: UnsafeMutableRawPointer

  @inlinable init(_ base: UnsafeMutableRawPointer) { self.base = base }

  @inlinable var owner: UnsafeMutablePointer<Atomic<UInt>> { base.assumingMemoryBound(to: Atomic<UInt>.self) }

  /// The cause bound on the cell's thread; 0 when none is.
  @inlinable package var cause: UInt64 {
    get { base.load(fromByteOffset: 8, as: UInt64.self) }
    nonmutating set { base.storeBytes(of: newValue, toByteOffset: 8, as: UInt64.self) }
  }

  /// Whether this is still the cell of the thread whose `CurrentThread.id` is `thread`.
  ///
  /// ```swift
  /// if let kept, kept.belongs(toThread: CurrentThread.id) { kept.cause = order }
  /// ```
  @inlinable package func belongs(toThread thread: UInt) -> Bool {
    owner.pointee.load(ordering: .relaxed) == thread
  }

  /// A retired cell, or a new one, owned by `thread` and binding no cause.
  static func claim(forThread thread: UInt) -> ThreadCauseCell {
    let cell =
      retired.withLock { $0.popLast() }.map { ThreadCauseCell($0.base) }
      ?? {
        let base = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        base.bindMemory(to: Atomic<UInt>.self, capacity: 1).initialize(to: Atomic(0))
        return ThreadCauseCell(base)
      }()
    cell.cause = 0
    cell.owner.pointee.store(thread, ordering: .relaxed)
    return cell
  }

  /// Gives up the cell as its thread ends.
  func retire() {
    owner.pointee.store(0, ordering: .relaxed)
    cause = 0
    Self.retired.withLock { $0.append(RetiredCell(base: base)) }
  }

  private struct RetiredCell: @unchecked Sendable {
    // Sendable: a retired cell is touched by nobody until claimed again under the lock.
    let base: UnsafeMutableRawPointer
  }

  private static let retired = LockedValue<[RetiredCell]>([])
}
