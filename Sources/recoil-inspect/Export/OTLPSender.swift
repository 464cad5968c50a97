import Foundation
import RecoilSnapshot

/// Sends spans to an OpenTelemetry collector over OTLP/HTTP JSON, as collectors expect of a
/// well-behaved exporter: batches of at most 512 spans; 429, 502, 503 and 504 retried with
/// exponential backoff and jitter, waiting as long as a `Retry-After` asks; a batch answered
/// 413 split in two and sent again; any other answer drops the batch, counted.
///
/// ```swift
/// var sender = OTLPSender(target: target, service: OTLPTraces.Service(name: "shop"))
/// let outcome = sender.send(OTLPTraces.spans(of: snapshot, service: service))
/// print(outcome.sent, outcome.dropped)
/// ```
struct OTLPSender {
  let target: HTTPPost.Target
  let service: OTLPTraces.Service
  var headers: [String] = []
  /// Tries per batch, the first included.
  var attempts = 5
  /// The first wait before a retry; each next one doubles, with jitter.
  var firstBackoff: Duration = .milliseconds(200)
  /// How long a `Retry-After` may make it wait at most.
  var longestWait: Duration = .seconds(30)

  /// What became of the spans.
  struct Outcome: Equatable {
    var sent = 0
    var dropped = 0
    var requests = 0
    /// Why the last dropped batch was dropped.
    var lastProblem: String?
  }

  func send(_ spans: [OTLPTraces.Span]) -> Outcome {
    var outcome = Outcome()
    var pending: [ArraySlice<OTLPTraces.Span>] = []
    var start = 0
    while start < spans.count {
      let end = min(start + OTLPTraces.batchSize, spans.count)
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
        answer = try HTTPPost.send(body, to: target, headers: headers)
      } catch {
        outcome.lastProblem = "\(target.description): \(error.reason)"
        return .dropped
      }
      switch answer.status {
      case 200..<300: return .sent
      case 413:
        outcome.lastProblem = "\(target.description): HTTP 413 for \(batch.count) spans"
        return .tooLarge
      case let status where [429, 502, 503, 504].contains(status) && attempt < attempts:
        // Retry-After in seconds, when the collector says; else the backoff with jitter.
        let asked = answer.headers["retry-after"].flatMap(Int.init).map { Duration.seconds($0) }
        let jitter = Double.random(in: 0.5...1.0)
        let wait = min(asked ?? backoff * jitter, longestWait)
        Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
        backoff *= 2
      default:
        outcome.lastProblem = "\(target.description): HTTP \(answer.status)"
        return .dropped
      }
    }
    return .dropped
  }
}
