import Foundation
import RecoilSnapshot

/// Sends spans to an OpenTelemetry collector over OTLP/HTTP JSON as collectors expect of a
/// well-behaved exporter: batches of at most `batchSize` spans; 429, 502, 503 and 504 retried
/// with exponential backoff and jitter, waiting as long as a `Retry-After` asks (up to
/// `longestWait`); a batch answered 413 split in two and sent again; any other answer, or a
/// collector that cannot be reached, drops the batch, counted. `export --otlp` and an app's
/// live exporter (`EventEndpoint.otlp`) both send this way.
///
/// ```swift
/// let delivery = OTLPDelivery(target: target, service: SnapshotApp(name: "shop"))
/// let outcome = delivery.send(OTLPTraces.spans(of: snapshot, service: delivery.service))
/// print(outcome.sent, outcome.dropped)
/// ```
package struct OTLPDelivery: Sendable {
  package var target: HTTPTarget
  package var service: SnapshotApp
  /// Extra request headers, `Name: value` (a collector's auth).
  package var headers: [String] = []
  /// The most spans in one request.
  package var batchSize = OTLPTraces.batchSize
  /// Tries per batch, the first included.
  package var attempts = 5
  /// The first wait before a retry; each next one doubles, with jitter.
  package var firstBackoff: Duration = .milliseconds(200)
  /// How long a `Retry-After` may make it wait at most.
  package var longestWait: Duration = .seconds(30)
  /// How a request is made: `HTTPPost` unless a test says otherwise.
  package var post: @Sendable ([UInt8], HTTPTarget, [String]) throws(HTTPPost.Unreachable) -> HTTPPost.Answer = {
    body, target, headers throws(HTTPPost.Unreachable) in
    try HTTPPost.send(body, to: target, headers: headers)
  }
  /// Waits before a retry; false when the wait was cut short (the exporter is stopping), and
  /// the batch is dropped rather than tried again.
  package var wait: @Sendable (Duration) -> Bool = { duration in
    Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    return true
  }

  package init(target: HTTPTarget, service: SnapshotApp, headers: [String] = []) {
    self.target = target
    self.service = service
    self.headers = headers
  }

  /// What became of the spans.
  package struct Outcome: Sendable, Equatable {
    package var sent = 0
    package var dropped = 0
    package var requests = 0
    /// Why the last dropped batch was dropped.
    package var lastProblem: String?
    /// Whether the collector could not be reached at all for some batch.
    package var unreachable = false

    package init() {}
  }

  /// Sends `spans` in batches, in order.
  package func send(_ spans: [OTLPTraces.Span]) -> Outcome {
    var outcome = Outcome()
    var pending: [ArraySlice<OTLPTraces.Span>] = []
    var start = 0
    while start < spans.count {
      let end = min(start + max(batchSize, 1), spans.count)
      pending.append(spans[start..<end])
      start = end
    }
    pending.reverse()
    while let batch = pending.popLast() {
      switch post(batch, outcome: &outcome) {
      case .sent: outcome.sent += batch.count
      case .tooLarge where batch.count > 1:
        // Answered 413: the halves go next, in order.
        let middle = batch.startIndex + batch.count / 2
        pending.append(batch[middle...])
        pending.append(batch[..<middle])
      case .tooLarge, .dropped:
        outcome.dropped += batch.count
      }
    }
    return outcome
  }

  private enum Result { case sent, tooLarge, dropped }

  private func post(_ batch: ArraySlice<OTLPTraces.Span>, outcome: inout Outcome) -> Result {
    let body = OTLPTraces.request(batch, service: service)
    var backoff = firstBackoff
    for attempt in 1...max(attempts, 1) {
      outcome.requests += 1
      let answer: HTTPPost.Answer
      do {
        answer = try post(body, target, headers)
      } catch {
        outcome.lastProblem = "\(target.description): \(error.reason)"
        outcome.unreachable = true
        return .dropped
      }
      switch answer.status {
      case 200..<300: return .sent
      case 413:
        outcome.lastProblem = "\(target.description): HTTP 413 for \(batch.count) spans"
        return .tooLarge
      case let status where [429, 502, 503, 504].contains(status) && attempt < attempts:
        // Retry-After in seconds, when the collector says; else the backoff with jitter.
        let asked = answer.headers["retry-after"].flatMap(Int.init).map { Duration.seconds(max($0, 0)) }
        let wait = min(asked ?? backoff * Double.random(in: 0.5...1.0), longestWait)
        guard self.wait(wait) else {
          outcome.lastProblem = "\(target.description): HTTP \(answer.status), not retried while stopping"
          return .dropped
        }
        backoff *= 2
      default:
        outcome.lastProblem = "\(target.description): HTTP \(answer.status)"
        return .dropped
      }
    }
    return .dropped
  }
}
