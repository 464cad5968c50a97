import Dispatch
import Foundation
import RecoilAtoms
import RecoilConcurrency
import RecoilReflection
import RecoilSnapshot
import RecoilStores
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recording side of an ``Inspector``: buffers, statistics and the live stream, shared by
/// the inspector and its hooks.
final class InspectorCore: Sendable {
  let configuration: InspectorConfiguration
  /// The configuration's redaction, ready to apply: every preview goes through it.
  let redactor: Redactor
  /// The configuration's actions never recorded.
  let unrecordedActions: UnrecordedActions
  /// The monotonic time the inspector started; event and action times are relative to it.
  let startNanos: UInt64
  let journal: LockedValue<InspectorJournal>
  private let liveStream = LockedValue<EventStream?>(nil)
  /// The streams' causal timeline, which finds each streamed entry's cause on the writer
  /// thread; one for every stream of this inspector.
  private let liveTimeline = LiveTimeline()
  private let isStreaming = Atomic<Bool>(false)
  /// What the streams that ended dropped (events, spans a collector never took).
  private let droppedByEndedStreams = Atomic<Int>(0)
  /// Whether the stream's queue has room (see `StreamRoom`).
  private let streamRoom = StreamRoom()
  /// Actions already described (name, payload, diff): each action is diffed once however
  /// many snapshots include it.
  private let describedActions = LockedValue(DescribedActions())
  /// Each store's registered slices that sit below the top of its state (`cart.lines`), by
  /// store: an action that changes something inside one records that slice whole too.
  private let nestedSlicePaths = LockedValue([String: [String]]())

  init(configuration: InspectorConfiguration) {
    self.configuration = configuration
    self.redactor = Redactor(configuration.redaction, previewLength: configuration.previewLength)
    self.unrecordedActions = UnrecordedActions(configuration.actionsNeverRecorded)
    self.startNanos = MonotonicClock.nanos
    self.journal = LockedValue(InspectorJournal(configuration: configuration))
  }

  func record<Result>(_ body: (inout InspectorJournal) -> Result) -> Result {
    journal.withLock { body(&$0) }
  }

  /// Sends an event to the live stream, if one is running; `make` runs on the stream's thread.
  /// The stream numbers and times the event as it is queued.
  func stream(_ make: @escaping @Sendable () -> InspectorEvent.Kind) {
    guard isStreaming.load(ordering: .relaxed) else { return }
    liveStream.withLock { $0 }?.submit(make)
  }

  /// Sends a timeline entry to the live stream, its cause found on the stream's thread in
  /// causal order; `make` runs on the stream's thread. Writes, notifications and resolutions
  /// go as steps; actions, evaluations and effects as their own events, which `shape` makes
  /// from the entry.
  func streamEntry(_ make: @escaping @Sendable () -> (entry: TimelineEntry, shape: LiveShape)) {
    guard isStreaming.load(ordering: .relaxed) else { return }
    liveStream.withLock { $0 }?.submitItem {
      let (entry, shape) = make()
      return .entry(LiveEntry(entry: entry, shape: shape))
    }
  }

  var isStreamingEnabled: Bool { isStreaming.load(ordering: .relaxed) }

  /// Whether a timeline entry would be streamed: streaming, and the queue has room.
  /// While it is full, they are counted as dropped here, before anything is made for them: a
  /// listener that stopped reading costs the app a check, not the making of events.
  func streamAccepts() -> Bool {
    isStreaming.load(ordering: .relaxed) && streamRoom.accepts()
  }

  /// This process's instance id, made once: the same for every inspector and stream of the
  /// process, another after a restart.
  static let instance = UUID().uuidString.lowercased()

