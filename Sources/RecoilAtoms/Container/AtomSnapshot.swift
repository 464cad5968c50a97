import RecoilConcurrency

/// The values of a container's atoms at one moment: immutable, typed, holding none of the app's containers.
///
/// Take one with ``AtomContainer/snapshot()`` and go back to it with
/// ``AtomContainer/restore(_:)``. Like Recoil's `snapshot.map`, `setting(_:to:)` makes an
/// edited copy, and ``get(_:)`` evaluates any selector against a snapshot (in a scratch
/// container of its own), so a change can be tried without touching the app's container.
/// ``changedAtoms(since:)`` compares two snapshots.
///
/// Not to be confused with the inspector's `Snapshot` (RecoilSnapshot), the file that
/// describes a whole state graph for `recoil-inspect`: an atom snapshot holds live, typed
/// values of one container, to restore them.
///
/// ```swift
/// let before = container.snapshot()
/// container.set(Settings.currency, "USD")
/// let after = container.snapshot()
/// after.changedAtoms(since: before)                                   // ["Settings.currency"]
/// let tried = try before.setting(Cart.coupon, to: "SPRING5").get(Cart.total)
/// container.restore(before)                                           // back to EUR
/// ```
public struct AtomSnapshot: Sendable {
  /// One atom's value and how to write it back.
  struct Entry: Sendable {
    let key: NodeKey
    let value: any Sendable
    /// Writes `value` into a container's graph (registering the atom if needed).
    let restore: @Sendable (_GraphCore) -> Void
    /// Whether another value of this atom equals this one: by `Equatable` where the value is,
    /// else by its reflected description.
    let isEqual: @Sendable (any Sendable) -> Bool
    /// Whether the value differs from the atom's default (for a plain atom; an async atom's
    /// loaded default counts as set).
    let isSet: @Sendable () -> Bool
  }

  /// What a snapshot knew of one node (see ``info(of:)``).
  public struct NodeInfo: Sendable {
    /// The node's identity.
    public var key: NodeKey
    /// Atom or selector.
    public var kind: NodeKind
    /// Its state: a value, an error, or loading.
    public var loadable: Loadable<any Sendable>
    /// For a plain atom, whether it holds another value than its default; `nil` for other nodes.
    public var isSet: Bool?
    /// What its latest evaluation read, in order.
    public var dependencies: [NodeKey]
    /// The nodes whose latest evaluation read it.
    public var dependents: [NodeKey]
    /// Its subscriptions, each by its label or where it was made (`Shop/CartView.swift:18`).
    public var subscribers: [String]
  }

  var entries: [Entry] {
    didSet { scratch = ScratchContainer() }
  }
  /// What the container knew of each node it held (see ``info(of:)``).
  var graph: [NodeKey: NodeInfo] = [:]
  /// The container selectors are evaluated in against these values, made on first use and
  /// kept: like a Recoil snapshot, it remembers what it evaluated, so an async selector read
  /// with ``value(_:)`` is then there for ``get(_:)``.
  private var scratch = ScratchContainer()

  init(entries: [Entry], graph: [NodeKey: NodeInfo] = [:]) {
    self.entries = entries
    self.graph = graph
  }

  /// The atoms the snapshot holds, in the order the container registered them.
  ///
  /// ```swift
  /// print(snapshot.atoms.map(\.description))
  /// ```
  public var atoms: [NodeKey] { entries.map(\.key) }

  /// The value an atom has in this snapshot; `nil` if the snapshot does not hold it (the
  /// container never used it, or it was still loading).
  ///
  /// ```swift
  /// let currency = snapshot.value(of: Settings.currency)  // "EUR"
  /// ```
  ///
  /// - Parameter atom: The atom.
  /// - Returns: Its value, or `nil`.
  public func value<Value>(of atom: WritableNode<Value>) -> Value? {
    entries.first { $0.key == atom.key }?.value as? Value
  }

