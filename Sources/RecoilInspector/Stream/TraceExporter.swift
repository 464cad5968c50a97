import Foundation
import RecoilConcurrency
import RecoilSnapshot
import RecoilTransport

/// The live stream's side of an OpenTelemetry collector (`EventEndpoint.otlp`): turns the
/// timeline entries the stream takes into spans, as `export --otlp` does a snapshot's, and
/// sends them in batches of at most `maxBatchSpans` or `batchInterval`, whichever is first.
/// Used by the stream's writer thread only: sending (retries and their waits included) never
/// holds up the app, whose events meanwhile wait in the stream's bounded queue.
///
/// ```swift
/// var exporter = TraceExporter(target: target, options: OpenTelemetryExport(), service: service, startNanos: start)
/// exporter.add(.node(node), entry: nil, atNanos: 0)
/// let dropped = exporter.sendDue(force: true)
/// ```
struct TraceExporter {
  private var maker: OTLPTraces.SpanMaker
  private var pending: [OTLPTraces.Span] = []
  private var oldestPending: ContinuousClock.Instant?
  private let delivery: OTLPDelivery
  private let maxBatchSpans: Int
  private let batchInterval: Duration

  /// How long a stream that is stopping keeps waiting to retry: stopping sends what is
  /// queued, but does not hang on a collector that keeps answering 503.
  static let shutdownGrace: Duration = .seconds(5)

  /// - Parameters:
  ///   - target: The collector's receiver.
  ///   - options: Headers and batching.
  ///   - service: Who the spans come from.
  ///   - startNanos: The monotonic time of the inspector's start, the timeline's time 0.
  ///   - isStopping: Whether the stream is stopping: a retry's wait then ends at once.
  init(
    target: HTTPTarget, options: OpenTelemetryExport, service: SnapshotApp, startNanos: UInt64,
    isStopping: @escaping @Sendable () -> Bool = { false }
  ) {
    // The Unix time of the timeline's time 0: now, less how long the inspector has run.
    let elapsed = UInt64(max(0, MonotonicClock.nanos(MonotonicClock.nanos, since: startNanos)))
    let now = UInt64(max(0, Date().timeIntervalSince1970) * 1_000_000_000)
    maker = OTLPTraces.SpanMaker(salt: service.name + ":" + (service.instance ?? ""), originNanos: now &- elapsed)
    var delivery = OTLPDelivery(
      target: target, service: service,
      headers: options.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
    delivery.batchSize = max(options.maxBatchSpans, 1)
    let stoppedAt = LockedValue<ContinuousClock.Instant?>(nil)
    delivery.wait = { duration in
      // In short steps: a stream that is stopping still retries what it has, but gives up
      // waiting once it has been stopping for `shutdownGrace`, so that stopping ends.
      let end = ContinuousClock.now + duration
      while ContinuousClock.now < end {
        if isStopping() {
          let since = stoppedAt.withLock {
            $0 = $0 ?? .now; return $0!
          }
          if ContinuousClock.now - since >= Self.shutdownGrace { return false }
        }
        Thread.sleep(forTimeInterval: 0.02)
      }
      return true
    }
    self.delivery = delivery
    maxBatchSpans = max(options.maxBatchSpans, 1)
    batchInterval = options.batchInterval
  }

  /// Takes one event of the stream: a timeline entry becomes a span (timed as queued when the
  /// entry has no time of its own), a node tells its kind; the rest says nothing to a trace.
  mutating func add(_ kind: InspectorEvent.Kind, entry: SnapshotEntry?, atNanos: Int) {
    if case .node(let node) = kind { maker.note(node: node.id, kind: node.kind) }
    guard var entry else { return }
    if entry.atNanos == nil { entry.atNanos = atNanos }
    var action: SnapshotAction?
    if case .action(let described) = kind { action = described }
    pending.append(maker.span(for: entry, action: action))
    if oldestPending == nil { oldestPending = .now }
  }

  /// Sends the full batches, and the rest too when `force` or when its oldest span has waited
  /// `batchInterval`: the number of spans dropped.
  mutating func sendDue(force: Bool) -> Int {
    guard let oldest = oldestPending else { return 0 }
    let sendsAll = force || ContinuousClock.now - oldest >= batchInterval
    let count = sendsAll ? pending.count : pending.count - pending.count % maxBatchSpans
    guard count > 0 else { return 0 }
    let outcome = delivery.send(Array(pending[0..<count]))
    pending.removeFirst(count)
    oldestPending = pending.isEmpty ? nil : .now
    return outcome.dropped
  }
}
