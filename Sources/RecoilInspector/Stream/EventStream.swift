import Dispatch
import Foundation
import RecoilConcurrency
import RecoilSnapshot
import Synchronization

/// Delivers live events to an endpoint without ever blocking the app: producers put events in
/// a bounded queue (dropping and counting them when it is full), and one background thread
/// renders them as JSON Lines and writes them, reconnecting sockets when they come back, or,
/// for an OpenTelemetry collector, sends the timeline's entries as spans in batches.
///
/// Events are timed as they enter the queue, under its lock, and the stores' actions are read
/// from the stores' recordings by the writer itself (see ``StoreActionFeed``); the writer puts
/// both in causal order (see ``LiveTimeline``) and numbers them (`eventSeq`) as it writes them,
/// leaving a gap for what was dropped, so times never go back, whichever threads report.
final class EventStream: Sendable {
  struct Pending: Sendable {
    var atNanos: Int
    var make: @Sendable () -> LiveTimeline.Item
  }

  /// The stores' actions, which the writer reads rather than the hooks queue.
  struct ActionSource: Sendable {
    /// What the stores did since the last read, at most `limit` of each store, as entries
    /// with their times; and how many were skipped.
    var read: @Sendable (_ limit: Int) -> (entries: [(LiveEntry, atNanos: Int)], skipped: Int)
    /// How many actions the next read would skip.
    var backlog: @Sendable (_ limit: Int) -> Int
  }

  /// What a submitted closure makes: the event, with its place in the causal timeline and its
  /// cause when it has them.
  struct Made {
    var kind: InspectorEvent.Kind
    var seq: Int? = nil
    var cause: Int? = nil
    /// The timeline entry it stands for, for a trace.
    var entry: SnapshotEntry? = nil
  }

  /// Where the writer thread sends what it takes from the queue.
  private enum Output: Sendable {
    /// JSON Lines to a file, standard output or a listener's socket. The connection is used by
    /// the writer thread only; it is held in a lock (never contended) rather than marked
    /// `nonisolated(unsafe)`, so that every use is synchronised and seen by the thread
    /// sanitizer (which cannot see Synchronization's `Mutex`: see `LockedValue`).
    case lines(LockedValue<EventConnection>)
    /// Spans to an OpenTelemetry collector, likewise the writer thread's only.
    case traces(LockedValue<TraceExporter>)
  }

  private struct Queue {
    var items: [Pending] = []
    var lastNanos = 0
    /// Dropped since the last `dropped` event was written.
    var unreported = 0
    var totalDropped = 0
    var isStopping = false
  }

  private let queue = LockedValue(Queue())
  /// The number of the last event written (or dropped), and the time of the last written:
  /// the writer thread's.
  private let written = LockedValue((eventSeq: 0, atNanos: 0))
  private let timeline: LiveTimeline
  private let actions: ActionSource
  private let capacity: Int
  private let startNanos: UInt64
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let output: Output
  /// Spans a collector refused or could not be sent, counted with the dropped events.
  private let droppedSpans = Atomic<Int>(0)
  /// The app's introduction, written first on each connection.
  private let hello: AppHello
  /// The whole graph as events, written after the hello on every connection but the first
  /// (whose listener hears it from ``Inspector/startStreaming(to:capacity:)``).
  private let graph: @Sendable () -> [InspectorEvent.Kind]
  /// Whether the queue has room, for the hooks to ask before they make an entry.
  let room: StreamRoom
  /// Takes each line the listener sends back (a control request), on the writer thread.
  private let requests: @Sendable ([UInt8]) -> Void
  /// Told when a connection to the listener is lost or closed: what the tool did that must
  /// not outlive it (a jump) is undone.
  private let disconnected: @Sendable () -> Void

