import Dispatch
import Foundation
import RecoilAtoms
import RecoilConcurrency
import RecoilReflection
import RecoilSnapshot
import RecoilStores
import Synchronization

/// Watches atom containers and stores and turns what they do into snapshots and live events
/// for `recoil-inspect`.
///
/// Attaching takes one line per container or store and changes nothing about how the app
/// behaves. Attached stores keep their action recordings and attached containers their
/// evaluation timings themselves, in bounded typed buffers (see
/// `Store.startRecordingActions(capacity:timing:)` and `AtomContainer.startRecordingEvaluations(timelineCapacity:timing:)`);
/// the inspector records dependency edges (and their history) and effects, and reads the rest
/// when asked. Value previews and state diffs are made only when a snapshot or the live stream
/// asks for them.
///
/// ```swift
/// let inspector = Inspector()
/// inspector.attach(container)
/// inspector.attach(appStore, name: "app")
/// try inspector.startStreaming(to: .tcp(host: "127.0.0.1", port: 9999))
/// // …
/// try inspector.writeSnapshot(to: URL(filePath: "app.snapshot.json"))
/// ```
public final class Inspector: Sendable {
  /// The limits in force.
  public var configuration: InspectorConfiguration { core.configuration }
  /// What the hooks record into. Hooks hold it strongly: a weak reference would make every
  /// retain of it take the slow path.
  let core: InspectorCore
  private let targets = LockedValue<[InspectedTarget]>([])
  /// Where the live stream has read each store's actions to.
  private let actionFeed = StoreActionFeed()
  /// Carries out what the tool asks over the live stream (see ``RemoteControl``).
  let controller: RemoteController

  /// Creates an inspector with nothing attached.
  ///
  /// ```swift
  /// let inspector = Inspector()
  /// ```
  ///
  /// - Parameter configuration: Buffer sizes and preview lengths.
  public init(configuration: InspectorConfiguration = InspectorConfiguration()) {
    let core = InspectorCore(configuration: configuration)
    let targets = self.targets
    self.core = core
    self.controller = RemoteController(core: core) {
      let attached = targets.withLock { $0 }
      var found = RemoteController.Targets(containers: [], storeTargets: [])
      for target in attached {
        switch target {
        case .container(let target):
          if let container = target.container { found.containers.append((target.prefix, container)) }
        case .store(let target): found.storeTargets.append(target)
        }
      }
      return found
    }
    if let reason = Reflector.problem, Self.reportedReflection.exchange(true, ordering: .relaxed) == false {
      configuration.reportProblem("values are described by Mirror only: \(reason)")
    }
  }

  /// Whether the reflection verdict was reported in this process: it is said once.
  private static let reportedReflection = Atomic<Bool>(false)

  deinit {
    core.stopStreaming()
    for target in targets.withLock({ $0 }) { target.release() }
  }

  /// The attached containers that still exist.
  private var containers: [(prefix: String, container: AtomContainer)] {
    targets.withLock { targets in
      targets.compactMap { target in
        guard case .container(let attached) = target, let container = attached.container else { return nil }
        return (attached.prefix, container)
      }
    }
  }

  /// What each attached store recorded, under the name the inspector knows it by.
  private func storeRecordings() -> [(name: String, recording: ActionRecording)] {
    let stores = targets.withLock { targets in
      targets.compactMap { target -> StoreTarget? in
        guard case .store(let attached) = target else { return nil }
        return attached
      }
    }
    return stores.compactMap { store in store.recordedActions().map { (store.name, $0) } }
  }

  // MARK: - Attaching

  /// Starts inspecting an atom container.
  ///
  /// ```swift
  /// inspector.attach(container)                 // node ids as declared: "CartState.total"
  /// inspector.attach(other, name: "settings")   // prefixed: "settings/Theme.current"
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container.
  ///   - name: A prefix for node ids, to tell several containers apart.
  /// - Returns: The attachment; ``InspectorAttachment/detach()`` stops inspecting.
  @discardableResult
  public func attach(_ container: AtomContainer, name: String? = nil) -> InspectorAttachment {
    let hook = ContainerHook(prefix: name.map { "\($0)/" } ?? "", core: core)
    let prefix = hook.prefix
    // The container times its evaluations itself; the hook sees edges, values and errors.
    container.startRecordingEvaluations(
      timelineCapacity: configuration.timelineCapacity, timing: configuration.timing)
    let token = container.addObserver(hook)
    let id = ObjectIdentifier(hook)
    let release = AttachmentRelease { [weak container] in
      container?.removeObserver(token)
      container?.stopRecordingEvaluations()
    }
    targets.withLock {
      $0.append(.container(ContainerTarget(id: id, prefix: prefix, container: container, release: release)))
    }
    return attachment(id: id, release: release) { [weak container] core in
      guard let recorded = container?.recordedEvaluations() else { return }
      core.record { $0.absorb(recorded, prefix: prefix) }
    }
  }

