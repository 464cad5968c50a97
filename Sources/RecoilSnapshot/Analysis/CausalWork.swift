/// The work a snapshot's causal timeline did, by cause: for each node, its writes and
/// evaluations, how many it did for any one root cause (a selector evaluated twice for one
/// action is a defect signal), how many dependents one of its changes reached, and its wasted
/// evaluations; for each entry, the evaluations, writes and notified subscribers it caused.
/// `query --churn` ranks the nodes; `check`'s causal rules read both.
///
/// ```swift
/// let work = CausalWork(snapshot)
/// for node in work.nodes.prefix(3) { print(node.id, node.mostInOneCause, "for #\(node.mostCause)") }
/// ```
public struct CausalWork: Sendable {
  /// One node's work over the timeline.
  ///
  /// ```swift
  /// let churn = work.nodes.first { $0.id == "Pricing.displayPrices" }
  /// ```
  public struct NodeWork: Sendable, Equatable {
    /// The node's id.
    public var id: String
    /// Its writes (atoms) in the timeline.
    public var writes = 0
    /// Its evaluations (selectors) in the timeline.
    public var evaluations = 0
    /// Its evaluations whose result equalled the previous value.
    public var wasted = 0
    /// How many root causes it did work for.
    public var causes = 0
    /// The most writes and evaluations it did for any one root cause.
    public var mostInOneCause = 0
    /// That root cause's `seq` (the earliest, when several tie).
    public var mostCause = 0
    /// The entry that made it more than one for that cause, or its only entry there.
    public var mostEntry = 0
    /// The most dependents one of its changes reached directly (distinct nodes among the
    /// entries that name the change as their cause).
    public var fanOut = 0
    /// The change that reached them, when any did.
    public var fanOutEntry: Int?
    /// Its latest wasted evaluation, when it has one.
    public var lastWasted: Int?

    /// All its work: writes and evaluations.
    ///
    /// ```swift
    /// print(churn.work)
    /// ```
    public var work: Int { writes + evaluations }
  }

  /// What one entry caused, directly or not (not counting itself).
  ///
  /// ```swift
  /// let caused = work.caused(by: 16)
  /// print(caused.evaluations, caused.writes, caused.notified)
  /// ```
  public struct Caused: Sendable, Equatable {
    /// Evaluations it caused.
    public var evaluations = 0
    /// Atom writes it caused.
    public var writes = 0
    /// Subscribers notified by the notifications it caused.
    public var notified = 0
  }

  /// Every node that did work, ranked: most in one cause first, then most work, then id.
  public let nodes: [NodeWork]
  private let causedBySeq: [Int: Caused]

  /// Works out the timeline's work, in time proportional to its length.
  ///
  /// ```swift
  /// let work = CausalWork(try SnapshotCodec.decode(data))
  /// ```
  ///
  /// - Parameter snapshot: The snapshot.
  public init(_ snapshot: Snapshot) {
    let index = TimelineIndex(snapshot)
    var rows: [String: NodeWork] = [:]
    // Per node, its count for each root cause and the entry that made that count.
    var perCause: [String: [Int: (count: Int, entry: Int)]] = [:]
    var reached: [Int: Set<String>] = [:]
    for event in index.events {
      if let cause = event.cause, let node = event.node, cause != event.seq { reached[cause, default: []].insert(node) }
      guard let node = event.node, event.kind == .write || event.kind == .evaluation else { continue }
      var row = rows[node] ?? NodeWork(id: node)
      if event.kind == .write { row.writes += 1 } else { row.evaluations += 1 }
      if event.kind == .evaluation && event.changed == false {
        row.wasted += 1
        row.lastWasted = event.seq
      }
      rows[node] = row
      let root = index.root(of: event).seq
      let before = perCause[node]?[root]?.count ?? 0
      // The entry shown is the one that went past one for this cause (the first repeat).
      let entry = before == 1 ? event.seq : perCause[node]?[root]?.entry ?? event.seq
      perCause[node, default: [:]][root] = (before + 1, entry)
    }
    for (node, counts) in perCause {
      guard var row = rows[node] else { continue }
      row.causes = counts.count
      if let most = counts.max(by: { ($0.value.count, -$0.key) < ($1.value.count, -$1.key) }) {
        row.mostInOneCause = most.value.count
        row.mostCause = most.key
        row.mostEntry = most.value.entry
      }
      rows[node] = row
    }
    for event in index.events {
      guard let node = event.node, event.kind != .evaluation || event.changed != false,
        let dependents = reached[event.seq], var row = rows[node], dependents.count > row.fanOut
      else { continue }
      row.fanOut = dependents.count
      row.fanOutEntry = event.seq
      rows[node] = row
    }
    nodes = rows.values.sorted {
      ($0.mostInOneCause, $0.work, $1.id) > ($1.mostInOneCause, $1.work, $0.id)
    }

    // What each entry caused, gathered from the latest entry back: a cause comes before what
    // it caused, so each entry's totals are complete when it is reached.
    var caused: [Int: Caused] = [:]
    for event in index.events.reversed() {
      guard let cause = event.cause, cause < event.seq else { continue }
      var total = caused[cause] ?? Caused()
      let own = caused[event.seq] ?? Caused()
      total.evaluations += own.evaluations + (event.kind == .evaluation ? 1 : 0)
      total.writes += own.writes + (event.kind == .write ? 1 : 0)
      total.notified += own.notified + (event.kind == .notification ? event.subscribers ?? 0 : 0)
      caused[cause] = total
    }
    causedBySeq = caused
  }

  /// What the entry numbered `seq` caused, directly or not.
  ///
  /// ```swift
  /// if work.caused(by: action.seq).evaluations > 10 { print("busy action") }
  /// ```
  ///
  /// - Parameter seq: An entry's number.
  /// - Returns: Its consequences' counts; zero when it caused nothing.
  public func caused(by seq: Int) -> Caused {
    causedBySeq[seq] ?? Caused()
  }
}
