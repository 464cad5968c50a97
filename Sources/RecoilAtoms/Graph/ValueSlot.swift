import Dispatch

/// A node's storage with its typed value.
final class ValueSlot<Value: Sendable>: NodeSlot {
  enum Compute {
    case atom(@Sendable () -> Value)
    case asyncAtom(@Sendable () async throws -> Value)
    case selector(@Sendable (Getter) throws -> Value)
    case writableSelector(@Sendable (Getter) throws -> Value, @Sendable (Setter, Value) throws -> Void)
    case asyncSelector(@Sendable (AsyncGetter) async throws -> Value)
    /// A test stub: the node always has this outcome.
    case stub(Result<Value, any Error>)
  }

  enum State {
    case empty
    case value(Value)
    case failure(any Error)
    case loading(previous: Value?)
  }

  var compute: Compute
  var state: State
  let isSame: (@Sendable (Value, Value) -> Bool)?

  init(node: Node<Value>, index: Int32, compute: Compute, isSame: (@Sendable (Value, Value) -> Bool)?, state: State) {
    self.compute = compute
    self.state = state
    self.isSame = isSame
    let mark: NodeSlot.Mark
    switch compute {
    case .atom, .asyncAtom, .stub: mark = .clean
    case .selector, .writableSelector, .asyncSelector: mark = .dirty
    }
    super.init(node: node, index: index, mark: mark)
  }

  override var valueTypeName: String { String(describing: Value.self) }

  override var isWritable: Bool {
    switch compute {
    case .atom, .asyncAtom, .writableSelector: true
    case .stub, .selector, .asyncSelector: false
    }
  }

  override var hasValue: Bool {
    if case .value = state { return true }
    return false
  }

  @inline(__always) func currentValue() throws -> Value {
    switch state {
    case .value(let value): return value
    case .failure(let error): throw error
    case .loading, .empty: throw AtomError.loading(key.description)
    }
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

  var previousValue: Value? {
    switch state {
    case .value(let value): value
    case .loading(let previous): previous
    case .failure, .empty: nil
    }
  }

  override func evaluate(_ core: GraphCore) throws(Interruption) -> Bool {
    switch compute {
    case .selector(let get), .writableSelector(let get, _):
      let outcome: Result<Value, any Error>
      do {
        outcome = .success(try get(Getter(core: core, reader: index)))
      } catch {
        outcome = .failure(error)
      }
      // A getter may have caught the interruption; its result is void either way.
      if core.deferred >= 0 { throw Interruption() }
      return store(outcome)
    case .stub(let outcome):
      return store(outcome)
    case .asyncSelector(let get):
      let key = self.key
      return startAsync(core) { container, generation in
        try await get(AsyncGetter(container: container, reader: key, generation: generation))
      }
    case .atom, .asyncAtom:
      return false
    }
  }

  /// Stores a synchronous outcome; returns whether it differs from the previous state.
  func store(_ outcome: Result<Value, any Error>) -> Bool {
    switch (state, outcome) {
    case (.value(let old), .success(let new)):
      if let isSame, isSame(old, new) { return false }
      state = .value(new)
    case (_, .success(let new)):
      state = .value(new)
    case (.loading, .failure(AtomError.loading)):
      return false
    case (_, .failure(AtomError.loading)):
      // Reading a node that is still loading makes this one loading too.
      state = .loading(previous: previousValue)
    case (_, .failure(let error)):
      state = .failure(error)
    }
    version &+= 1
    return true
  }

  /// Writes an atom's value; returns whether it changed.
  func write(_ value: Value) -> Bool {
    generation &+= 1  // an in-flight async load loses
    task?.cancel()
    task = nil
    return store(.success(value))
  }

  override func resetToDefault(_ core: GraphCore) -> Bool {
    switch compute {
    case .atom(let makeDefault):
      return write(makeDefault())
    case .asyncAtom:
      return reload(core)
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
    core.detachSources(of: index)
    state = .loading(previous: previousValue)
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
    state = .empty  // loading -> result always counts as a change
    _ = store(outcome)
    return true
  }
}

/// Carries a slot into a task. The slot is only dereferenced by the container, under its lock.
struct LockedReference<Value: Sendable>: @unchecked Sendable {
  let slot: ValueSlot<Value>
  init(_ slot: ValueSlot<Value>) { self.slot = slot }
}