  /// Starts inspecting a store.
  ///
  /// ```swift
  /// inspector.attach(appStore)   // named by the store's name
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - name: The store's id in snapshots; by default `Store.name`.
  /// - Returns: The attachment; ``InspectorAttachment/detach()`` stops inspecting.
  @discardableResult
  public func attach<State, Action>(_ store: Store<State, Action>, name: String? = nil) -> InspectorAttachment {
    let storeName = name ?? store.name
    let hook = StoreHook(name: storeName, core: core)
    // The store keeps its action recording itself; the hook sees effects and selectors.
    store.startRecordingActions(capacity: configuration.actionCapacity, timing: configuration.timing)
    let token = store.addObserver(hook)
    for slice in store.slices { core.noteSlice(at: slice.path, of: storeName) }
    let id = ObjectIdentifier(hook)
    let release = AttachmentRelease { [weak store] in
      store?.removeObserver(token)
      store?.stopRecordingActions()
    }
    let feedSource = StoreActionFeed.Source(
      id: id, name: storeName, tail: { [weak store] in store?.recordedActions(after: $0, limit: $1) })
    let target = InspectedTarget.store(
      StoreTarget(
        id: id, name: storeName,
        contents: { [weak store] in
          guard let store else { return nil }
          return StoreTarget.Contents(
            stateType: String(describing: State.self), state: store.state, registeredSlices: store.slices,
            sliceValues: store.sliceValues(), selectors: store.selectors, subscribers: store.subscriberCount)
        },
        recordedActions: { [weak store] in store?.recordedActions() },
        actionFeedSource: feedSource,
        control: StoreControl(store: store, name: storeName),
        release: release))
    targets.withLock { $0.append(target) }
    // A store attached while streaming: the listener learns its nodes now (one attached
    // before learned them when the stream started), and its actions from now on.
    if core.isStreamingEnabled {
      actionFeed.follow([feedSource], restarting: false)
      let graph = graph()
      let ids = Set(graph.nodes.filter { $0.id == storeName || $0.owner == storeName }.map(\.id))
      for node in graph.nodes where ids.contains(node.id) { core.stream { .node(node) } }
      for edge in graph.edges where ids.contains(edge.from) && ids.contains(edge.to) {
        core.stream { .edgeAdded(edge) }
      }
    }
    return attachment(id: id, release: release) { [weak store] core in
      guard let recorded = store?.recordedActions() else { return }
      core.record { $0.absorb(recorded, store: storeName) }
    }
  }

  /// The attachment of target `id`. Detaching keeps what the target recorded (`keep`, while
  /// the inspector exists and the target is still attached), then releases and forgets it.
  private func attachment(
    id: ObjectIdentifier, release: AttachmentRelease, keep: @escaping @Sendable (InspectorCore) -> Void
  ) -> InspectorAttachment {
    InspectorAttachment { [weak self] in
      if let self, self.targets.withLock({ $0.contains { $0.id == id } }) { keep(self.core) }
      release()
      self?.targets.withLock { $0.removeAll { $0.id == id } }
    }
  }

  // MARK: - Recorded data

  /// The evaluations recorded, oldest first (bounded by ``InspectorConfiguration/timelineCapacity``).
  ///
  /// ```swift
  /// for entry in inspector.evaluationTimeline() { print(entry.node, entry.durationNanos) }
  /// ```
  ///
  /// - Returns: Node id, start (nanoseconds since the inspector started; negative for an
  ///   evaluation a container recorded earlier, for another inspector), duration (`nil` when
  ///   not timed, see `RecordingTiming`), and trigger.
  public func evaluationTimeline() -> [(node: String, startNanos: Int, durationNanos: Int?, trigger: String)] {
    var entries: [(node: String, start: UInt64, duration: UInt64?, trigger: String)] = core.journal.withLock {
      journal in
      journal.timeline.elements.map {
        (journal.evaluatedNodes[Int($0.node)].id, $0.startNanos, $0.durationNanos, journal.triggerText($0.cause))
      }
    }
    for (name, recorded) in storeRecordings() {
      for evaluation in recorded.selectorEvaluations {
        entries.append(
          (
            StoreSelectorNode.id(evaluation.selector, store: name), evaluation.startNanos, evaluation.durationNanos,
            TriggerText.stateChanged
          ))
      }
    }
    for (prefix, container) in containers {
      for evaluation in container.recordedEvaluations().timeline {
        entries.append(
          (
            prefix + evaluation.node.description, evaluation.startNanos, evaluation.durationNanos,
            TriggerText.describe(evaluation.trigger, prefix: prefix)
          ))
      }
    }
    // Oldest first across containers and stores, as many as the timeline holds.
    entries.sort { $0.start < $1.start }
    return entries.suffix(configuration.timelineCapacity).map {
      (
        $0.node, MonotonicClock.nanos($0.start, since: core.startNanos), $0.duration.map { Int(clamping: $0) },
        $0.trigger
      )
    }
  }