  init(
    endpoint: EventEndpoint, capacity: Int, startNanos: UInt64, hello: AppHello,
    graph: @escaping @Sendable () -> [InspectorEvent.Kind] = { [] }, room: StreamRoom = StreamRoom(),
    requests: @escaping @Sendable ([UInt8]) -> Void = { _ in }, disconnected: @escaping @Sendable () -> Void = {},
    openTelemetry: OpenTelemetryExport = OpenTelemetryExport(), timeline: LiveTimeline, actions: ActionSource
  ) throws {
    self.room = room
    self.timeline = timeline
    self.actions = actions
    self.requests = requests
    self.disconnected = disconnected
    room.setFull(false)
    self.capacity = max(capacity, 1)
    self.startNanos = startNanos
    self.hello = hello
    self.graph = graph
    if case .otlp(let host, let port, let path) = endpoint {
      let target = HTTPTarget(host: host, port: port, path: path)
      guard target.isLoopback || openTelemetry.allowsRemoteCollector else {
        throw EventConnectionError(
          endpoint: endpoint.description,
          reason:
            "only loopback collectors are allowed unless InspectorConfiguration.openTelemetry.allowsRemoteCollector is set"
        )
      }
      for (name, value) in openTelemetry.headers
      where name.isEmpty || name.contains(":")
        || "\(name)\(value)".unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
      {
        throw EventConnectionError(
          endpoint: endpoint.description,
          reason: "the header \(name.debugDescription) is not a name and a one-line value")
      }
      let service = SnapshotApp(
        name: openTelemetry.serviceName ?? hello.app, processID: hello.processID, instance: hello.instance)
      let queue = self.queue
      output = .traces(
        LockedValue(
          TraceExporter(
            target: target, options: openTelemetry, service: service, startNanos: startNanos,
            isStopping: { queue.withLock { $0.isStopping } })))
    } else {
      // A token lets the stream reach another machine's listener (it goes in the hello).
      output = .lines(LockedValue(try EventConnection.make(for: endpoint, allowsRemote: hello.token != nil)))
    }
    let thread = Thread { [self] in
      Self.yieldToTheApp()
      self.run()
    }
    thread.name = "recoil-inspector.stream"
    // On Apple platforms the thread's quality of service; on Linux its nice value (below).
    thread.qualityOfService = .utility
    thread.start()
  }

  var droppedCount: Int {
    queue.withLock { $0.totalDropped } + room.pendingDropped + droppedSpans.load(ordering: .relaxed)
      + actions.backlog(readLimit)
  }

  /// The most actions of each store a round before the last reads.
  private var readLimit: Int { min(capacity, Self.actionsPerRound) }

  /// Queues an event, timed now (numbered as it is written); never blocks. `make` runs later,
  /// on the writer thread.
  func submit(_ make: @escaping @Sendable () -> InspectorEvent.Kind) {
    submitItem { .event(Made(kind: make())) }
  }

  /// ``submit(_:)`` for timeline entries, whose causes the writer finds in causal order.
  func submitItem(_ make: @escaping @Sendable () -> LiveTimeline.Item) {
    let wasEmpty = queue.withLock { queue -> Bool in
      guard !queue.isStopping else { return false }
      guard queue.items.count < capacity else {
        queue.unreported += 1
        queue.totalDropped += 1
        room.setFull(true)
        return false
      }
      // The clock is read under the lock, so times rise with the numbers.
      let now = max(MonotonicClock.nanos(MonotonicClock.nanos, since: startNanos), queue.lastNanos)
      queue.lastNanos = now
      queue.items.append(Pending(atNanos: now, make: make))
      return queue.items.count == 1
    }
    // Only the first event of a batch wakes the writer: one signal, not one per event.
    if wasEmpty { wake.signal() }
  }

  /// Writes what is queued (if the endpoint is reachable) and stops the thread.
  func close() {
    let alreadyStopping = queue.withLock { queue in
      defer { queue.isStopping = true }
      return queue.isStopping
    }
    guard !alreadyStopping else { return }
    wake.signal()
    finished.wait()
  }

  /// Lowers the calling thread's scheduling priority on Linux (a nice value of 10, for this
  /// thread only): the stream's writer describes and sends on a core the app may need, and
  /// while cores are scarce the app goes first. Apple platforms use the thread's quality of
  /// service instead.
  private static func yieldToTheApp() {
    #if os(Linux)
      // Linux keeps a nice value per thread, and `0` names the calling one (setpriority(2)).
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
  }

  /// How long the writer waits before it reads the stores' recordings again when nothing was
  /// queued: how late an action alone reaches the listener.
  private static let readingInterval = DispatchTimeInterval.milliseconds(20)

  /// The most actions of each store one round reads (the newest; older ones waiting are
  /// dropped and counted), but for the last round, which reads up to the stream's capacity.
  /// A store's actions are made into records under the store's lock, where its app waits:
  /// bounding each round's read bounds the stream's share of that lock in a flood of actions,
  /// while rounds every ``readingInterval`` still carry tens of thousands of actions a second.
  static let actionsPerRound = 1_000

  private func run() {
    switch output {
    case .lines(let connection): writeLines(to: connection)
    case .traces(let exporter): sendTraces(to: exporter)
    }
  }

