/// One node of a state graph: an atom, a selector, a store or a store's slice.
///
/// Only ``id`` and ``kind`` are required; everything else is shown when present.
///
/// ```swift
/// var node = SnapshotNode(id: "CartState.total", kind: .selector)
/// node.valueType = "Decimal"
/// node.value = "42.50"
/// node.evaluations = SnapshotEvaluations(count: 3, totalNanos: 120_000)
/// ```
public struct SnapshotNode: Sendable, Equatable, Identifiable {
  /// The unique identity of the node, for example `CartState.allCartItems`.
  public var id: String
  /// What kind of node this is.
  public var kind: SnapshotNodeKind
  /// A display name, when it differs from ``id``.
  public var label: String?
  /// Whether the node's value is produced asynchronously.
  public var isAsync: Bool
  /// The family this node is a member of.
  public var family: String?
  /// The family parameter this member was created for, as a preview.
  public var parameter: String?
  /// The id of the store that owns this slice or selector.
  public var owner: String?
  /// Where a slice sits in its store's state (`cart.lines`), when that is not its label: the
  /// path its actions' changes are written at.
  public var path: String?
  /// The Swift type of the value, for example `[CartItem]`.
  public var valueType: String?
  /// A preview of the current value.
  public var value: String?
  /// Whether the value is ready, loading or failed.
  public var status: SnapshotNodeStatus?
  /// The error message when ``status`` is ``SnapshotNodeStatus/error``.
  public var error: String?
  /// How many subscribers observe the node.
  public var subscribers: Int?
  /// Evaluation statistics for selectors.
  public var evaluations: SnapshotEvaluations?
  /// A store's or slice's value as a tree, row by row (bounded, redacted); `nil` when not
  /// recorded.
  public var structure: [SnapshotValueRow]?

  /// Creates a node.
  ///
  /// ```swift
  /// let atom = SnapshotNode(id: "user.name", kind: .atom, valueType: "String", value: "\"Ann\"")
  /// ```
  ///
  /// - Parameters:
  ///   - id: The unique identity of the node.
  ///   - kind: What kind of node this is.
  ///   - label: A display name.
  ///   - isAsync: Whether the value is produced asynchronously.
  ///   - family: The family of a family member.
  ///   - parameter: The family parameter, as a preview.
  ///   - owner: The owning store of a slice or store selector.
  ///   - valueType: The Swift type of the value.
  ///   - value: A preview of the current value.
  ///   - status: Ready, loading or error.
  ///   - error: The error message.
  ///   - subscribers: The number of subscribers.
  ///   - evaluations: Evaluation statistics.
  public init(
    id: String,
    kind: SnapshotNodeKind,
    label: String? = nil,
    isAsync: Bool = false,
    family: String? = nil,
    parameter: String? = nil,
    owner: String? = nil,
    valueType: String? = nil,
    value: String? = nil,
    status: SnapshotNodeStatus? = nil,
    error: String? = nil,
    subscribers: Int? = nil,
    evaluations: SnapshotEvaluations? = nil
  ) {
    self.id = id
    self.kind = kind
    self.label = label
    self.isAsync = isAsync
    self.family = family
    self.parameter = parameter
    self.owner = owner
    self.valueType = valueType
    self.value = value
    self.status = status
    self.error = error
    self.subscribers = subscribers
    self.evaluations = evaluations
  }
}

extension SnapshotNode {
  /// Where a slice sits in its store's state: its ``path``, else its label (a slice's label is
  /// its key path unless it was registered under another name), else its id after its
  /// store's; `nil` for any other kind of node.
  ///
  /// ```swift
  /// var lines = SnapshotNode(id: "cart.lines", kind: .slice, label: "lines", owner: "cart")
  /// lines.path = "checkout.lines"
  /// lines.statePath  // "checkout.lines"
  /// ```
  public var statePath: String? {
    guard kind == .slice else { return nil }
    if let path { return path }
    if let label { return label }
    guard let owner, id.hasPrefix(owner + ".") else { return id }
    return String(id.dropFirst(owner.count + 1))
  }
}

