import Dispatch
import RecoilConcurrency
import RecoilReflection
import Synchronization

/// A value derived from a store's state and memoized: recomputed only when one of its inputs
/// (key paths of the state, or other selectors) changes, as reselect's `createSelector`.
/// Selectors compose: a selector can be an input of another.
///
/// ```swift
/// let items = StoreSelector(name: "items", \AppState.cart.items)
/// let prices = StoreSelector(name: "prices", \AppState.catalog.prices)
/// let total = StoreSelector(name: "total", items, prices) { items, prices in
///   items.reduce(0) { $0 + (prices[$1.sku] ?? 0) * Decimal($1.quantity) }
/// }
/// let value = store.select(total)
/// ```
public final class StoreSelector<State: Sendable, Value: Sendable>: Sendable {
  /// The selector's name, shown by the inspector.
  public let name: String
  /// The names of its inputs: key paths (`\AppState.cart.items`) or other selectors' names.
  public let inputs: [String]
  /// This selector and every selector it reads, directly or not, with their inputs.
  let tree: [(name: String, inputs: [String])]
  /// Computes the value for a state, running the inputs with `report`; `recomputed` says
  /// whether the combine function ran, `changed` whether it gave a value other than the last.
  let evaluate: @Sendable (State, _ report: Report?) -> Evaluated

  /// What an evaluation gave: the value, whether the selector computed it (rather than
  /// returning what it remembered), and whether it differs from the value computed before.
  struct Evaluated {
    var value: Value
    var recomputed: Bool
    /// True when the value is not `Equatable`, or there was none before.
    var changed: Bool
  }

  /// Hears of every selector of a tree that recomputed: name, inputs, start and duration on
  /// the monotonic clock, value, and whether it changed.
  typealias Report = (
    _ name: String, _ inputs: [String], _ startNanos: UInt64, _ durationNanos: UInt64, _ value: any Sendable,
    _ changed: Bool
  ) -> Void

  init(
    name: String, inputs: [String], inputTrees: [[(name: String, inputs: [String])]] = [],
    evaluate: @escaping @Sendable (State, _ report: Report?) -> Evaluated
  ) {
    self.name = name
    self.inputs = inputs
    self.tree = [(name, inputs)] + inputTrees.flatMap { $0 }
    self.evaluate = evaluate
  }

  /// A selector reading one part of the state; it recomputes when that part changes.
  ///
  /// ```swift
  /// let user = StoreSelector(name: "user", \AppState.user)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The selector's name.
  ///   - keyPath: The part of the state.
  public convenience init(name: String, _ keyPath: KeyPath<State, Value> & Sendable) where Value: Equatable {
    let cache = LockedValue<Value?>(nil)
    self.init(name: name, inputs: [String(describing: keyPath)]) { state, _ in
      let value = state[keyPath: keyPath]
      return cache.withLock { cached in
        defer { cached = value }
        // Recomputed only when the part changed: never wasted.
        return Evaluated(value: value, recomputed: cached != value, changed: cached != value)
      }
    }
  }

  /// A selector combining other selectors; `combine` runs only when an input's value changes.
  ///
  /// ```swift
  /// let summary = StoreSelector(name: "summary", count, total) { count, total in "\(count) items, \(total)" }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The selector's name.
  ///   - inputs: The input selectors.
  ///   - combine: Computes the value from the inputs' values.
  public convenience init<each Input: Equatable & Sendable>(
    name: String, _ inputs: repeat StoreSelector<State, each Input>,
    combine: @escaping @Sendable (repeat each Input) -> Value
  ) {
    var names: [String] = []
    var trees: [[(name: String, inputs: [String])]] = []
    for input in repeat each inputs {
      names.append(input.name)
      trees.append(input.tree)
    }
    let cache = LockedValue<(inputs: [any Equatable & Sendable], value: Value)?>(nil)
    self.init(name: name, inputs: names, inputTrees: trees) { state, report in
      let current = (repeat (each inputs).run(state, reporting: report).value)
      var erased: [any Equatable & Sendable] = []
      for value in repeat each current { erased.append(value) }
      let (hit, previous) = cache.withLock { cached -> (Value?, Value?) in
        guard let cached else { return (nil, nil) }
        guard cached.inputs.count == erased.count,
          zip(cached.inputs, erased).allSatisfy({ (old: any Equatable, new) in Reflector.areEqual(old, new) })
        else { return (nil, cached.value) }
        return (cached.value, nil)
      }
      if let hit { return Evaluated(value: hit, recomputed: false, changed: false) }
      let value = combine(repeat each current)
      cache.withLock { $0 = (erased, value) }
      // An input changed, yet the combined value may equal the last: wasted work, when known.
      return Evaluated(value: value, recomputed: true, changed: !Self.equal(previous, value))
    }
  }

