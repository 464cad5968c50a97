/// Reads nodes from inside an ``AsyncSelector``'s getter, recording each one read as a
/// dependency of the current evaluation.
///
/// ```swift
/// static let results = AsyncSelector { get in
///   let query = try await get(Search.query)
///   return try await api.search(query)
/// }
/// ```
public struct AsyncGetter: Sendable {
  weak var container: AtomContainer?
  let reader: NodeKey
  let generation: UInt64

  /// Reads a node's value, waiting while it loads, and records it as a dependency.
  ///
  /// ```swift
  /// let query = try await get(Search.query)
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its value.
  /// - Throws: The node's error, or `CancellationError` when this evaluation was superseded.
  public func callAsFunction<Value>(_ node: Node<Value>) async throws -> Value {
    try await get(node)
  }

  /// Reads a node's value, waiting while it loads, and records it as a dependency.
  ///
  /// ```swift
  /// let query = try await get.get(Search.query)
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its value.
  /// - Throws: The node's error, or `CancellationError` when this evaluation was superseded.
  public func get<Value>(_ node: Node<Value>) async throws -> Value {
    while true {
      try Task.checkCancellation()
      guard let container else { throw CancellationError() }
      let step: Step<Value> = try readAsDependency(node, in: container) { slot in
        switch slot.state {
        case .value(let value): (.value(value), taken: true)
        case .failure(let error): (.failure(error), taken: true)
        case .loading, .empty: (.wait(slot, slot._version), taken: false)
        }
      }
      switch step {
      case .value(let value): return value
      case .failure(let error): throw error
      case .wait(let slot, let version): await container.waitForChange(of: slot, after: version)
      }
    }
  }

  /// Brings `node` up to date under the container's lock, records it as a dependency of this
  /// evaluation, and hands its slot to `body`, which says whether the evaluation took what the
  /// node holds (a value, an error, a loadable) or only waits for it to settle: a change of
  /// what it took makes the evaluation start over (see `_NodeSlot.continuesInFlight`).
  ///
  /// - Throws: `CancellationError` when this evaluation was superseded, or `AtomError.cycle`
  ///   when the node is the reader itself.
  func readAsDependency<Value, Result>(
    _ node: Node<Value>, in container: AtomContainer, _ body: (_ValueSlot<Value>) -> (Result, taken: Bool)
  ) throws -> Result {
    try container._operate { core in
      guard let readerIndex = core.indexOfKey[reader], core._slots[Int(readerIndex)]._generation == generation else {
        throw CancellationError()
      }
      let index = core.index(of: node)
      if index == readerIndex { throw AtomError.cycle([reader.description, reader.description]) }
      core._ensureFresh(index)
      core.addAsyncDependency(index, to: readerIndex)
      core.settle()
      let (result, taken) = body(core.slot(index, as: Value.self))
      if taken { core.noteTaken(index, by: readerIndex) }
      return result
    }
  }

  private enum Step<Value> {
    case value(Value)
    case failure(any Error)
    case wait(_NodeSlot, UInt64)
  }
}