  /// What is queued and what the stores did since the last round, in causal order, each
  /// event numbered and timed as written; and the number dropped since the last round.
  /// In the `final` round, nothing is held back for a next one.
  private func takeRound(final: Bool) -> (events: [InspectorEvent], entries: [SnapshotEntry?], dropped: Int) {
    let (batch, queueDropped, taken) = takeQueued()
    // Read after the queue was taken: every action that caused something queued is read now
    // or was read before (see `LiveTimeline`).
    let (pulled, skipped) = actions.read(final ? capacity : readLimit)
    if skipped > 0 {
      queue.withLock { $0.totalDropped += skipped }
    }
    let dropped = queueDropped + skipped
    let merged = timeline.merge(
      batch, item: { $0.make() }, at: \.atNanos, actions: pulled, taken: taken, holding: !final)
    return written.withLock { written in
      // A gap in the numbers for what was dropped.
      written.eventSeq += dropped
      var events: [InspectorEvent] = []
      var entries: [SnapshotEntry?] = []
      events.reserveCapacity(merged.count)
      entries.reserveCapacity(merged.count)
      for (made, atNanos) in merged {
        written.eventSeq += 1
        written.atNanos = max(written.atNanos, atNanos)
        events.append(
          InspectorEvent(
            eventSeq: written.eventSeq, atNanos: written.atNanos, kind: made.kind, seq: made.seq, cause: made.cause))
        entries.append(made.entry)
      }
      return (events, entries, dropped)
    }
  }

  /// What is queued, taken all at once, the number dropped since the last take, and the
  /// causal order's latest number as it was taken.
  private func takeQueued() -> (batch: [Pending], dropped: Int, taken: Int) {
    queue.withLock { queue in
      // What the hooks dropped before queueing, while the queue was full.
      let droppedOutside = room.takeDropped()
      queue.unreported += droppedOutside
      queue.totalDropped += droppedOutside
      defer {
        queue.items.removeAll(keepingCapacity: true)
        queue.unreported = 0
        room.setFull(false)
      }
      return (queue.items, queue.unreported, Int(clamping: CausalOrder.latest))
    }
  }

  /// The writer thread for a collector: spans in batches, until the stream stops.
  private func sendTraces(to exporter: LockedValue<TraceExporter>) {
    defer {
      disconnected()
      finished.signal()
    }
    while true {
      _ = wake.wait(timeout: .now() + Self.readingInterval)
      let stopping = queue.withLock { $0.isStopping }
      let (events, entries, _) = takeRound(final: stopping)
      let dropped = exporter.withLock { exporter in
        for (event, entry) in zip(events, entries) { exporter.add(event.kind, entry: entry, atNanos: event.atNanos) }
        return exporter.sendDue(force: stopping)
      }
      if dropped > 0 { droppedSpans.add(dropped, ordering: .relaxed) }
      if stopping && queue.withLock({ $0.items.isEmpty }) { return }
    }
  }

  /// The writer thread for JSON Lines.
  private func writeLines(to connection: LockedValue<EventConnection>) {
    defer {
      connection.withLock { $0.close() }
      disconnected()
      finished.signal()
    }
    // The connection the hello was last written to: a new one (a listener that came back)
    // hears it again before anything else.
    var greeted = 0
    var isConnected = false
    var incoming = RequestLines()
    while true {
      _ = wake.wait(timeout: .now() + Self.readingInterval)
      let stopping = queue.withLock { $0.isStopping }
      guard connection.withLock({ $0.ensureConnected() }) else {
        if isConnected {
          isConnected = false
          disconnected()
        }
        if stopping { return }
        continue  // keep the events queued until the listener comes back
      }
      isConnected = true
      let current = connection.withLock { $0.connections }
      if current != greeted { incoming = RequestLines() }  // a new listener: nothing half-read
      for line in incoming.take(connection.withLock { $0.readAvailable() }) { requests(line) }
      if current != greeted {
        // Timed as the first event it precedes (or the latest one), so times never go back.
        let queued = queue.withLock { $0.items.first?.atNanos ?? $0.lastNanos }
        let at = written.withLock { written in
          written.atNanos = max(written.atNanos, queued)
          return written.atNanos
        }
        var text = InspectorEventCodec.encode(InspectorEvent(atNanos: at, kind: .hello(hello))) + "\n"
        if greeted != 0 {
          for kind in graph() { text += InspectorEventCodec.encode(InspectorEvent(atNanos: at, kind: kind)) + "\n" }
        }
        if connection.withLock({ $0.write(Data(text.utf8)) }) { greeted = current }
      }
      let (events, _, dropped) = takeRound(final: stopping)
      if !events.isEmpty || dropped > 0 {
        var text = ""
        if dropped > 0 {
          let now = events.first?.atNanos ?? written.withLock { $0.atNanos }
          text += InspectorEventCodec.encode(InspectorEvent(atNanos: now, kind: .dropped(count: dropped))) + "\n"
        }
        for event in events { text += InspectorEventCodec.encode(event) + "\n" }
        if !connection.withLock({ $0.write(Data(text.utf8)) }) {
          // The listener went away mid-batch: these events are lost, and reported as dropped.
          queue.withLock {
            $0.unreported += events.count
            $0.totalDropped += events.count
          }
        }
      }
      if stopping && queue.withLock({ $0.items.isEmpty }) { return }
    }
  }
}
