import RecoilSnapshot
import Synchronization

/// Carries control requests from `live --serve`'s page server to the apps and their answers
/// back, between the server's thread and the thread that reads the apps' streams: the server
/// numbers a request and leaves its line for the app's connection; the reading thread sends
/// it on that connection, and leaves the app's answer, found by number, for the server.
///
/// ```swift
/// let relay = ControlRelay()
/// let id = relay.send(request, toConnection: 2)
/// // … the reading thread: for (connection, bytes) in relay.takeOutgoing() { send(bytes) }
/// // … and, for an answer event: relay.answered(answer)
/// let answer = relay.answer(for: id)
/// ```
final class ControlRelay: Sendable {
  private struct State {
    var nextID = 1
    var outgoing: [Int: [UInt8]] = [:]
    /// Requests sent and not yet answered, and the answers that came.
    var waiting: Set<Int> = []
    var answers: [Int: ControlAnswer] = [:]
  }

  private let state = Mutex(State())

  /// Numbers `request`, queues its line for connection `connection`, and returns the number.
  func send(_ request: ControlRequest, toConnection connection: Int) -> Int {
    state.withLock { state in
      var numbered = request
      numbered.id = state.nextID
      state.nextID += 1
      state.outgoing[connection, default: []] += Array((numbered.encoded() + "\n").utf8)
      state.waiting.insert(numbered.id)
      return numbered.id
    }
  }

  /// The lines waiting for each connection, taken.
  func takeOutgoing() -> [Int: [UInt8]] {
    state.withLock { state in
      defer { state.outgoing = [:] }
      return state.outgoing
    }
  }

  /// Keeps an app's answer for the request it answers, if one is waiting for it.
  func answered(_ answer: ControlAnswer) {
    state.withLock { state in
      guard state.waiting.remove(answer.id) != nil else { return }
      state.answers[answer.id] = answer
    }
  }

  /// The answer to request `id`, taken, once it came.
  func answer(for id: Int) -> ControlAnswer? {
    state.withLock { $0.answers.removeValue(forKey: id) }
  }

  /// Stops waiting for request `id` (its client gave up, or the app went away).
  func forget(_ id: Int) {
    state.withLock { state in
      state.waiting.remove(id)
      state.answers[id] = nil
    }
  }
}
