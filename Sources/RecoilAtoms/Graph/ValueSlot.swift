import Dispatch

/// A node's storage with its typed value: the logic of a value slot, whose stored fields are
/// declared in ``_ValueSlotFields``.
@usableFromInline final class _ValueSlot<Value: Sendable>: _ValueSlotFields<Value>, @unchecked Sendable {
  enum State {
    case empty
    case value(Value)
    case failure(any Error)
    case loading(previous: Value?)
  }

  init(
    node: Node<Value>, index: Int32, arena: _ValueArena, compute: Compute, isSame: (@Sendable (Value, Value) -> Bool)?,
    state: State, evaluator: _Evaluator? = nil
  ) {
    let mark: _NodeSlot._Mark
    switch compute {
    case .atom, .asyncAtom, .stub: mark = .clean
    case .selector, .writableSelector, .asyncSelector: mark = .dirty
    }
    super.init(
      node: node, index: index, arena: arena, compute: compute, syncGetter: Self.getter(of: compute), isSame: isSame,
      mark: mark, evaluator: evaluator)
    self.state = state
  }

  static func getter(of compute: Compute) -> (@Sendable (Getter) throws -> Value)? {
    switch compute {
    case .selector(let get), .writableSelector(let get, _): get
    default: nil
    }
  }

  /// Records a write to a stubbed node as its new stub.
  @usableFromInline func _restub(_ value: Value) {
    replaceCompute(.stub(.success(value)))
  }

  /// Replaces how the node computes its value (a stub, in tests).
  func replaceCompute(_ compute: Compute) {
    self.compute = compute
    if case .stub = compute { _isStubbed = true } else { _isStubbed = false }
  }

  var state: State {
    get {
      if _isLoading { return .loading(previous: _storesValue ? _value : nil) }
      if let _failure { return .failure(_failure) }
      return _storesValue ? .value(_value) : .empty
    }
    set {
      switch newValue {
      case .empty:
        clearValue()
        _failure = nil
        _isLoading = false
      case .value(let value):
        setValue(value)
        _failure = nil
        _isLoading = false
        _settledChanged()
      case .failure(let error):
        _failure = error
        _isLoading = false
        _settledChanged()
      case .loading(let previous):
        if let previous { setValue(previous) } else { clearValue() }
        _failure = nil
        _isLoading = true
      }
    }
  }

  override var valueTypeName: String { String(describing: Value.self) }

  override func snapshotEntry(of node: AnyObject) -> AtomSnapshot.Entry? {
    guard let atom = node as? WritableNode<Value>, hasValue else { return nil }
    return AtomSnapshot.entry(for: atom, value: _value, isSame: _isSame)
  }

  override var isWritable: Bool {
    switch compute {
    case .atom, .asyncAtom, .writableSelector: true
    case .asyncSelector(_, let set): set != nil
    case .stub, .selector: false
    }
  }

  override var hasValue: Bool { _storesValue && !_isLoading && _failure == nil }

  override var holdsSettledValue: Bool { _storesValue && _failure == nil }

  override func returnToSettledValue() -> Bool {
    guard _isLoading else { return false }
    _isLoading = false
    _version &+= 1
    return true
  }

  override func evaluatedValue() -> (any Sendable)? {
    hasValue ? _value : nil
  }

  override var valueMetatype: Any.Type { Value.self }

  override var comparesValues: Bool { _isSame != nil }

  override var isStubbed: Bool { _isStubbed }

  override func writeErased(_ value: Any, node: AnyObject, core: _GraphCore, site: CallSite) throws -> Bool {
    guard let typed = value as? Value, let writable = node as? WritableNode<Value> else { return false }
    try core.write(writable, typed, site: site)
    return true
  }

  override func stubErased(_ outcome: Result<Any, any Error>, core: _GraphCore) -> Bool {
    let typed: Result<Value, any Error>
    switch outcome {
    case .success(let value):
      guard let value = value as? Value else { return false }
      typed = .success(value)
    case .failure(let error): typed = .failure(error)
    }
    if !_isStubbed { _ensureDetails().computeBeforeStub = compute }
    let before = core.notesWrites ? erasedLoadable.value : nil
    stub(typed, core: core)
    if core.notesWrites, case .success = typed { core._noteWrite(index, before: before, site: .unknown) }
    // A change to loading is told apart from the others (see `_GraphCore.recordLoadingStarted`).
    if _isLoading { core.recordLoadingStarted(index) }
    return true
  }