  /// Every recorded edge addition and removal, oldest first.
  ///
  /// ```swift
  /// for change in inspector.edgeHistory() where !change.added { print("dropped", change.edge) }
  /// ```
  ///
  /// - Returns: The edge, whether it was added, and when (nanoseconds since the inspector
  ///   started).
  public func edgeHistory() -> [(edge: SnapshotEdge, added: Bool, atNanos: Int)] {
    core.journal.withLock { $0.edgeHistory.elements }.map {
      ($0.edge, $0.added, MonotonicClock.nanos($0.atNanos, since: core.startNanos))
    }
  }

  /// The effect events recorded, oldest first.
  ///
  /// ```swift
  /// let failures = inspector.effectEvents().filter { $0.phase == .failed }
  /// ```
  ///
  /// - Returns: The events.
  public func effectEvents() -> [EffectEvent] {
    core.journal.withLock { $0.effects.elements.map(\.event) }
  }

  // MARK: - Snapshots

  /// A snapshot of everything attached: nodes with values, statuses and timings, the current
  /// edges, and the action recording with changed paths.
  ///
  /// ```swift
  /// let snapshot = inspector.snapshot()
  /// print(snapshot.nodes.count, snapshot.actions.count)
  /// ```
  ///
  /// - Returns: A format-version-1 snapshot in which every edge names a node of the snapshot.
  /// The graph alone: nodes (with values and states) and edges, without anything recorded
  /// (actions, timeline, statistics). What a live listener is told of the app when it starts
  /// or comes back: made without reading, let alone describing, the recordings.
  func graph() -> Snapshot {
    var builder = SnapshotBuilder(configuration: configuration, redactor: core.redactor)
    _ = addTargets(to: &builder, readingRecordings: false)
    return builder.finish()
  }

  /// Adds every attached target's graph to `builder`, and, when `readingRecordings`, returns
  /// what each recorded: each target is read once.
  private func addTargets(to builder: inout SnapshotBuilder, readingRecordings: Bool) -> (
    containers: [(prefix: String, recording: EvaluationRecording)], stores: [(name: String, recording: ActionRecording)]
  ) {
    var containerRecordings: [(prefix: String, recording: EvaluationRecording)] = []
    var storeRecordings: [(name: String, recording: ActionRecording)] = []
    for target in targets.withLock({ $0 }) {
      switch target {
      case .container(let target):
        guard let container = target.container else { continue }
        builder.add(container.graphState(), prefix: target.prefix)
        if readingRecordings { containerRecordings.append((target.prefix, container.recordedEvaluations())) }
      case .store(let target):
        if let contents = target.contents() { builder.add(store: target.name, contents: contents) }
        if readingRecordings, let recorded = target.recordedActions() {
          storeRecordings.append((target.name, recorded))
        }
      }
    }
    return (containerRecordings, storeRecordings)
  }

