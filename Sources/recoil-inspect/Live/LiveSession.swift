import RecoilSnapshot

/// One app's connection to `live`, and what its events have said so far, kept as a snapshot
/// the report page can show: nodes and edges as they appear and go, each node's latest value,
/// status and evaluation counts, and every timeline entry, oldest first, at most `keep` of
/// them (the oldest go first, and are counted).
///
/// An app that restarts comes back on a new connection, and so as a new session; the earlier
/// one stays, disconnected, readable.
///
/// ```swift
/// var session = LiveSession(number: 1, keep: 100_000)
/// session.apply(event)
/// let snapshot = session.snapshot()
/// ```
struct LiveSession {
  /// The session's number, from 1, in the order the connections came.
  let number: Int
  /// The app's introduction, once its hello arrived.
  private(set) var hello: AppHello?
  var isConnected = true
  /// How many timeline entries are kept; older ones are dropped and counted.
  let keep: Int
  /// Counts every change, and every change of the graph's shape (nodes or edges added or
  /// removed): a page redraws its layout only for the second.
  private(set) var version = 0
  private(set) var shapeVersion = 0
  /// Events the app itself dropped (its stream's queue was full, or it was disconnected).
  private(set) var droppedByApp = 0
  /// Timeline entries dropped here to keep at most `keep`.
  private(set) var trimmed = 0
  /// The step the tool jumped the app back to, while it is there (until `resume`).
  private(set) var jumpedTo: Int?

  private var nodes: [SnapshotNode] = []
  private var indexOfID: [String: Int] = [:]
  private var edges: [SnapshotEdge] = []
  private var actions: [SnapshotAction] = []
  private var timeline: [SnapshotEntry] = []
  /// The timeline number of the entry that gave each node its value: an entry arriving late
  /// (from another thread) does not undo a later one.
  private var valueSeq: [String: Int] = [:]
  /// Each store's slices by node index, as of a shape of the graph.
  private var slicesByStore: (shape: Int, indexes: [String: [Int]]) = (-1, [:])

  init(number: Int, keep: Int) {
    self.number = number
    self.keep = max(keep, 1)
  }

  /// The session's name on the page and in the terminal: the app's name and process id, or
  /// `app N` before its hello.
  var name: String {
    hello?.shownName ?? "app \(number)"
  }

  /// The latest timeline entry's number, if any.
  var latestSeq: Int? { timeline.last?.seq }

  /// Timeline entries shown.
  var entryCount: Int { min(timeline.count, keep) }

  /// Updates the model with one event.
  // One function by design: one switch over the event's kinds, each case a few lines, so
  // that the compiler checks that every kind of event updates the model.
  mutating func apply(_ event: InspectorEvent) {
    version += 1
    switch event.kind {
    case .hello(let hello):
      self.hello = hello
    case .node(let node):
      merge(node)
    case .edgeAdded(let edge):
      guard !edges.contains(edge) else { return }
      edges.append(edge)
      shapeVersion += 1
    case .edgeRemoved(let edge):
      guard let index = edges.firstIndex(of: edge) else { return }
      edges.remove(at: index)
      shapeVersion += 1
    case .nodeRemoved(let id):
      // The node goes with its edges; its entries stay in the timeline, by id.
      guard let index = indexOfID[id] else { return }
      nodes.remove(at: index)
      indexOfID = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
      edges.removeAll { $0.from == id || $0.to == id }
      valueSeq[id] = nil
      shapeVersion += 1
    case .error(let id, let message):
      update(id) {
        $0.status = .error
        $0.error = message
      }
    case .dropped(let count):
      droppedByApp += count
    case .answer:
      break  // for the request that asked (see `LiveServer`), not the timeline
    case .evaluation(let evaluation):
      let takesValue = evaluation.changed && evaluation.value != nil && isLatest(event.seq, for: evaluation.node)
      if indexOfID[evaluation.node] == nil {
        // A store's selector first heard of by its run (selectors are made when first read):
        // it belongs in its store, the one its id starts with.
        let store = nodes.last { $0.kind == .store && evaluation.node.hasPrefix($0.id + ".") }
        merge(
          SnapshotNode(
            id: evaluation.node, kind: .selector,
            label: store.map { String(evaluation.node.dropFirst($0.id.count + 1)) }, owner: store?.id))
      }
      update(evaluation.node) { node in
        var statistics = node.evaluations ?? SnapshotEvaluations(count: 0, totalNanos: 0)
        statistics.count += 1
        // Saturated: a stream is read as it comes, and durations near Int.max are still integers.
        statistics.totalNanos = statistics.totalNanos.addingSaturated(evaluation.durationNanos)
        statistics.minNanos = min(statistics.minNanos ?? .max, evaluation.durationNanos)
        statistics.maxNanos = max(statistics.maxNanos ?? 0, evaluation.durationNanos)
        statistics.lastNanos = evaluation.durationNanos
        node.evaluations = statistics
        if takesValue { node.value = evaluation.value }
        if node.status != .loading { node.status = .ready }
        node.error = nil
      }
      append(
        SnapshotEntry(
          seq: event.seq ?? 0, kind: .evaluation, cause: event.cause, node: evaluation.node,
          trigger: evaluation.trigger, changed: evaluation.changed, value: evaluation.value,
          durationNanos: evaluation.durationNanos, atNanos: event.atNanos))
    case .action(let action):
      actions.append(action)
      if actions.count > keep { actions.removeFirst(actions.count - keep) }
      updateSlices(of: action)
      append(
        SnapshotEntry(
          seq: event.seq ?? 0, kind: .action, cause: event.cause, store: action.store, action: action.seq,
          name: action.name, durationNanos: action.durationNanos, atNanos: action.atNanos ?? event.atNanos,
          site: action.site))
    case .effect(let effect):
      append(
        SnapshotEntry(
          seq: event.seq ?? 0, kind: .effect, cause: event.cause, store: effect.store, name: effect.effect,
          atNanos: event.atNanos, phase: effect.phase.rawValue, error: effect.error))
    case .step(let step):
      switch step.kind {
      case .write:
        if let id = step.node, isLatest(step.seq, for: id) { update(id, kind: .atom) { $0.value = step.after } }
      case .resolution:
        if let id = step.node, isLatest(step.seq, for: id) {
          update(id) { node in
            if let error = step.error {
              node.status = .error
              node.error = error
            } else {
              node.status = .ready
              node.value = step.value ?? node.value
            }
          }
        }
      case .control where step.name == "jump":
        jumpedTo = step.value.flatMap { Int($0.drop { $0 == "#" }) }
      case .control where step.name == "resume":
        jumpedTo = nil
      default:
        break
      }
      append(step)
    }
  }