  /// Replaces how the node computes its value with a fixed outcome (see
  /// `AtomContainer.stub(_:with:)`).
  func stub(_ outcome: Result<Value, any Error>, core: _GraphCore) {
    _generation &+= 1
    _task?.cancel()
    _task = nil
    replaceCompute(.stub(outcome))
    core._records[Int(index)]._writesInPlace = false
    core.detachDependencies(of: index)
    if store(outcome) { core._didChange(index) }
    core._records[Int(index)]._mark = .clean
  }

  override func unstub(_ core: _GraphCore) -> Bool {
    guard let before = _details?.computeBeforeStub as? Compute else { return false }
    _details?.computeBeforeStub = nil
    replaceCompute(before)
    core.forceRefresh(index)
    return true
  }

  @inlinable func currentValue() throws -> Value {
    if _fastPath(_storesValue && !_isLoading && _failure == nil) { return _value }
    if let _failure { throw _failure }
    throw AtomError.loading(_key.description)
  }

  /// The state of `base`, a node of `Value`'s slot, as its subscribers receive it.
  static func loadable(of base: _NodeSlot) -> Loadable<Value> {
    base._valueSlot(Value.self).loadable
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

  @usableFromInline override func _evaluate(_ core: _GraphCore) throws(_Interruption) -> Bool {
    if !_isStubbed, let get = _syncGetter {
      let changed: Bool
      do {
        let value = try get(Getter(core: core))
        if core._deferred >= 0 { throw _Interruption() }
        changed = storeValue(value)
      } catch let interruption as _Interruption {
        throw interruption
      } catch {
        // A getter may have caught the interruption; its result is void either way.
        if core._deferred >= 0 { throw _Interruption() }
        changed = _storeError(error)
      }
      return changed
    }
    return try evaluateWithoutGetter(core)
  }

  /// A selector's evaluation, compiled where it is referenced: a selector declared in an app
  /// passes this function with its concrete value type, so that its value is stored without
  /// generic value operations.
  @inlinable static func evaluateSelector(_ base: _NodeSlot, _ core: _GraphCore) throws(_Interruption) -> Bool {
    let slot = base._valueSlot(Value.self)
    // Called in place, without binding it to a local: a binding would retain its context.
    guard !slot._isStubbed, slot._syncGetter != nil else { return try slot._evaluate(core) }
    let value: Value
    do {
      value = try slot._syncGetter!(Getter(core: core))
    } catch let interruption as _Interruption {
      throw interruption
    } catch {
      // A getter may have caught the interruption; its result is void either way.
      if core._deferred >= 0 { throw _Interruption() }
      return slot._storeError(error)
    }
    if core._deferred >= 0 { throw _Interruption() }
    return slot.storeValue(value)
  }

  /// Stubs and async selectors. Kept out of `evaluate` so that its fast path does not pay for
  /// the metadata of `Compute`, whose layout depends on `Value`.
  @inline(never) private func evaluateWithoutGetter(_ core: _GraphCore) throws(_Interruption) -> Bool {
    switch compute {
    case .selector(let get), .writableSelector(let get, _):
      // Not reached: a selector's compute is only replaced by a stub. Kept total for clarity.
      return store(Result { try get(Getter(core: core)) })
    case .stub(let outcome):
      return store(outcome)
    case .asyncSelector(let get, _):
      if continuesInFlight(core) { return false }
      let key = self._key
      return startAsync(core) { container, generation in
        try await get(AsyncGetter(container: container, reader: key, generation: generation))
      }
    case .atom, .asyncAtom:
      return false
    }
  }

  /// Stores a value; returns whether it differs from the previous state. A value equal to the
  /// settled one (while loading, the one it had before) leaves the settled stamp as it was.
  @inlinable func storeValue(_ new: Value) -> Bool {
    if _storesValue && _failure == nil && _isSame != nil && _isSame!(_value, new) {
      guard _isLoading else { return false }
      // Back from loading to the value it had: a change of state, not of value.
      _isLoading = false
      _version &+= 1
      return true
    }
    setValue(new)
    _failure = nil
    _isLoading = false
    _version &+= 1
    _settledChanged()
    return true
  }

  /// Stores an error; reading a node that is still loading makes this one loading too.
  @usableFromInline func _storeError(_ error: any Error) -> Bool {
    if case AtomError.loading = error {
      if _isLoading { return false }
      _isLoading = true
      _failure = nil
      // A selector waiting for what it read: from now on it keeps the inputs of its settled
      // evaluations, so that an input coming back to the value it had brings its value back
      // without running it again.
      if _syncGetter != nil { keepsSettledInputs = true }
    } else {
      _failure = error
      _isLoading = false
      _settledChanged()
    }
    _version &+= 1
    return true
  }

  /// Stores a synchronous outcome; returns whether it differs from the previous state.
  func store(_ outcome: Result<Value, any Error>) -> Bool {
    switch outcome {
    case .success(let value): storeValue(value)
    case .failure(let error): _storeError(error)
    }
  }

  /// Writes an atom's value; returns whether it changed.
  @inlinable func write(_ value: Value) -> Bool {
    if _isAsync {
      _generation &+= 1  // an in-flight async load loses
      if let _task {
        _task.cancel()
        self._task = nil
      }
    }
    return storeValue(value)
  }

  override func resetToDefault(_ core: _GraphCore, site: CallSite) -> Bool {
    if !_isStubbed, let atomDefault { return write(atomDefault()) }
    return resetByCompute(core, site: site)
  }

  /// ``resetToDefault(_:site:)`` of any node but a plain atom. Out of line, so that resetting a plain
  /// atom does not look up the metadata of `Compute`, whose layout depends on `Value`.
  @inline(never) private func resetByCompute(_ core: _GraphCore, site: CallSite) -> Bool {
    switch compute {
    case .atom(let makeDefault):
      return write(makeDefault())
    case .asyncAtom:
      return reload(core)
    case .writableSelector, .asyncSelector(_, set: .some):
      // A writable selector has no default of its own: it resets what its setter wrote, where
      // the app reset the selector.
      for written in lastWrites where written != index { core.reset(written, site: site) }
      return false
    default:
      return false
    }
  }

  override func reload(_ core: _GraphCore) -> Bool {
    guard case .asyncAtom(let load) = compute else { return false }
    return startAsync(core) { _, _ in try await load() }
  }

  /// An input that an async getter waited for (it was loading when read) is read again when it
  /// settles, by the getter itself: its value is no reason to start the getter over, and
  /// starting over would redo what the getter did before (a request, say), and make a chain of
  /// async selectors start each over in turn. Only an input the getter took (a value, an
  /// error, a loadable) that has changed since makes its result stale. A refresh, a stub, and
  /// an input not yet up to date start it over.
  override func continuesInFlight(_ core: _GraphCore) -> Bool {
    guard _task != nil, _isLoading, !forcedRefresh, case .asyncSelector = compute else { return false }
    for input in _details?.takenInputs ?? [] {
      let slot = core._slots[Int(input.index)]
      guard slot.nodeUID == input.uid, slot._version == input.version, core._records[Int(input.index)]._mark == .clean
      else { return false }
    }
    return true
  }

  /// Starts an asynchronous evaluation, cancelling the one in flight. The state becomes
  /// loading, keeping the previous value. Returns true: the state changed.
  func startAsync(
    _ core: _GraphCore, _ work: @escaping @Sendable (AtomContainer, UInt64) async throws -> Value
  ) -> Bool {
    _generation &+= 1
    let generation = self._generation
    _task?.cancel()
    // Async selectors record dependencies, and what they take, as they read them during this
    // generation.
    core.detachDependencies(of: index)
    _details?.takenInputs.removeAll(keepingCapacity: true)
    if _failure != nil { clearValue() }
    _failure = nil
    _isLoading = true
    _version &+= 1
    core.recordLoadingStarted(index)
    guard let container = core.container else { return true }
    let reference = LockedReference(self)
    _task = Task { [weak container] in
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

  /// Finishes an asynchronous evaluation if it is still the current one. A value equal to the
  /// one it had before it started loading leaves its settled stamp as it was: what read that
  /// value need not run again (Recoil's cache of a selector's async inputs).
  func complete(generation: UInt64, outcome: Result<Value, any Error>) -> Bool {
    guard generation == self._generation else { return false }
    _task = nil
    switch outcome {
    case .failure(let error) where error is CancellationError:
      return false
    case .success(let value):
      // Loading -> result always counts as a change: storeValue says so while loading.
      _ = storeValue(value)
    case .failure(let error):
      _isLoading = false
      _failure = nil
      clearValue()
      _ = _storeError(error)
    }
    return true
  }
}

/// Carries a slot into a task. The slot is only dereferenced by the container, under its lock.
struct LockedReference<Value: Sendable>: @unchecked Sendable {
  let slot: _ValueSlot<Value>
  init(_ slot: _ValueSlot<Value>) { self.slot = slot }
}