  public func snapshot() -> Snapshot {
    var builder = SnapshotBuilder(configuration: configuration, redactor: core.redactor)
    let (containerRecordings, storeRecordings) = addTargets(to: &builder, readingRecordings: true)
    let journal = core.journal.withLock { $0 }
    var actions = journal.actions.elements
    var droppedActions = journal.actions.dropped
    var droppedEvaluations = journal.timeline.dropped
    var statistics = journal.statisticsByID
    // The attached stores' traces and what detached ones left, by time, as many as the
    // configuration keeps.
    var selectorValues = journal.selectorValues
    for (name, recorded) in storeRecordings {
      droppedActions += recorded.dropped
      // A store attached under its own name needs no renaming, which would copy every record.
      // One recording holds one store's actions, under one name (`recording(store:)`), so
      // the first record tells.
      let renamed = recorded.records.first.map { $0.store != name } ?? false
      let records = renamed ? recorded.records.map { $0.named(name) } : recorded.records
      if actions.isEmpty { actions = records } else { actions += records }
      droppedEvaluations += recorded.droppedSelectorEvaluations
      for (selector, recordedStatistics) in recorded.selectorStatistics {
        statistics[StoreSelectorNode.id(selector, store: name), default: EvaluationStatistics()].absorb(
          recordedStatistics)
      }
      for (selector, value) in recorded.selectorValues {
        selectorValues[StoreSelectorNode.id(selector, store: name)] = value
      }
    }
    // Sorted only when several traces are merged: a sort moves every (large) record.
    if actions.indices.dropFirst().contains(where: { actions[$0 - 1].atNanos > actions[$0].atNanos }) {
      actions.sort { $0.atNanos < $1.atNanos }
    }
    if actions.count > configuration.actionCapacity {
      droppedActions += actions.count - configuration.actionCapacity
      actions.removeFirst(actions.count - configuration.actionCapacity)
    }
    for (prefix, recorded) in containerRecordings {
      droppedEvaluations += recorded.dropped
      for (key, nodeStatistics) in recorded.statistics {
        statistics[prefix + key.description, default: EvaluationStatistics()].absorb(nodeStatistics)
      }
    }
    builder.apply(statistics: statistics, selectorValues: selectorValues)
    var snapshot = builder.finish()
    snapshot.capturedAt = Date()
    snapshot.elapsedNanos = MonotonicClock.nanos(MonotonicClock.nanos, since: core.startNanos)
    snapshot.app = SnapshotApp(
      name: configuration.appName, processID: Int(ProcessInfo.processInfo.processIdentifier),
      instance: InspectorCore.instance)
    snapshot.actions = core.describeCached(actions)
    let notRecorded = core.unrecordedActions.leaveOut(&actions, described: &snapshot.actions)

    var timeline = TimelineBuilder(redactor: core.redactor, startNanos: core.startNanos)
    timeline.add(actions: actions, described: snapshot.actions)
    timeline.add(journal)
    for (prefix, recorded) in containerRecordings {
      timeline.add(recorded, prefix: prefix)
      snapshot.subscriptions += SnapshotBuilder.subscriptions(recorded.subscriptions, prefix: prefix)
    }
    for (name, recorded) in storeRecordings {
      timeline.add(selectorEvaluations: recorded.selectorEvaluations, store: name) {
        builder.storeSelectorPreview($0, recordedID: $1)
      }
      snapshot.subscriptions += SnapshotBuilder.subscriptions(recorded.subscriptions, store: name)
    }
    let assembled = timeline.finish(
      capacity: configuration.timelineCapacity, known: Set(snapshot.nodes.map(\.id)))
    snapshot.timeline = assembled.timeline
    snapshot.edges += assembled.drives
    snapshot.countTimesFromEarliestEntry()
    snapshot.dropped = SnapshotDropCounts(
      actions: droppedActions, evaluations: droppedEvaluations,
      events: journal.droppedEvents + core.droppedEventCount, timeline: assembled.dropped,
      notRecorded: notRecorded)
    // The records, which the snapshot no longer needs, are freed while it is written.
    BackgroundRelease.drop((consume actions, consume storeRecordings, consume containerRecordings, consume timeline))
    return snapshot
  }

  /// Writes a snapshot as JSON, atomically: readers see the old file or the new one.
  ///
  /// ```swift
  /// try inspector.writeSnapshot(to: URL(filePath: "out/app.snapshot.json"))
  /// ```
  ///
  /// - Parameter url: The destination file.
  /// - Throws: `AtomicFile.WriteError` (RecoilSnapshot) when it cannot be written.
  public func writeSnapshot(to url: URL) throws {
    let snapshot = snapshot()
    // Streamed into the file as it is encoded: a large snapshot is never whole in memory.
    try AtomicFile.write(to: url) { SnapshotCodec.encode(snapshot, into: $0) }
    // Written: freed on another thread, so that the caller goes on at once.
    BackgroundRelease.drop(consume snapshot)
  }

  // MARK: - Live stream