  /// The value for a state (not reported to any observer; use ``Store/select(_:)`` for that).
  ///
  /// ```swift
  /// let total = totalSelector(store.state)
  /// ```
  ///
  /// - Parameter state: A state.
  /// - Returns: The selector's value.
  public func callAsFunction(_ state: State) -> Value {
    evaluate(state, nil).value
  }

  /// Evaluates the selector; with `report`, times it and reports it if it recomputed, after
  /// the inputs it ran (so inner selectors are reported first, and a selector's time includes
  /// its inputs').
  func run(_ state: State, reporting report: Report?) -> Evaluated {
    guard let report else { return evaluate(state, nil) }
    let start = MonotonicClock.nanos
    let result = evaluate(state, report)
    if result.recomputed {
      report(name, inputs, start, MonotonicClock.nanos &- start, result.value, result.changed)
    }
    return result
  }

  /// Whether `previous` is a value equal to `value`: false when there was none or the type is
  /// not `Equatable`, so that an evaluation counts as a change unless it is known not to be one.
  private static func equal(_ previous: Value?, _ value: Value) -> Bool {
    guard let previous, let equatable = previous as? any Equatable else { return false }
    return Reflector.areEqual(equatable, value)
  }
}

extension Store {
  /// Reads a memoized selector's value for the current state, reporting a recomputation to
  /// observers (with its inputs, which the inspector draws as dependency edges).
  ///
  /// ```swift
  /// let total = store.select(CartSelectors.total)
  /// ```
  ///
  /// - Parameter selector: The selector.
  /// - Returns: Its value.
  public func select<Value>(_ selector: StoreSelector<State, Value>) -> Value {
    evaluate(selector, on: state)
  }

  /// Calls `onChange` with a selector's value at once and whenever it changes.
  ///
  /// ```swift
  /// let subscription = store.subscribe(CartSelectors.total) { total in label = "\(total)" }
  /// ```
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - label: What the inspector calls it; by default where it was made.
  ///   - starting: Whether the current value is delivered first; by default it is.
  ///   - delivery: Where `onChange` runs.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - onChange: Receives the value.
  /// - Returns: A token; the subscription ends when it is cancelled or deallocated.
  public func subscribe<Value: Equatable>(
    _ selector: StoreSelector<State, Value>, label: String? = nil, starting: SubscriptionStart = .currentThenChanges,
    delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscription {
    select(
      { [weak self] state in self?.evaluate(selector, on: state) ?? selector(state) }, label: label,
      site: CallSite(file: file, line: line), starting: starting, skip: { $0 == $1 }, delivery: delivery, onChange)
  }

  /// The selectors read through this store (and the selectors they read), with their input names.
  ///
  /// ```swift
  /// for (name, inputs) in store.selectors { print(name, inputs) }
  /// ```
  public var selectors: [(name: String, inputs: [String])] {
    _lock.withLock { _storage._selectors.map { ($0.key, $0.value) }.sorted { $0.name < $1.name } }
  }

  private func evaluate<Value>(_ selector: StoreSelector<State, Value>, on state: State) -> Value {
    let (observers, isRecording) = _lock.withLock {
      for (name, inputs) in selector.tree where _storage._selectors[name] == nil { _storage._selectors[name] = inputs }
      return (_storage._configuration._observers, _storage._configuration._actionRecorder != nil)
    }
    guard !observers.isEmpty || isRecording else { return selector.evaluate(state, nil).value }
    // Every selector of the tree that recomputed is recorded and reported, inputs included: a
    // selector used only as another's input is still a node with evaluations, a type and a
    // value. The store records it where it happens, as it records its actions.
    let store = name
    return selector.run(state) { name, inputs, start, duration, value, changed in
      let order = CausalOrder.next()
      if isRecording {
        self._lock.withLock {
          self._storage._configuration._actionRecorder?.recordSelector(
            name, order: order, startNanos: start, durationNanos: duration, value: value, changed: changed)
        }
      }
      guard !observers.isEmpty else { return }
      let event = StoreEvent.selectorEvaluated(
        store: store, selector: name, inputs: inputs, durationNanos: duration, value: value, order: order,
        changed: changed)
      for observer in observers { observer.receive(event) }
    }.value
  }
}
