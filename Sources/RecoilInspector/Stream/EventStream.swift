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
/// Events are numbered (`eventSeq`) and timed as they enter the queue, under its lock, so the
/// stream is written in that order and its times never go back, whichever threads report.
final class EventStream: Sendable {
  struct Pending: Sendable {
    var eventSeq: Int
    var atNanos: Int
    /// `nil` when the event is left out after all (an action never recorded).
    var make: @Sendable () -> Made?
  }

  /// What a submitted closure makes: the event, with its place in the causal timeline and its
  /// cause when it has them.
  struct Made {
    var kind: InspectorEvent.Kind
    var seq: Int? = nil
    var cause: Int? = nil
    /// The timeline entry it stands for, for a trace.
    var entry: SnapshotEvent? = nil
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
    /// The number given to the last event queued (or dropped).
    var lastSeq = 0
    var lastNanos = 0
    /// Dropped since the last `dropped` event was written.
    var unreported = 0
    var totalDropped = 0
    var isStopping = false
  }

  private let queue = LockedValue(Queue())
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
    openTelemetry: OpenTelemetryExport = OpenTelemetryExport()
  ) throws {
    self.room = room
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
      let service = OTLPTraces.Service(
        name: openTelemetry.serviceName ?? hello.app, instance: hello.instance, processID: hello.processID)
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
    let thread = Thread { [self] in self.run() }
    thread.name = "recoil-inspector.stream"
    thread.start()
  }

  var droppedCount: Int {
    queue.withLock { $0.totalDropped } + room.pendingDropped + droppedSpans.load(ordering: .relaxed)
  }

  /// Queues an event, numbered and timed now; never blocks. `make` runs later, on the writer
  /// thread.
  func submit(_ make: @escaping @Sendable () -> InspectorEvent.Kind) {
    submitTimed { Made(kind: make()) }
  }

  /// ``submit(_:)`` for events that carry their timeline `seq` and cause.
  func submitTimed(_ make: @escaping @Sendable () -> Made?) {
    let wasEmpty = queue.withLock { queue -> Bool in
      guard !queue.isStopping else { return false }
      queue.lastSeq += 1
      guard queue.items.count < capacity else {
        queue.unreported += 1
        queue.totalDropped += 1
        room.setFull(true)
        return false
      }
      // The clock is read under the lock, so times rise with the numbers.
      let now = max(MonotonicClock.nanos(MonotonicClock.nanos, since: startNanos), queue.lastNanos)
      queue.lastNanos = now
      queue.items.append(Pending(eventSeq: queue.lastSeq, atNanos: now, make: make))
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

  private func run() {
    switch output {
    case .lines(let connection): writeLines(to: connection)
    case .traces(let exporter): sendTraces(to: exporter)
    }
  }

  /// What is queued, taken all at once, and the number dropped since the last take.
  private func takeQueued() -> (batch: [Pending], dropped: Int) {
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
      return (queue.items, queue.unreported)
    }
  }

  /// The writer thread for a collector: spans in batches, until the stream stops.
  private func sendTraces(to exporter: LockedValue<TraceExporter>) {
    defer {
      disconnected()
      finished.signal()
    }
    while true {
      _ = wake.wait(timeout: .now() + .milliseconds(100))
      let stopping = queue.withLock { $0.isStopping }
      let (batch, _) = takeQueued()
      let dropped = exporter.withLock { exporter in
        for pending in batch {
          guard let made = pending.make() else { continue }
          exporter.add(made.kind, entry: made.entry, atNanos: pending.atNanos)
        }
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
      _ = wake.wait(timeout: .now() + .milliseconds(100))
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
        let at = queue.withLock { $0.items.first?.atNanos ?? $0.lastNanos }
        var text = InspectorEventCodec.encode(InspectorEvent(atNanos: at, kind: .hello(hello))) + "\n"
        if greeted != 0 {
          for kind in graph() { text += InspectorEventCodec.encode(InspectorEvent(atNanos: at, kind: kind)) + "\n" }
        }
        if connection.withLock({ $0.write(Data(text.utf8)) }) { greeted = current }
      }
      let (batch, dropped) = takeQueued()
      if !batch.isEmpty || dropped > 0 {
        var text = ""
        if dropped > 0 {
          let now = batch.first?.atNanos ?? 0
          text += InspectorEventCodec.encode(InspectorEvent(atNanos: now, kind: .dropped(count: dropped))) + "\n"
        }
        for pending in batch {
          guard let made = pending.make() else { continue }
          let event = InspectorEvent(
            eventSeq: pending.eventSeq, atNanos: pending.atNanos, kind: made.kind, seq: made.seq, cause: made.cause)
          text += InspectorEventCodec.encode(event) + "\n"
        }
        if !connection.withLock({ $0.write(Data(text.utf8)) }) {
          // The listener went away mid-batch: these events are lost, and reported as dropped.
          queue.withLock {
            $0.unreported += batch.count
            $0.totalDropped += batch.count
          }
        }
      }
      if stopping && queue.withLock({ $0.items.isEmpty }) { return }
    }
  }
}