  /// A copy of the snapshot in which `atom` has `value`; the snapshot itself is unchanged.
  ///
  /// ```swift
  /// let withCoupon = snapshot.setting(Cart.coupon, to: "SPRING5")
  /// ```
  ///
  /// - Parameters:
  ///   - atom: The atom, held by the snapshot or not.
  ///   - value: Its value in the copy.
  /// - Returns: The edited copy.
  public func setting<Value>(_ atom: WritableNode<Value>, to value: Value) -> AtomSnapshot {
    replacing(Self.entry(for: atom, value: value, isSame: nil))
  }

  private func replacing(_ entry: Entry) -> AtomSnapshot {
    var copy = self
    if let position = copy.entries.firstIndex(where: { $0.key == entry.key }) {
      copy.entries[position] = entry
    } else {
      copy.entries.append(entry)
    }
    return copy
  }

  /// A copy of the snapshot in which `atom` is at its default, as Recoil's `reset` inside
  /// `snapshot.map`: restoring it, or evaluating a selector against it, gives the atom its
  /// default value. The snapshot itself is unchanged.
  ///
  /// ```swift
  /// let withoutCoupon = snapshot.resetting(Cart.coupon)
  /// let total = try withoutCoupon.get(Cart.total)
  /// ```
  ///
  /// - Parameter atom: The atom, or an atom with a fallback (which then follows its fallback),
  ///   held by the snapshot or not.
  /// - Returns: The edited copy.
  public func resetting<Value>(_ atom: WritableNode<Value>) -> AtomSnapshot {
    // An atom with a fallback is reset by resetting the atom holding its own value.
    let own = (atom as? WritableSelector<Value>)?.resetTarget?.key
    var copy = self
    copy.entries.removeAll { $0.key == atom.key || $0.key == own }
    return copy
  }

  /// What the container knew of a node when the snapshot was taken, as the inspector shows it
  /// and as Recoil's `snapshot.getInfo_UNSTABLE` gives it: its state, whether an atom is set
  /// (holds another value than its default), what it read, what read it and who subscribed.
  /// An edited copy answers for its atoms' values there. `nil` for a node the container did
  /// not hold.
  ///
  /// ```swift
  /// let info = snapshot.info(of: Cart.total)
  /// print(info?.dependencies ?? [], info?.subscribers ?? [])   // [Cart.items, Cart.coupon] ["cart badge"]
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: What was known of it, or `nil`.
  public func info<Value>(of node: Node<Value>) -> NodeInfo? {
    guard var info = graph[node.key] else { return nil }
    if info.kind == .atom, info.isSet != nil {
      let entry = entries.first { $0.key == node.key }
      info.loadable = entry.map { .value($0.value) } ?? info.loadable
      info.isSet = entry?.isSet() ?? false
    }
    return info
  }

  /// A copy of the snapshot in which `atom` has `value`, compared with `==` by
  /// ``changedAtoms(since:)``.
  ///
  /// ```swift
  /// let inDollars = snapshot.setting(Settings.currency, to: "USD")
  /// ```
  ///
  /// - Parameters:
  ///   - atom: The atom, held by the snapshot or not.
  ///   - value: Its value in the copy.
  /// - Returns: The edited copy.
  public func setting<Value: Equatable>(_ atom: WritableNode<Value>, to value: Value) -> AtomSnapshot {
    replacing(Self.entry(for: atom, value: value, isSame: { $0 == $1 }))
  }

