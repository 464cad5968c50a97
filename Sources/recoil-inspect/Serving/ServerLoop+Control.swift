import Foundation
import RecoilSnapshot

/// Control requests (`POST /control`, from the page or `recoil-inspect control`): read once the
/// body has arrived, sent to the chosen app's connection through the ``ControlRelay``, and
/// answered when the app answers or after ``LiveServer/answerTimeout``.
extension ServerLoop {
  /// A control request: once its body has arrived, read, sent to its app's connection, and
  /// left waiting for the answer (see ``deliverControlAnswers(at:closing:)``).
  func control(_ client: inout PageClient, session: Int?, app: String?, request: HTTPRequest, bodyStart: Int) {
    func refuse(_ status: Int, _ message: String) {
      client.respond(
        status: status, type: "application/json", body: ControlAnswerMessage.json(false, message, session: session))
    }
    guard let length = request.header("content-length").flatMap({ Int($0) }), length >= 0 else {
      return refuse(411, "a control request needs a Content-Length")
    }
    guard length <= LiveServer.maximumBodyBytes else { return refuse(413, "a control request is at most 1 MiB") }
    guard client.received.count >= bodyStart + length else {
      client.closesWhenSent = false  // the rest of the body is still coming
      return
    }
    let parsed: ControlRequest
    do throws(ControlRequestError) {
      parsed = try ControlRequest(parsing: Data(client.received[bodyStart..<bodyStart + length]))
    } catch {
      return refuse(400, error.message)
    }
    let chosen: LiveSessions.Summary
    switch chooseSession(session, app: app) {
    case .success(let found): chosen = found
    case .failure(let refusal): return refuse(refusal.status, refusal.message)
    }
    guard chosen.isConnected, let connection = server.sessions.connection(ofSession: chosen.number) else {
      return refuse(410, "session \(chosen.number) (\(chosen.name)) has ended")
    }
    var forwarded = parsed
    forwarded.by = String((parsed.by ?? "the tool").prefix(80))
    let id = server.relay.send(forwarded, toConnection: connection)
    client.closesWhenSent = false
    client.awaiting = (id, chosen.number, ContinuousClock.now + LiveServer.answerTimeout)
  }

  /// Why a control request names no session it can go to.
  struct Refusal: Error {
    var status: Int
    var message: String
  }

  /// The session a request goes to: the one it names, or else the one connected app (named by
  /// `app` when several are connected).
  private func chooseSession(_ session: Int?, app: String?) -> Result<LiveSessions.Summary, Refusal> {
    if let session {
      guard let found = server.sessions.summary(of: session) else {
        return .failure(Refusal(status: 404, message: "no session \(session)"))
      }
      return .success(found)
    }
    let summaries = server.sessions.summaries().filter(\.isConnected)
    let named = app.map { name in summaries.filter { $0.app == name || $0.name == name } } ?? summaries
    let listed = summaries.map { "\($0.name) (session \($0.number))" }.joined(separator: ", ")
    guard !named.isEmpty else {
      let message = app.map { "no connected app is named \($0); connected: \(listed)" } ?? "no app is connected"
      return .failure(Refusal(status: 404, message: message))
    }
    guard named.count == 1 else {
      return .failure(Refusal(status: 409, message: "several apps are connected; name one with --app: \(listed)"))
    }
    return .success(named[0])
  }

  /// Control requests answered by their apps, or given up on, answered to their clients.
  func deliverControlAnswers(at now: ContinuousClock.Instant, closing closed: inout Set<Int>) {
    for index in clients.indices where !closed.contains(index) {
      guard let awaiting = clients[index].awaiting else { continue }
      if let answer = server.relay.answer(for: awaiting.id) {
        clients[index].respond(
          status: answer.ok ? 200 : 422, type: "application/json",
          body: ControlAnswerMessage.json(answer.ok, answer.message, session: awaiting.session, seq: answer.seq))
      } else if now >= awaiting.until {
        server.relay.forget(awaiting.id)
        clients[index].respond(
          status: 504, type: "application/json",
          body: ControlAnswerMessage.json(
            false, "the app did not answer within \(LiveServer.answerTimeout) (is it still running?)",
            session: awaiting.session))
      } else {
        continue
      }
      clients[index].awaiting = nil
      clients[index].closesWhenSent = true
      if !clients[index].flush() { closed.insert(index) }
    }
  }
}
