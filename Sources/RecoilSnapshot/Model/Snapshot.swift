import Foundation

/// A picture of a state graph at one moment: its nodes, the dependency edges between them,
/// and the actions that stores processed.
///
/// A snapshot is what the inspector records and what `recoil-inspect` renders. It is plain
/// data: every module that reads or writes snapshots uses this one model and ``SnapshotCodec``.
/// (An `AtomSnapshot` of RecoilAtoms is something else: a container's typed atom values, to
/// restore them.)
///
/// ```swift
/// var snapshot = Snapshot()
/// snapshot.nodes = [
///   SnapshotNode(id: "cart.items", kind: .atom),
///   SnapshotNode(id: "cart.total", kind: .selector),
/// ]
/// snapshot.edges = [SnapshotEdge(from: "cart.items", to: "cart.total")]
/// let json = SnapshotCodec.encode(snapshot)
/// ```
public struct Snapshot: Sendable, Equatable {
  /// The value of the `format` field that identifies a snapshot file.
  public static let format = "recoil-inspect/snapshot"
  /// The format version this library reads and writes.
  public static let version = 1

  /// When the snapshot was taken, if known.
  public var capturedAt: Date?
  /// How long recording had run when the snapshot was taken, in nanoseconds: the "now" of
  /// the timeline's and the actions' `atNanos`, to tell how long something is in flight.
  public var elapsedNanos: Int?
  /// The process the snapshot was taken in, when the inspector says (older snapshots do not).
  public var app: SnapshotApp?
  /// The atoms, selectors, stores and slices in the graph. Ids are unique.
  public var nodes: [SnapshotNode]
  /// Dependency edges, from a dependency to its dependent.
  public var edges: [SnapshotEdge]
  /// The action recording of the stores, oldest first.
  public var actions: [SnapshotAction]
  /// The causal timeline: actions, atom writes, evaluations, notifications, effects and
  /// resolutions in the order they happened, each naming its cause. Empty in snapshots
  /// written before the timeline existed.
  public var timeline: [SnapshotEntry]
  /// The subscriptions to the atom graph's nodes (views, `observe`, `TrackingScope`,
  /// `subscribe`): the live ones, and the ended ones a notification of the timeline names.
  public var subscriptions: [SnapshotSubscription] = []
  /// How many recorded entries were dropped from bounded buffers before this snapshot.
  public var dropped: SnapshotDropCounts?

  /// Creates a snapshot.
  ///
  /// ```swift
  /// let empty = Snapshot()
  /// ```
  ///
  /// - Parameters:
  ///   - capturedAt: When the snapshot was taken.
  ///   - nodes: The graph's nodes.
  ///   - edges: Dependency edges between those nodes.
  ///   - actions: Recorded store actions.
  ///   - timeline: The causal timeline.
  ///   - dropped: Counts of entries dropped from bounded buffers.
  public init(
    capturedAt: Date? = nil,
    nodes: [SnapshotNode] = [],
    edges: [SnapshotEdge] = [],
    actions: [SnapshotAction] = [],
    timeline: [SnapshotEntry] = [],
    dropped: SnapshotDropCounts? = nil
  ) {
    self.timeline = timeline
    self.capturedAt = capturedAt
    self.nodes = nodes
    self.edges = edges
    self.actions = actions
    self.dropped = dropped
  }
}

/// Counts of recorded entries that bounded buffers dropped.
///
/// ```swift
/// let dropped = SnapshotDropCounts(actions: 12, evaluations: 0, events: 3)
/// ```
public struct SnapshotDropCounts: Sendable, Equatable {
  /// Actions dropped from the action recording.
  public var actions: Int
  /// Evaluations dropped from the evaluation timeline.
  public var evaluations: Int
  /// Live events dropped because the stream's queue was full.
  public var events: Int
  /// Entries dropped from the causal timeline.
  public var timeline: Int = 0
  /// Actions left out because the inspector never records them
  /// (`InspectorConfiguration.actionsNeverRecorded`), by name.
  public var notRecorded: [String: Int] = [:]

  /// Creates drop counts.
  ///
  /// ```swift
  /// let none = SnapshotDropCounts()
  /// ```
  ///
  /// - Parameters:
  ///   - actions: Actions dropped.
  ///   - evaluations: Evaluations dropped.
  ///   - events: Live events dropped.
  ///   - timeline: Timeline entries dropped.
  ///   - notRecorded: Actions never recorded, by name.
  public init(
    actions: Int = 0, evaluations: Int = 0, events: Int = 0, timeline: Int = 0, notRecorded: [String: Int] = [:]
  ) {
    self.actions = actions
    self.evaluations = evaluations
    self.events = events
    self.timeline = timeline
    self.notRecorded = notRecorded
  }
}