  /// The atoms whose values differ between `other` and this snapshot, or that only one holds.
  ///
  /// ```swift
  /// for key in after.changedAtoms(since: before) { print(key) }
  /// ```
  ///
  /// - Parameter other: The earlier snapshot.
  /// - Returns: The atoms, in this snapshot's order, then those only `other` holds.
  public func changedAtoms(since other: AtomSnapshot) -> [NodeKey] {
    let earlier = Dictionary(other.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    let keys = Set(entries.map(\.key))
    let changed = entries.filter { entry in earlier[entry.key].map { !entry.isEqual($0) } ?? true }.map(\.key)
    return changed + other.entries.map(\.key).filter { !keys.contains($0) }
  }

  /// Evaluates a node against the snapshot's values, in a scratch container of its own: what
  /// it would be if the app's atoms had these values. The scratch container is kept, so a node
  /// is evaluated once per snapshot, and one that ``value(_:)`` waited for has its value here.
  ///
  /// ```swift
  /// let total = try snapshot.setting(Cart.coupon, to: "SPRING5").get(Cart.total)
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: Its value.
  /// - Throws: Its error, or `AtomError.loading` while it loads (wait with ``value(_:)``).
  public func get<Value>(_ node: Node<Value>) throws -> Value {
    try scratchContainer().get(node)
  }

  /// Evaluates a node against the snapshot's values, waiting for async nodes.
  ///
  /// ```swift
  /// let quote = try await snapshot.value(Cart.shipping)
  /// ```
  ///
  /// - Parameter node: Any atom or selector.
  /// - Returns: Its value.
  /// - Throws: Its error, or `CancellationError` when the task is cancelled.
  public func value<Value>(_ node: Node<Value>) async throws -> Value {
    try await scratchContainer().value(node)
  }

  private func scratchContainer() -> AtomContainer {
    scratch.container(restoring: self)
  }

  static func entry<Value>(
    for atom: WritableNode<Value>, value: Value, isSame: (@Sendable (Value, Value) -> Bool)?
  ) -> Entry {
    Entry(
      key: atom.key, value: value,
      restore: { core in
        // Written as the app writes it (a stubbed atom records a new stub); writing an atom
        // cannot fail.
        try? core.write(atom, value, site: .unknown)
      },
      isEqual: { other in
        guard let other = other as? Value else { return false }
        if let isSame { return isSame(value, other) }
        return String(reflecting: value) == String(reflecting: other)
      },
      isSet: {
        guard let atom = atom as? Atom<Value> else { return true }
        let original = atom.defaultValue()
        if let isSame { return !isSame(value, original) }
        return String(reflecting: value) != String(reflecting: original)
      })
  }
}

extension AtomContainer {
  /// The values of every atom this container holds: an immutable snapshot to restore, edit,
  /// compare or evaluate selectors against. Async atoms still loading are left out.
  ///
  /// ```swift
  /// let saved = container.snapshot()
  /// ```
  ///
  /// - Returns: The snapshot.
  public func snapshot() -> AtomSnapshot {
    _operate { core in AtomSnapshot(entries: core.atomSnapshotEntries(), graph: core.nodeInfos()) }
  }

  /// Gives every atom of the snapshot its value there, in one operation: each subscriber is
  /// notified once, and selectors re-evaluate when next read. An atom the snapshot does not
  /// hold had no value of its own then (the container had not used it yet, or it was still
  /// loading), so it goes back to its default, as in Recoil.
  ///
  /// ```swift
  /// container.restore(saved)
  /// ```
  ///
  /// - Parameter snapshot: A snapshot of this container or another.
  public func restore(_ snapshot: AtomSnapshot) {
    _operate { core in
      let held = Set(snapshot.entries.map(\.key))
      for slot in core._slots where slot.index >= 0 && slot.kind == .atom && !held.contains(slot._key) {
        core.reset(slot.index)
      }
      for entry in snapshot.entries { entry.restore(core) }
      core.settle()
    }
  }
}

/// The container an ``AtomSnapshot`` evaluates selectors in, made when first asked for.
final class ScratchContainer: Sendable {
  private let made = LockedValue<AtomContainer?>(nil)

  /// The container, made on first use with `snapshot`'s values.
  func container(restoring snapshot: AtomSnapshot) -> AtomContainer {
    made.withLock { made in
      if let made { return made }
      let container = AtomContainer()
      container.restore(snapshot)
      made = container
      return container
    }
  }
}
