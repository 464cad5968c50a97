import Dispatch

/// A node's storage with its typed value.
@usableFromInline final class ValueSlot<Value: Sendable>: NodeSlot {
  enum Compute {
    case atom(@Sendable () -> Value)
    case asyncAtom(@Sendable () async throws -> Value)
    case selector(@Sendable (Getter) throws -> Value)
    case writableSelector(@Sendable (Getter) throws -> Value, @Sendable (Setter, Value) throws -> Void)
    /// An async selector; with a setter, a writable one.
    case asyncSelector(@Sendable (AsyncGetter) async throws -> Value, set: (@Sendable (Setter, Value) throws -> Void)?)
    /// A test stub: the node always has this outcome.
    case stub(Result<Value, any Error>)
  }

  enum State {
    case empty
    case value(Value)
    case failure(any Error)
    case loading(previous: Value?)
  }

  // The state is kept in fields whose layout needs no generic metadata at run time (the value
  // in a buffer allocated once), so the evaluation path does no metadata lookups.
  @usableFromInline let storage: UnsafeMutablePointer<Value>
  // Each change of these three updates the readable flag beside the value (see ValueArena).
  @usableFromInline @exclusivity(unchecked) var storesValue = false {
    didSet { updateReadable() }
  }
  @usableFromInline @exclusivity(unchecked) var failure: (any Error)? {
    didSet { updateReadable() }
  }
  @usableFromInline @exclusivity(unchecked) var isLoading = false {
    didSet { updateReadable() }
  }
  /// Whether a test replaced the node's value with a stub.
  @usableFromInline @exclusivity(unchecked) var isStubbed = false

  @usableFromInline func updateReadable() {
    ValueArena.setReadable(storesValue && !isLoading && failure == nil, at: UnsafeMutableRawPointer(storage))
  }

