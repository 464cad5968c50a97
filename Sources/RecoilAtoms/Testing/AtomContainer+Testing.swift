extension AtomContainer {
  /// Replaces a node's value in this container with a fixed one, for tests: selectors that
  /// read it see the stub, and its own getter no longer runs.
  ///
  /// ```swift
  /// let container = AtomContainer()
  /// container.stub(Search.results, with: [Product.fixture])
  /// #expect(try container.get(Search.resultCount) == 1)
  /// ```
  ///
  /// - Parameters:
  ///   - node: Any atom or selector.
  ///   - value: The value it has from now on.
  public func stub<Value>(_ node: Node<Value>, with value: Value) {
    stub(node, outcome: .success(value))
  }

  /// Makes a node fail with an error in this container, for tests.
  ///
  /// ```swift
  /// container.stub(Search.results, throwing: URLError(.timedOut))
  /// ```
  ///
  /// - Parameters:
  ///   - node: Any atom or selector.
  ///   - error: The error reading it throws from now on.
  public func stub<Value>(_ node: Node<Value>, throwing error: any Error) {
    stub(node, outcome: .failure(error))
  }

  private func stub<Value>(_ node: Node<Value>, outcome: Result<Value, any Error>) {
    _operate { core in
      core.slot(core.index(of: node), as: Value.self).stub(outcome, core: core)
      core.settle()
    }
  }

  /// Resets every atom in use to its default and makes every selector evaluate again; stubs
  /// and subscriptions stay.
  ///
  /// ```swift
  /// container.resetAll()
  /// ```
  public func resetAll() {
    _operate { core in
      // By index, each slot used without a retain: `_slots` keeps them.
      for index in core._slots.indices {
        let (isAtom, isInUse) = core._records[index]._withSlot { ($0.kind == .atom, $0.index >= 0) }
        guard isInUse else { continue }
        if isAtom {
          core.reset(Int32(index))
        } else if core._records[index]._mark == .clean {
          core.forceRefresh(Int32(index))
        }
      }
      core.settle()
    }
  }

  /// Waits for the next change of a node's state and returns the new state.
  ///
  /// ```swift
  /// async let next = container.nextChange(of: CartState.total)
  /// container.set(CartState.items, [])
  /// #expect(try await next.get() == 0)
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: The state after the change.
  public func nextChange<Value>(of node: Node<Value>) async -> Loadable<Value> {
    let (stream, continuation) = AsyncStream<Loadable<Value>>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let subscription = subscribe(node) { continuation.yield($0) }
    defer { subscription.cancel() }
    for await loadable in stream { return loadable }
    return loadable(node)
  }
}
