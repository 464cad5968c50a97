import Synchronization

/// A node of the atom graph whose value has type `Value`: the common base of ``Atom``,
/// ``Selector``, ``WritableSelector``, ``AsyncAtom`` and ``AsyncSelector``.
///
/// A node is only a definition. Its value lives in an ``AtomContainer``, so one definition
/// serves any number of containers. Declare nodes once, as `static let`, so that each
/// container can remember where it keeps them:
///
/// ```swift
/// enum CartState {
///   static let items = Atom<[CartItem]>([])
///   static let count = Selector { get in try get(items).count }
/// }
/// ```
public class Node<Value: Sendable>: @unchecked Sendable {
  // Sendable: every stored property is an immutable `let` or an `Atomic`.

  // `uid` and `slotCache` come first, beside the object's header: finding a node's slot then
  // touches one cache line of the node.
  @usableFromInline let _uid: Int
  /// Where the last container to look this node up keeps it: container serial in the high
  /// 32 bits, slot index + 1 in the low 32. Saves a dictionary lookup on every read.
  @usableFromInline let _slotCache = Atomic<UInt64>(0)
  /// Whether this node is a family member, whose family is named by its key's name; a flag
  /// rather than a second copy of the name keeps every node smaller. Beside the slot cache,
  /// so that a read through the container checks it in the line it already touches.
  @usableFromInline let _isFamilyMember: Bool
  /// The node's identity.
  public let key: NodeKey
  /// The family's cache policy, for a member of a family that has one.
  let cachePolicy: FamilyCachePolicy?

  /// The family this node belongs to, if it is a family member.
  public var family: String? { _isFamilyMember ? key.name : nil }

  /// `family`, when given, is the key's name (families name their members' keys after
  /// themselves).
  @usableFromInline init(key: NodeKey, family: String?, cachePolicy: FamilyCachePolicy? = nil) {
    precondition(family == nil || family == key.name, "a family member's key is named after its family")
    self.key = key
    self._isFamilyMember = family != nil
    self.cachePolicy = family == nil ? nil : cachePolicy
    self._uid = NodeIdentity.next()
  }

  /// Whether the value is ``Loadable/value(_:)`` only after an asynchronous step.
  var isAsync: Bool { false }
  var kind: NodeKind { .selector }

  /// Creates the container-side storage for this node.
  func makeSlot(index: Int32, core: _GraphCore) -> _NodeSlot {
    preconditionFailure("Node subclasses create their slots")
  }

  /// Whether the node has atom effects, which run when it is first used (see ``AtomEffect``).
  var hasEffects: Bool { false }

  /// Runs the node's effects for its new slot `index`, under the container's lock.
  func startEffects(index: Int32, core: _GraphCore) -> (any AtomEffectsRun)? { nil }
}

/// A node that can be written: ``Atom``, ``AsyncAtom`` and ``WritableSelector``.
///
/// ```swift
/// func clear(_ node: WritableNode<[CartItem]>, in container: AtomContainer) {
///   container.set(node, [])
/// }
/// ```
public class WritableNode<Value: Sendable>: Node<Value>, @unchecked Sendable {
  // Sendable: see Node.
}

/// Unique ids for node definitions, so a container can tell two definitions apart cheaply.
enum NodeIdentity {
  private static let counter = Atomic<Int>(0)
  static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
}