/// The kind of a ``SnapshotNode``.
///
/// ```swift
/// let kind = SnapshotNodeKind(rawValue: "selector")  // .selector
/// ```
public enum SnapshotNodeKind: String, Sendable, CaseIterable {
  /// A writable root of state in an atom graph.
  case atom
  /// A value derived from other nodes.
  case selector
  /// A Redux-style store.
  case store
  /// A sub-state of a store, registered at a key path.
  case slice
}

/// Whether a node's value is available.
///
/// ```swift
/// let status = SnapshotNodeStatus.loading
/// ```
public enum SnapshotNodeStatus: String, Sendable, CaseIterable {
  /// The value is available.
  case ready
  /// An asynchronous evaluation is in flight.
  case loading
  /// The last evaluation failed; see ``SnapshotNode/error``.
  case error
}

/// How often a node was evaluated and how long that took, in nanoseconds.
///
/// When only some evaluations were timed (see `timedCount`), the durations are those of the
/// timed ones.
///
/// ```swift
/// let stats = SnapshotEvaluations(count: 2, totalNanos: 900, maxNanos: 600, lastNanos: 300)
/// let sampled = SnapshotEvaluations(count: 64, totalNanos: 200, lastNanos: 100, timedCount: 2)
/// ```
public struct SnapshotEvaluations: Sendable, Equatable {
  /// The number of evaluations.
  public var count: Int
  /// The sum of the timed evaluations' durations.
  public var totalNanos: Int
  /// The shortest timed evaluation, when known.
  public var minNanos: Int?
  /// The longest timed evaluation, when known.
  public var maxNanos: Int?
  /// The most recent timed evaluation, when known.
  public var lastNanos: Int?
  /// How many evaluations were timed, when not all of them were; `nil` means all.
  public var timedCount: Int?

  /// The mean duration of the timed evaluations, when any was timed.
  ///
  /// ```swift
  /// SnapshotEvaluations(count: 64, totalNanos: 200, timedCount: 2).meanNanos  // 100
  /// ```
  public var meanNanos: Int? {
    let timed = timedCount ?? count
    return timed > 0 ? totalNanos / timed : nil
  }

  /// Whether only some evaluations were timed.
  ///
  /// ```swift
  /// SnapshotEvaluations(count: 64, totalNanos: 200, timedCount: 2).isSampled  // true
  /// ```
  public var isSampled: Bool { (timedCount ?? count) < count }

  /// The time all evaluations took: `totalNanos` when each was timed, otherwise the mean of
  /// the timed ones times `count`.
  ///
  /// ```swift
  /// SnapshotEvaluations(count: 64, totalNanos: 200, timedCount: 2).estimatedTotalNanos  // 6400
  /// ```
  public var estimatedTotalNanos: Int {
    guard isSampled else { return totalNanos }
    let (product, overflow) = (meanNanos ?? 0).multipliedReportingOverflow(by: count)
    return overflow ? .max : product
  }

  /// Creates evaluation statistics.
  ///
  /// ```swift
  /// let stats = SnapshotEvaluations(count: 1, totalNanos: 250)
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of evaluations.
  ///   - totalNanos: The total duration.
  ///   - minNanos: The shortest duration.
  ///   - maxNanos: The longest duration.
  ///   - lastNanos: The latest duration.
  ///   - timedCount: How many evaluations were timed; `nil` for all.
  public init(
    count: Int, totalNanos: Int, minNanos: Int? = nil, maxNanos: Int? = nil, lastNanos: Int? = nil,
    timedCount: Int? = nil
  ) {
    self.count = count
    self.totalNanos = totalNanos
    self.minNanos = minNanos
    self.maxNanos = maxNanos
    self.lastNanos = lastNanos
    self.timedCount = timedCount
  }
}