  /// Starts the live stream; `graph` describes the whole graph again for a listener that
  /// comes back.
  func startStreaming(
    to endpoint: EventEndpoint, capacity: Int, graph: @escaping @Sendable () -> [InspectorEvent.Kind],
    requests: @escaping @Sendable ([UInt8]) -> Void = { _ in }, disconnected: @escaping @Sendable () -> Void = {},
    actions: EventStream.ActionSource
  ) throws -> EventStream {
    var isTCP = false
    if case .tcp = endpoint { isTCP = true }
    let hello = AppHello(
      app: configuration.appName, processID: Int(ProcessInfo.processInfo.processIdentifier),
      instance: Self.instance, version: PackageVersion.current, token: isTCP ? configuration.streamToken : nil)
    let stream = try EventStream(
      endpoint: endpoint, capacity: capacity, startNanos: startNanos, hello: hello, graph: graph, room: streamRoom,
      requests: requests, disconnected: disconnected, openTelemetry: configuration.openTelemetry,
      timeline: liveTimeline, actions: actions)
    let previous = liveStream.withLock { current in
      defer { current = stream }
      return current
    }
    previous?.close()
    if let previous { droppedByEndedStreams.add(previous.droppedCount, ordering: .relaxed) }
    isStreaming.store(true, ordering: .relaxed)
    // Containers' hooks want evaluations and values now (see `ContainerHook.interests`).
    AtomGraphInterests.changed()
    return stream
  }

  func stopStreaming() {
    isStreaming.store(false, ordering: .relaxed)
    AtomGraphInterests.changed()
    let stream = liveStream.withLock { current in
      defer { current = nil }
      return current
    }
    stream?.close()
    if let stream { droppedByEndedStreams.add(stream.droppedCount, ordering: .relaxed) }
  }

  /// What every stream dropped: the running one's so far and the ended ones'.
  var droppedEventCount: Int {
    (liveStream.withLock { $0 }?.droppedCount ?? 0) + droppedByEndedStreams.load(ordering: .relaxed)
  }

  func describeCached(_ actions: [RecordedAction]) -> [SnapshotAction] {
    let known = describedActions.withLock { $0 }
    let described: [SnapshotAction]
    if known.isEmpty && !actions.isEmpty {
      // The first snapshot: every action is new, and each slot is made once, by the chunk
      // that describes it, rather than filled with a placeholder first and then replaced.
      described = ConcurrentChunks.makeArray(count: actions.count) { (slots: ConcurrentChunks.Slots<SnapshotAction>) in
        describeOnEveryCore(actions, at: actions.indices) { slots.initialize($0, to: $1) }
      }
    } else {
      var missing: [Int] = []
      var filled = known.descriptions(of: actions, missing: &missing)
      ConcurrentChunks.refill(&filled) { (slots: ConcurrentChunks.Slots<SnapshotAction>) in
        describeOnEveryCore(actions, at: missing) { slots.replace($0, with: $1) }
      }
      described = filled
    }
    // What is kept becomes exactly what this trace holds: as bounded as the trace, and
    // sharing the descriptions' array.
    let kept = DescribedActions(actions, described)
    describedActions.withLock { $0 = kept }
    return described
  }

  /// Describes the actions at `positions`, handing each description to `deliver` with its
  /// position: from any thread, several at once, each position once. Describing (reflection
  /// over both states) is most of a snapshot's cost, and each action stands alone, so it is
  /// done on every core, in chunks (see `ConcurrentChunks`).
  private func describeOnEveryCore(
    _ actions: [RecordedAction], at positions: some RandomAccessCollection<Int>,
    _ deliver: (Int, consuming SnapshotAction) -> Void
  ) {
    // Read once, not under a lock per action from every core.
    let nestedSlices = nestedSlicePaths.withLock { $0 }
    ConcurrentChunks.forEach(count: positions.count) { range in
      // What reflection learns about the actions' types and values is kept per chunk, so no
      // lock is taken.
      let reflector = Reflector(remembering: min(range.count, 4096))
      for offset in range {
        let position = positions[positions.index(positions.startIndex, offsetBy: offset)]
        deliver(position, describe(actions[position], reflector: reflector, nestedSlices: nestedSlices))
      }
    }
  }

