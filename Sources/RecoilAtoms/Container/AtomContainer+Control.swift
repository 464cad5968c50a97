import RecoilConcurrency

/// What is known of a node in use, for the inspector's remote control, which names nodes by
/// id and knows their types only at run time.
///
/// ```swift
/// if let node = container.controlledNode("Pricing.currency") { print(node.kind, node.valueType) }
/// ```
package struct ControlledNode {
  /// Atom or selector.
  package var kind: NodeKind
  /// The type of its value.
  package var valueType: Any.Type
  /// Whether it can be written (an atom or a writable selector, not stubbed).
  package var isWritable: Bool
  /// Whether it is stubbed.
  package var isStubbed: Bool
}

/// Why the remote control could not change a node.
///
/// ```swift
/// catch let error as NodeControlError { print(error.message) }
/// ```
package struct NodeControlError: Error, CustomStringConvertible {
  /// What went wrong, naming the node.
  package var message: String
  package var description: String { message }
}

/// The error a node stubbed with an error from the inspector fails with.
///
/// ```swift
/// container.stub(Search.results, throwing: StubbedFailure(message: "offline"))
/// ```
package struct StubbedFailure: Error, CustomStringConvertible {
  /// The message the tool gave.
  package var message: String
  package var description: String { message }
  package init(message: String) { self.message = message }
}

extension AtomContainer {
  /// The node in use whose id (its key's description, `Catalog.product("p1")`) is `id`.
  ///
  /// ```swift
  /// let node = container.controlledNode("Pricing.currency")
  /// ```
  package func controlledNode(_ id: String) -> ControlledNode? {
    _operate { core in
      guard let index = core.index(ofID: id) else { return nil }
      let slot = core._slots[Int(index)]
      return ControlledNode(
        kind: slot.kind, valueType: slot.valueMetatype, isWritable: slot.isWritable, isStubbed: slot.isStubbed)
    }
  }

  /// Gives the node `id` (an atom, or a writable selector) `value`, which must have its value
  /// type, as `set` does; subscribers, selectors and a recording see an ordinary write.
  ///
  /// ```swift
  /// try container.setErased("Pricing.currency", to: "EUR")
  /// ```
  package func setErased(_ id: String, to value: Any) throws {
    try _operate { core in
      defer { core.settle() }
      let index = try core.controlIndex(id)
      let slot = core._slots[Int(index)]
      guard slot.isWritable, let node = core._records[Int(index)].heldNode else {
        throw NodeControlError(message: "\(id) is a \(slot.kind) that cannot be written")
      }
      guard try slot.writeErased(value, node: node, core: core, site: .unknown) else {
        throw NodeControlError(message: "\(id) holds \(slot.valueTypeName), not \(type(of: value))")
      }
    }
  }

  /// Gives the atom `id` its default value back, as `reset` does.
  ///
  /// ```swift
  /// try container.resetErased("Pricing.currency")
  /// ```
  package func resetErased(_ id: String) throws {
    try _operate { core in
      let index = try core.controlIndex(id)
      guard core._slots[Int(index)].isWritable else {
        throw NodeControlError(message: "\(id) is a \(core._slots[Int(index)].kind) that cannot be reset")
      }
      core.reset(index)
      core.settle()
    }
  }

  /// Makes the selector `id` have `outcome` (a value of its type, or an error; an
  /// `AtomError.loading` error makes it loading) whatever it reads, until
  /// ``unstubErased(_:)``.
  ///
  /// ```swift
  /// try container.stubErased("Search.results", outcome: .failure(StubbedFailure(message: "offline")))
  /// ```
  package func stubErased(_ id: String, outcome: Result<Any, any Error>) throws {
    try _operate { core in
      let index = try core.controlIndex(id)
      let slot = core._slots[Int(index)]
      guard slot.kind == .selector else {
        throw NodeControlError(message: "\(id) is an atom: set it instead of stubbing it")
      }
      guard slot.stubErased(outcome, core: core) else {
        throw NodeControlError(message: "\(id) holds \(slot.valueTypeName), not the value given")
      }
      core.settle()
    }
  }

  /// Removes a stub made by ``stubErased(_:outcome:)``: the selector computes its value again.
  ///
  /// ```swift
  /// try container.unstubErased("Search.results")
  /// ```
  package func unstubErased(_ id: String) throws {
    try _operate { core in
      let index = try core.controlIndex(id)
      guard core._slots[Int(index)].unstub(core) else {
        throw NodeControlError(message: "\(id) is not stubbed from the tool")
      }
      core.settle()
    }
  }
}

extension _GraphCore {
  /// The slot index of the node in use whose id is `id`.
  func index(ofID id: String) -> Int32? {
    for (key, index) in indexOfKey where key.description == id { return index }
    return nil
  }

  /// ``index(ofID:)``, or an error saying the container does not use the node.
  func controlIndex(_ id: String) throws -> Int32 {
    guard let index = index(ofID: id) else { throw NodeControlError(message: "no node \(id) is in use") }
    return index
  }
}