  /// The model as a snapshot, for the report page.
  func snapshot() -> Snapshot {
    let extra = max(timeline.count - keep, 0)
    var snapshot = Snapshot(nodes: nodes, edges: edges, actions: actions, timeline: Array(timeline.dropFirst(extra)))
    if droppedByApp > 0 || trimmed + extra > 0 {
      snapshot.dropped = SnapshotDropCounts(events: droppedByApp, timeline: trimmed + extra)
    }
    return snapshot
  }

  // MARK: - Updating

  /// Whether an entry numbered `seq` is the latest to give `id` a value (and notes it).
  private mutating func isLatest(_ seq: Int?, for id: String) -> Bool {
    guard let seq else { return true }
    if let known = valueSeq[id], known > seq { return false }
    valueSeq[id] = seq
    return true
  }

  /// A node event says what it knows: its fields replace the node's where given.
  private mutating func merge(_ node: SnapshotNode) {
    guard let index = indexOfID[node.id] else {
      indexOfID[node.id] = nodes.count
      nodes.append(node)
      shapeVersion += 1
      return
    }
    var merged = nodes[index]
    if node.label != nil { merged.label = node.label }
    if node.isAsync { merged.isAsync = true }
    if node.family != nil { merged.family = node.family }
    if node.parameter != nil { merged.parameter = node.parameter }
    // Another owner or path moves the node in the drawing: a new shape.
    if node.owner != nil && node.owner != merged.owner || node.path != nil && node.path != merged.path {
      shapeVersion += 1
    }
    if node.owner != nil { merged.owner = node.owner }
    if node.path != nil { merged.path = node.path }
    if node.valueType != nil { merged.valueType = node.valueType }
    if node.value != nil { merged.value = node.value }
    if node.status != nil { merged.status = node.status }
    if node.error != nil || node.status == .ready { merged.error = node.error }
    if node.subscribers != nil { merged.subscribers = node.subscribers }
    if node.evaluations != nil { merged.evaluations = node.evaluations }
    if node.structure != nil { merged.structure = node.structure }
    if merged.kind != node.kind {
      merged.kind = node.kind
      shapeVersion += 1
    }
    nodes[index] = merged
  }

  /// Changes a known node; a node the stream has not introduced yet is made first, as an
  /// atom or selector by what the event says it did.
  private mutating func update(_ id: String, kind: SnapshotNodeKind = .selector, _ change: (inout SnapshotNode) -> Void)
  {
    if indexOfID[id] == nil { merge(SnapshotNode(id: id, kind: kind)) }
    guard let index = indexOfID[id] else { return }
    change(&nodes[index])
  }

  /// A store's slices take the values its action gave their paths: a change at a slice's
  /// path, or the slice whole (`slices`); the store's and its slices' trees take every change
  /// (see ``LiveStructure``).
  private mutating func updateSlices(of action: SnapshotAction) {
    defer { updateStructures(of: action) }
    if slicesByStore.shape != shapeVersion {
      // Made again only when the graph changed shape, not for every action.
      var byStore: [String: [Int]] = [:]
      for (index, node) in nodes.enumerated() where node.kind == .slice {
        if let owner = node.owner { byStore[owner, default: []].append(index) }
      }
      slicesByStore = (shapeVersion, byStore)
    }
    guard let slices = slicesByStore.indexes[action.store] else { return }
    for change in action.changes + action.slices {
      for index in slices where nodes[index].statePath == change.path { nodes[index].value = change.after }
    }
  }

  private mutating func updateStructures(of action: SnapshotAction) {
    // The changes themselves, exact to the part; a part recorded whole only where no change
    // says what in it changed (the whole's description may be cut short).
    let wholes = action.slices.filter { whole in
      !action.changes.contains { $0.path == whole.path || LiveStructure.isInside($0.path, whole.path) }
    }
    let owned = (indexOfID[action.store].map { [$0] } ?? []) + (slicesByStore.indexes[action.store] ?? [])
    for index in owned where nodes[index].structure != nil {
      for change in action.changes + wholes { LiveStructure.apply(change, to: &nodes[index].structure!) }
    }
  }

  /// Adds an entry in timeline order: threads' events can arrive a little out of it.
  private mutating func append(_ entry: SnapshotEntry) {
    var position = timeline.endIndex
    while position > timeline.startIndex && timeline[position - 1].seq > entry.seq { position -= 1 }
    timeline.insert(entry, at: position)
    // Trimmed in batches, so that a full timeline does not move every entry on every event;
    // `snapshot()` shows only the latest `keep`.
    if timeline.count > keep + max(keep / 16, 1) {
      let excess = timeline.count - keep
      timeline.removeFirst(excess)
      trimmed += excess
    }
  }
}