  /// The snapshot form of a recorded action: name, payload preview and changed paths, through
  /// `reflector`, which describes each distinct action value once.
  func describe(
    _ raw: RecordedAction, reflector: Reflector = Reflector(), nestedSlices: [String: [String]]? = nil
  ) -> SnapshotAction {
    var description = reflector.describe(action: raw.action) { [redactor] in
      redactor.preview($0, limit: .max, cache: reflector.cache)
    }
    if description.payload != nil && redactor.redacts(actionNamed: description.name) {
      description.payload = Redaction.marker
    }
    let changes = reflector.changes(
      from: raw.stateBefore, to: raw.stateAfter, previewLength: configuration.previewLength,
      limit: configuration.changesPerAction, masking: redactor
    ).map { SnapshotChange(path: $0.path, before: $0.before, after: $0.after) }
    return SnapshotAction(
      seq: raw.sequence, store: raw.store, name: description.name,
      payload: description.payload.map { TextPreview.cut($0, limit: configuration.previewLength) },
      atNanos: MonotonicClock.nanos(raw.atNanos, since: startNanos),
      durationNanos: raw.durationNanos.map { Int(clamping: $0) },
      changes: changes,
      slices: wholeParts(
        changedBy: changes, of: raw, cache: reflector.cache,
        nestedSlices: (nestedSlices ?? nestedSlicePaths.withLock { $0 })[raw.store] ?? []))
  }

  /// Remembers a store's registered slice at `path`, if it sits below the top of the state
  /// (a top-level one is recorded whole like every top-level part).
  func noteSlice(at path: String, of store: String) {
    guard path.contains("."), !path.isEmpty else { return }
    nestedSlicePaths.withLock { paths in
      if paths[store]?.contains(path) != true { paths[store, default: []].append(path) }
    }
  }

  /// Each part of the state that `changes` touched below its top, whole, before and after,
  /// previewed and redacted like every value at its path: each top-level part (`settings` for
  /// `settings.currency`), and each registered slice below the top (`cart.lines` for
  /// `cart.lines[0].quantity`). A part changed whole is in `changes` already, and costs
  /// nothing more here: the common action that sets a field of the state makes no mirror and
  /// no preview.
  private func wholeParts(
    changedBy changes: [SnapshotChange], of raw: RecordedAction, cache: ReflectionCache, nestedSlices: [String]
  ) -> [SnapshotChange] {
    var parts: [String] = []
    var whole: [String] = []
    for change in changes where !change.path.isEmpty {
      let root = String(change.rootComponent)
      if change.path == root { whole.append(root) } else if !parts.contains(root) { parts.append(root) }
    }
    for path in nestedSlices where !parts.contains(path) && changes.contains(where: { $0.concerns(path: path) }) {
      if changes.contains(where: { $0.path == path }) { whole.append(path) } else { parts.append(path) }
    }
    parts.removeAll { whole.contains($0) }
    guard !parts.isEmpty else { return [] }
    return parts.compactMap { path in
      let before = Self.part(at: path, of: raw.stateBefore)
      let after = Self.part(at: path, of: raw.stateAfter)
      guard before != nil || after != nil else { return nil }
      return SnapshotChange(
        path: path,
        before: before.map { redactor.preview($0, at: path, limit: configuration.previewLength, cache: cache) },
        after: after.map { redactor.preview($0, at: path, limit: configuration.previewLength, cache: cache) })
    }
  }

  /// The part of `state` at a dotted path of stored properties (`cart.lines`), looking through
  /// optionals on the way; `nil` where a component is missing.
  private static func part(at path: String, of state: Any) -> Any? {
    var value: Any = state
    for component in path.split(separator: ".") {
      var parts = Reflector.parts(of: value)
      if parts.kind == .optional {
        guard let wrapped = parts.children.first?.value else { return nil }
        parts = Reflector.parts(of: wrapped)
      }
      guard let child = parts.children.first(where: { $0.label.map { $0[...] == component } ?? false }) else {
        return nil
      }
      value = child.value
    }
    return value
  }

}
