/// A snapshot's causal timeline, indexed for questions of cause and effect: an entry by its
/// `seq`, what each entry caused, the chain from a root cause to an entry, and the store action
/// an action entry stands for.
///
/// ```swift
/// let index = TimelineIndex(snapshot)
/// if let latest = index.latest(about: "Pricing.displayPrices") {
///   for step in index.chain(to: latest) { print(step.seq, step.kind) }  // root first
/// }
/// ```
public struct TimelineIndex: Sendable {
  /// The entries, in `seq` order.
  public let events: [SnapshotEntry]
  private let positionOfSeq: [Int: Int]
  private let consequences: [Int: [Int]]
  /// The position of each entry's root cause, found once for all: a cause comes before what it
  /// caused, so one pass in order gives every root.
  private let rootPositions: [Int]
  private let actionPositions: [String: [Int: Int]]
  private let actions: [SnapshotAction]
  /// The position of each action's entry, by store and the store's number.
  private let entryPositions: [String: [Int: Int]]

  /// Indexes a snapshot's timeline and its actions.
  ///
  /// ```swift
  /// let index = TimelineIndex(try SnapshotCodec.decode(data))
  /// ```
  ///
  /// - Parameter snapshot: The snapshot.
  public init(_ snapshot: Snapshot) {
    let events = snapshot.timeline.sorted { $0.seq < $1.seq }
    var positionOfSeq: [Int: Int] = [:]
    for (position, event) in events.enumerated() { positionOfSeq[event.seq] = position }
    var consequences: [Int: [Int]] = [:]
    for (position, event) in events.enumerated() {
      if let cause = event.cause, let causePosition = positionOfSeq[cause], causePosition != position {
        consequences[causePosition, default: []].append(position)
      }
    }
    var rootPositions: [Int] = []
    rootPositions.reserveCapacity(events.count)
    for (position, event) in events.enumerated() {
      // A cause that is not earlier (only a snapshot made in code can have one; the decoder
      // refuses it) makes the entry a root of its own.
      if let cause = event.cause, let causePosition = positionOfSeq[cause], causePosition < position {
        rootPositions.append(rootPositions[causePosition])
      } else {
        rootPositions.append(position)
      }
    }
    var entryPositions: [String: [Int: Int]] = [:]
    for (position, event) in events.enumerated() where event.kind == .action {
      if let store = event.store, let number = event.action { entryPositions[store, default: [:]][number] = position }
    }
    var actionPositions: [String: [Int: Int]] = [:]
    for (position, action) in snapshot.actions.enumerated() {
      actionPositions[action.store, default: [:]][action.seq] = position
    }
    self.events = events
    self.positionOfSeq = positionOfSeq
    self.consequences = consequences
    self.rootPositions = rootPositions
    self.actionPositions = actionPositions
    self.actions = snapshot.actions
    self.entryPositions = entryPositions
  }

  /// The entry numbered `seq`, if the timeline holds it.
  ///
  /// ```swift
  /// let entry = index.event(seq: 74)
  /// ```
  ///
  /// - Parameter seq: The entry's number.
  /// - Returns: The entry.
  public func event(seq: Int) -> SnapshotEntry? {
    positionOfSeq[seq].map { events[$0] }
  }

  /// The direct cause of an entry, if the timeline holds it.
  ///
  /// ```swift
  /// let cause = index.cause(of: write)
  /// ```
  ///
  /// - Parameter event: An entry of this timeline.
  /// - Returns: Its cause.
  public func cause(of event: SnapshotEntry) -> SnapshotEntry? {
    event.cause.flatMap { self.event(seq: $0) }
  }

  /// What an entry caused directly, in order.
  ///
  /// ```swift
  /// for effect in index.consequences(of: action) { print(effect.kind) }
  /// ```
  ///
  /// - Parameter event: An entry of this timeline.
  /// - Returns: The entries that name it as their cause.
  public func consequences(of event: SnapshotEntry) -> [SnapshotEntry] {
    guard let position = positionOfSeq[event.seq] else { return [] }
    return (consequences[position] ?? []).map { events[$0] }
  }

  /// The entries whose cause is not in the timeline: actions and writes the app made of its
  /// own accord, first reads, and entries whose cause was dropped.
  ///
  /// ```swift
  /// for root in index.roots { print(root.seq) }
  /// ```
  public var roots: [SnapshotEntry] {
    events.filter { cause(of: $0) == nil }
  }

  /// The chain of causes from the root to `event`, root first and `event` last.
  ///
  /// ```swift
  /// let hops = index.chain(to: evaluation).count
  /// ```
  ///
  /// - Parameter event: An entry of this timeline.
  /// - Returns: The chain; just `event` when it has no known cause.
  public func chain(to event: SnapshotEntry) -> [SnapshotEntry] {
    var chain = [event]
    var seen: Set<Int> = [event.seq]
    while let cause = cause(of: chain[chain.count - 1]), seen.insert(cause.seq).inserted {
      chain.append(cause)
    }
    return chain.reversed()
  }

  /// The root cause of an entry: the first of its chain.
  ///
  /// ```swift
  /// let root = index.root(of: evaluation)
  /// ```
  ///
  /// - Parameter event: An entry of this timeline.
  /// - Returns: The root; `event` itself when it has no known cause.
  public func root(of event: SnapshotEntry) -> SnapshotEntry {
    guard let position = positionOfSeq[event.seq] else { return event }
    return events[rootPositions[position]]
  }

  /// The latest write, evaluation or resolution of a node (at or before `seq`, when given).
  ///
  /// ```swift
  /// let latest = index.latest(about: "Pricing.displayPrices", atOrBefore: 80)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node's id.
  ///   - seq: The latest entry to consider.
  /// - Returns: The entry, or `nil` when the node was never written or evaluated.
  public func latest(about node: String, atOrBefore seq: Int? = nil) -> SnapshotEntry? {
    events.last { event in
      event.node == node && (event.kind == .write || event.kind == .evaluation || event.kind == .resolution)
        && seq.map { event.seq <= $0 } ?? true
    }
  }

  /// The entry of a store action, if the timeline holds it.
  ///
  /// ```swift
  /// let entry = index.entry(for: snapshot.actions[0])
  /// ```
  ///
  /// - Parameter action: An action of the snapshot's trace.
  /// - Returns: Its timeline entry.
  public func entry(for action: SnapshotAction) -> SnapshotEntry? {
    entryPositions[action.store]?[action.seq].map { events[$0] }
  }

  /// The store action an action entry stands for, with its payload and changes.
  ///
  /// ```swift
  /// let changes = index.action(for: entry)?.changes ?? []
  /// ```
  ///
  /// - Parameter event: An action entry.
  /// - Returns: The action, if the snapshot's trace still holds it.
  public func action(for event: SnapshotEntry) -> SnapshotAction? {
    guard event.kind == .action, let store = event.store, let number = event.action,
      let position = actionPositions[store]?[number]
    else { return nil }
    return actions[position]
  }
}