  /// Starts streaming live events as JSON Lines. The app is never blocked: events go through a
  /// bounded queue to a background thread; when it is full they are dropped and counted in a
  /// `dropped` event. Stores' actions skip the queue: the background thread reads them from each
  /// store's own recording each time it wakes (at most 1,000 of each store's newest actions a
  /// time, up to `capacity` when streaming stops), so streaming costs a store nothing per
  /// action; older unread ones are dropped and counted. A socket destination that goes away is
  /// reconnected when it comes back.
  ///
  /// ```swift
  /// try inspector.startStreaming(to: EventEndpoint(parsing: "tcp:127.0.0.1:9999"))
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: A file (appended to), standard output, or a loopback TCP or Unix socket.
  ///   - capacity: How many events may wait in the queue, and how many of a store's actions
  ///     the last read, when streaming stops, takes.
  /// - Throws: ``EventConnectionError`` when a file cannot be opened.
  public func startStreaming(to endpoint: EventEndpoint, capacity: Int = 10_000) throws {
    // A listener that comes back (a new connection) hears the whole graph again after the
    // app's hello: it may be a new listener that knows nothing.
    let stream = try core.startStreaming(
      to: endpoint, capacity: capacity,
      graph: { [weak self] in
        guard let graph = self?.graph() else { return [] }
        return graph.nodes.map { .node($0) } + graph.edges.map { .edgeAdded($0) }
      },
      requests: { [controller] in controller.receive(line: $0) },
      // A jump does not outlive the tool that asked for it: the app is not left holding.
      disconnected: { [controller] in controller.resumeWhenTheToolLeaves() },
      actions: storeActions())
    // Describe what already exists, so a listener starts with the whole graph.
    let snapshot = graph()
    for node in snapshot.nodes { stream.submit { .node(node) } }
    for edge in snapshot.edges { stream.submit { .edgeAdded(edge) } }
  }

  /// Stops the live stream after writing what is queued.
  ///
  /// ```swift
  /// inspector.stopStreaming()
  /// ```
  public func stopStreaming() {
    core.stopStreaming()
  }

  /// The stores' actions for a stream starting now: each store followed from its newest
  /// action, read by the stream's writer from the store's recording.
  private func storeActions() -> EventStream.ActionSource {
    actionFeed.follow(storeFeedSources())
    return EventStream.ActionSource(
      read: { [weak self, core] limit in
        guard let self else { return ([], 0) }
        let (records, skipped) = self.actionFeed.read(self.storeFeedSources(), limit: limit)
        return (core.liveEntries(of: records), skipped)
      },
      backlog: { [weak self] limit in
        guard let self else { return 0 }
        return self.actionFeed.backlog(self.storeFeedSources(), beyond: limit)
      })
  }

  /// The attached stores, as the live stream reads their actions.
  private func storeFeedSources() -> [StoreActionFeed.Source] {
    targets.withLock { targets in
      targets.compactMap { target in
        if case .store(let store) = target { return store.actionFeedSource }
        return nil
      }
    }
  }

  /// Carries out a control request here, as if `recoil-inspect` had sent it over the live
  /// stream: only what ``InspectorConfiguration/remoteControl`` allows, recorded as a
  /// `control` entry of the causal timeline. For an app's own debug menu, and for tests.
  ///
  /// ```swift
  /// let answer = inspector.perform(ControlRequest(id: 1, operation: .jump, seq: 812, by: "debug menu"))
  /// if !answer.ok { print(answer.message) }
  /// ```
  ///
  /// - Parameter request: What to change.
  /// - Returns: Whether it was done, and what was done or why not.
  public func perform(_ request: ControlRequest) -> ControlAnswer {
    controller.perform(request)
  }

  /// The step the app is jumped back to by the tool, while it is (see ``RemoteControl``).
  ///
  /// ```swift
  /// if let step = inspector.jumpedTo { banner = "showing #\(step)" }
  /// ```
  public var jumpedTo: Int? { controller.jumpedTo }

  /// How many live events were dropped so far because a stream could not keep up, with the
  /// spans an OpenTelemetry collector refused or could not be sent: every stream this
  /// inspector ran, the current one included.
  public var droppedEventCount: Int { core.droppedEventCount }
}

/// Keeps an attachment; ``detach()`` stops the inspector watching that container or store.
///
/// ```swift
/// let attachment = inspector.attach(container)
/// attachment.detach()
/// ```
public final class InspectorAttachment: Sendable {
  private let onDetach: AttachmentRelease

  init(onDetach: @escaping @Sendable () -> Void) {
    self.onDetach = AttachmentRelease(onDetach)
  }

  /// Stops inspecting. What was recorded stays in the inspector.
  public func detach() {
    onDetach()
  }
}
