/// Reads nodes from inside a selector's getter, recording each one read as a dependency.
///
/// Call it like a function, or use ``get(_:)``:
///
/// ```swift
/// static let total = Selector { get in try get(subtotal) - get(discount) }
/// ```
public struct Getter {
  // Not Sendable: a Getter is valid only during its getter's call, on the thread that holds
  // the container's lock, and `core` is kept alive by the container for that call only; the
  // compiler then refuses to let it escape into a task or onto a queue, where it would read
  // without the lock, perhaps after the container has gone. Dependencies are recorded for the
  // evaluation on top of the core's stack of frames. Unretained: a read then costs no retain.
  @usableFromInline let _core: _UnretainedCore

  @usableFromInline init(core: _GraphCore) {
    self._core = _UnretainedCore(core)
  }

  var core: _GraphCore { _core.core }

  /// Reads a node's value and records it as a dependency.
  ///
  /// ```swift
  /// let items = try get(CartState.items)
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its current value.
  /// - Throws: The node's error, ``AtomError/loading(_:)`` while an async node loads, or
  ///   ``AtomError/cycle(_:)``.
  @inlinable public func callAsFunction<Value>(_ node: Node<Value>) throws -> Value {
    try get(node)
  }

  /// Reads a node's value and records it as a dependency.
  ///
  /// ```swift
  /// let items = try get.get(CartState.items)
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its current value.
  /// - Throws: The node's error, ``AtomError/loading(_:)`` while an async node loads, or
  ///   ``AtomError/cycle(_:)``.
  @inlinable public func get<Value>(_ node: Node<Value>) throws -> Value {
    try _core.use { try $0.readValue(node) }
  }

  /// Reads a node's state without throwing, recording it as a dependency: useful to show a
  /// previous value while an async dependency reloads.
  ///
  /// ```swift
  /// let results = get.loadable(Search.results).latestValue ?? []
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its loadable state. A cycle is reported as ``Loadable/error(_:)``.
  public func loadable<Value>(_ node: Node<Value>) -> Loadable<Value> {
    do {
      return try core.read(node).loadable
    } catch {
      return .error(error)
    }
  }
}

/// Writes nodes from inside a ``WritableSelector``'s setter.
///
/// ```swift
/// set: { context, newValue in try context.set(celsius, (newValue - 32) * 5 / 9) }
/// ```
public struct Setter {
  // Not Sendable, as ``Getter``: a Setter is valid only during its setter's call, under the
  // container's lock.
  private let unretainedCore: _UnretainedCore
  var core: _GraphCore { unretainedCore.core }
  /// Where the app set the writable selector whose setter this is.
  let site: CallSite

  init(core: _GraphCore, site: CallSite) {
    unretainedCore = _UnretainedCore(core)
    self.site = site
  }

  /// Reads a node's current value (without recording a dependency).
  ///
  /// ```swift
  /// let old = try context.get(celsius)
  /// ```
  ///
  /// - Parameter node: The node to read.
  /// - Returns: Its value.
  /// - Throws: The node's error or ``AtomError/loading(_:)``.
  public func get<Value>(_ node: Node<Value>) throws -> Value {
    let index = core.index(of: node)
    core._ensureFresh(index)
    return try core.slot(index, as: Value.self).currentValue()
  }

  /// Writes a node.
  ///
  /// ```swift
  /// try context.set(celsius, 100)
  /// ```
  ///
  /// - Parameters:
  ///   - node: An atom or writable selector.
  ///   - value: The new value.
  ///   - file: Where it is written, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is written; filled in by the compiler.
  /// - Throws: What a writable selector's setter throws.
  public func set<Value>(
    _ node: WritableNode<Value>, _ value: Value, file: StaticString = #fileID, line: UInt = #line
  ) throws {
    try core.write(node, value, site: CallSite(file: file, line: line))
  }

  /// Updates a node's value in place.
  ///
  /// ```swift
  /// try context.update(items) { $0.append(item) }
  /// ```
  ///
  /// - Parameters:
  ///   - node: An atom or writable selector.
  ///   - file: Where it is written, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is written; filled in by the compiler.
  ///   - change: Mutates the current value.
  /// - Throws: The node's error, or what `change` or a setter throws.
  public func update<Value>(
    _ node: WritableNode<Value>, file: StaticString = #fileID, line: UInt = #line,
    _ change: (inout Value) throws -> Void
  ) throws {
    var value = try get(node)
    try change(&value)
    try core.write(node, value, site: CallSite(file: file, line: line))
  }

  /// Resets an atom to its default value.
  ///
  /// ```swift
  /// context.reset(items)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The atom.
  ///   - file: Where it is reset, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is reset; filled in by the compiler.
  public func reset<Value>(_ node: WritableNode<Value>, file: StaticString = #fileID, line: UInt = #line) {
    core.reset(core.index(of: node), site: CallSite(file: file, line: line))
  }
}