  override var valueAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(storage) }
  /// The getter of a plain or writable selector: the hot path of evaluation. A `let`, so that
  /// calling it needs no retain of its context; a stub overrides it through `isStubbed`.
  @usableFromInline let syncGetter: (@Sendable (Getter) throws -> Value)?
  @usableFromInline let isSame: (@Sendable (Value, Value) -> Bool)?
  // Fields not used on every evaluation come last.
  /// Where `storage` comes from, and goes back to.
  let arena: ValueArena
  @exclusivity(unchecked) var compute: Compute

  init(
    node: Node<Value>, index: Int32, arena: ValueArena, compute: Compute, isSame: (@Sendable (Value, Value) -> Bool)?,
    state: State, evaluator: Evaluator? = nil
  ) {
    self.arena = arena
    self.storage = arena.allocate(Value.self)
    self.compute = compute
    self.isSame = isSame
    self.syncGetter = Self.getter(of: compute)
    let mark: NodeSlot.Mark
    switch compute {
    case .atom, .asyncAtom, .stub: mark = .clean
    case .selector, .writableSelector, .asyncSelector: mark = .dirty
    }
    super.init(node: node, index: index, mark: mark, evaluator: evaluator)
    self.state = state
  }

  deinit {
    if storesValue { storage.deinitialize(count: 1) }
    arena.deallocate(storage)
  }

  static func getter(of compute: Compute) -> (@Sendable (Getter) throws -> Value)? {
    switch compute {
    case .selector(let get), .writableSelector(let get, _): get
    default: nil
    }
  }

  /// Records a write to a stubbed node as its new stub.
  @usableFromInline func restub(_ value: Value) {
    replaceCompute(.stub(.success(value)))
  }

  /// Replaces how the node computes its value (a stub, in tests).
  func replaceCompute(_ compute: Compute) {
    self.compute = compute
    if case .stub = compute { isStubbed = true } else { isStubbed = false }
  }

  var state: State {
    get {
      if isLoading { return .loading(previous: storesValue ? storage.pointee : nil) }
      if let failure { return .failure(failure) }
      return storesValue ? .value(storage.pointee) : .empty
    }
    set {
      switch newValue {
      case .empty:
        clearValue()
        failure = nil
        isLoading = false
      case .value(let value):
        setValue(value)
        failure = nil
        isLoading = false
      case .failure(let error):
        failure = error
        isLoading = false
      case .loading(let previous):
        if let previous { setValue(previous) } else { clearValue() }
        failure = nil
        isLoading = true
      }
    }
  }

  @inlinable func setValue(_ value: Value) {
    if storesValue {
      storage.pointee = value
    } else {
      storage.initialize(to: value)
      storesValue = true
    }
  }

  private func clearValue() {
    if storesValue {
      storage.deinitialize(count: 1)
      storesValue = false
    }
  }

  override var valueTypeName: String { String(describing: Value.self) }

  override func snapshotEntry(of node: AnyObject) -> AtomSnapshot.Entry? {
    guard let atom = node as? WritableNode<Value>, hasValue else { return nil }
    return AtomSnapshot.entry(for: atom, value: storage.pointee, isSame: isSame)
  }

  override var isWritable: Bool {
    switch compute {
    case .atom, .asyncAtom, .writableSelector: true
    case .asyncSelector(_, let set): set != nil
    case .stub, .selector: false
    }
  }

  override var hasValue: Bool { storesValue && !isLoading && failure == nil }

  override var comparesValues: Bool { isSame != nil }

  @inlinable func currentValue() throws -> Value {
    if _fastPath(storesValue && !isLoading && failure == nil) { return storage.pointee }
    if let failure { throw failure }
    throw AtomError.loading(key.description)
  }

  var loadable: Loadable<Value> {
    switch state {
    case .value(let value): .value(value)
    case .failure(let error): .error(error)
    case .loading(let previous): .loading(previous: previous)
    case .empty: .loading(previous: nil)
    }
  }

  override var erasedLoadable: Loadable<any Sendable> {
    switch state {
    case .value(let value): .value(value)
    case .failure(let error): .error(error)
    case .loading(let previous): .loading(previous: previous.map { $0 as any Sendable })
    case .empty: .loading(previous: nil)
    }
  }

  @usableFromInline override func evaluate(_ core: GraphCore) throws(Interruption) -> Bool {
    if !isStubbed, let get = syncGetter {
      let changed: Bool
      do {
        let value = try get(Getter(core: core))
        if core.deferred >= 0 { throw Interruption() }
        changed = storeValue(value)
      } catch let interruption as Interruption {
        throw interruption
      } catch {
        // A getter may have caught the interruption; its result is void either way.
        if core.deferred >= 0 { throw Interruption() }
        changed = storeError(error)
      }
      return changed
    }
    return try evaluateWithoutGetter(core)
  }

  /// A selector's evaluation, compiled where it is referenced: a selector declared in an app
  /// passes this function with its concrete value type, so that its value is stored without
  /// generic value operations.
  @inlinable static func evaluateSelector(_ base: NodeSlot, _ core: GraphCore) throws(Interruption) -> Bool {
    let slot = unsafeDowncast(base, to: ValueSlot<Value>.self)
    // Called in place, without binding it to a local: a binding would retain its context.
    guard !slot.isStubbed, slot.syncGetter != nil else { return try slot.evaluate(core) }
    let value: Value
    do {
      value = try slot.syncGetter.unsafelyUnwrapped(Getter(core: core))
    } catch let interruption as Interruption {
      throw interruption
    } catch {
      // A getter may have caught the interruption; its result is void either way.
      if core.deferred >= 0 { throw Interruption() }
      return slot.storeError(error)
    }
    if core.deferred >= 0 { throw Interruption() }
    return slot.storeValue(value)
  }

  /// Stubs and async selectors. Kept out of `evaluate` so that its fast path does not pay for
  /// the metadata of `Compute`, whose layout depends on `Value`.
  @inline(never) private func evaluateWithoutGetter(_ core: GraphCore) throws(Interruption) -> Bool {
    switch compute {
    case .selector(let get), .writableSelector(let get, _):
      // Not reached: a selector's compute is only replaced by a stub. Kept total for clarity.
      return store(Result { try get(Getter(core: core)) })
    case .stub(let outcome):
      return store(outcome)
    case .asyncSelector(let get, _):
      let key = self.key
      return startAsync(core) { container, generation in
        try await get(AsyncGetter(container: container, reader: key, generation: generation))
      }
    case .atom, .asyncAtom:
      return false
    }
  }

  /// Stores a value; returns whether it differs from the previous state.
  @inlinable func storeValue(_ new: Value) -> Bool {
    if storesValue && !isLoading && failure == nil && isSame != nil && isSame.unsafelyUnwrapped(storage.pointee, new) {
      return false
    }
    setValue(new)
    failure = nil
    isLoading = false
    version &+= 1
    return true
  }

  /// Stores an error; reading a node that is still loading makes this one loading too.
  @usableFromInline func storeError(_ error: any Error) -> Bool {
    if case AtomError.loading = error {
      if isLoading { return false }
      isLoading = true
      failure = nil
    } else {
      failure = error
      isLoading = false
    }
    version &+= 1
    return true
  }

  /// Stores a synchronous outcome; returns whether it differs from the previous state.
  func store(_ outcome: Result<Value, any Error>) -> Bool {
    switch outcome {
    case .success(let value): storeValue(value)
    case .failure(let error): storeError(error)
    }
  }

  /// Writes an atom's value; returns whether it changed.
  @inlinable func write(_ value: Value) -> Bool {
    if isAsync {
      generation &+= 1  // an in-flight async load loses
      if let task {
        task.cancel()
        self.task = nil
      }
    }
    return storeValue(value)
  }

  override func resetToDefault(_ core: GraphCore) -> Bool {
    switch compute {
    case .atom(let makeDefault):
      return write(makeDefault())
    case .asyncAtom:
      return reload(core)
    case .writableSelector, .asyncSelector(_, set: .some):
      // A writable selector has no default of its own: it resets what its setter wrote.
      for written in lastWrites where written != index { core.reset(written) }
      return false
    default:
      return false
    }
  }

  override func reload(_ core: GraphCore) -> Bool {
    guard case .asyncAtom(let load) = compute else { return false }
    return startAsync(core) { _, _ in try await load() }
  }

  /// Starts an asynchronous evaluation, cancelling the one in flight. The state becomes
  /// loading, keeping the previous value. Returns true: the state changed.
  func startAsync(
    _ core: GraphCore, _ work: @escaping @Sendable (AtomContainer, UInt64) async throws -> Value
  ) -> Bool {
    generation &+= 1
    let generation = self.generation
    task?.cancel()
    // Async selectors record dependencies as they read them during this generation.
    core.detachDependencies(of: index)
    if failure != nil { clearValue() }
    failure = nil
    isLoading = true
    version &+= 1
    core.recordLoadingStarted(index)
    guard let container = core.container else { return true }
    let reference = LockedReference(self)
    task = Task { [weak container] in
      guard let container else { return }
      let outcome: Result<Value, any Error>
      do {
        outcome = .success(try await work(container, generation))
      } catch {
        outcome = .failure(error)
      }
      container.completeAsync(slot: reference, generation: generation, outcome: outcome)
    }
    return true
  }

  /// Finishes an asynchronous evaluation if it is still the current one.
  func complete(generation: UInt64, outcome: Result<Value, any Error>) -> Bool {
    guard generation == self.generation else { return false }
    task = nil
    if case .failure(let error) = outcome, error is CancellationError { return false }
    // Loading -> result always counts as a change.
    isLoading = false
    failure = nil
    clearValue()
    _ = store(outcome)
    return true
  }
}

/// Carries a slot into a task. The slot is only dereferenced by the container, under its lock.
struct LockedReference<Value: Sendable>: @unchecked Sendable {
  let slot: ValueSlot<Value>
  init(_ slot: ValueSlot<Value>) { self.slot = slot }
}
