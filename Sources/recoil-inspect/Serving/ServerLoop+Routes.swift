import RecoilRender

/// The router: a request, once its head has arrived and ``LiveAccess`` let it pass, goes to
/// what answers its path. The live page's own routes are here; `report --serve`'s are in
/// `ServerLoop+ServedReport.swift`, control requests in `ServerLoop+Control.swift`.
extension ServerLoop {
  /// Answers a client's request once its head has arrived.
  func answer(_ client: inout PageClient) {
    guard let end = HTTPRequest.endOfHead(in: client.received) else {
      if client.received.count > HTTPRequest.maximumHeadBytes {
        client.respond(status: 400, text: "request head too long\n")
        client.closesWhenSent = true
      }
      return
    }
    client.closesWhenSent = true
    let request: HTTPRequest
    do throws(HTTPRequest.Malformed) {
      request = try HTTPRequest(head: Array(client.received[..<end]))
    } catch {
      client.respond(status: 400, text: "\(error.reason)\n")
      return
    }
    let decision = server.access.decide(request)
    if server.report != nil {
      answerServedReport(&client, decision: decision, request: request)
      return
    }
    switch decision {
    case .refuse(let status, let reason): refuse(&client, status: status, reason: reason, request: request)
    case .allow(let route): answerLive(&client, route: route, request: request, bodyStart: end)
    }
  }

  /// A refused request: its status and reason, and for 405 the methods allowed.
  func refuse(_ client: inout PageClient, status: Int, reason: String, request: HTTPRequest) {
    var extra: [(String, String)] = []
    if status == 405 { extra.append(("Allow", request.path == "/control" ? "POST" : "GET, HEAD")) }
    client.respond(status: status, text: "\(reason)\n", extra: extra)
  }

  /// The live page's routes: the page, the sessions, each session's report and what it asks
  /// for later (deltas, groups, neighbourhoods), the event stream, and control requests.
  private func answerLive(_ client: inout PageClient, route: LiveAccess.Route, request: HTTPRequest, bodyStart: Int) {
    let withBody = request.method != "HEAD"
    let body = { (bytes: [UInt8]) in withBody ? bytes : [] }
    switch route {
    case .page:
      client.respond(status: 200, type: "text/html; charset=utf-8", body: body(LivePage.html(title: server.title)))
    case .sessions:
      client.respond(
        status: 200, type: "application/json", body: body(SessionsMessage.json(server.sessions.summaries())))
    case .report(let number):
      answerReport(&client, session: number, withBody: withBody)
    case .delta(let number, let shape, let after):
      // Only what the page lacks, if its layout still holds; else it is made again.
      guard let (snapshot, _, currentShape) = server.sessions.snapshot(of: number), let report = reports[number],
        currentShape == shape, let delta = report.delta(for: snapshot, shape: shape, after: after)
      else {
        client.respond(status: 200, type: "application/json", body: body(Array(#"{"reload":true}"#.utf8)))
        return
      }
      client.respond(status: 200, type: "application/json", body: body(delta))
    case .inside(let number, let shape, let group):
      // Laid out now, the first time the page opens the group (see LiveReport.inside).
      answerDrawing(&client, withBody: withBody, missing: "no such group in that layout") { () throws(RenderError) in
        try reports[number]?.inside(group, shape: shape)
      }
    case .neighbourhood(let number?, let shape?, let node, let depth):
      // Laid out now, the first time the page's focus shows it (see LiveReport.neighbourhood).
      answerDrawing(&client, withBody: withBody, missing: "no such neighbourhood in that layout") {
        () throws(RenderError) in try reports[number]?.neighbourhood(of: node, depth: depth, shape: shape)
      }
    case .neighbourhood:
      client.respond(status: 400, text: "the live page's neighbourhoods need &session=N&shape=S\n")
    case .events:
      // The current sessions first, then every change.
      client.startEventStream(first: Array("retry: 1000\n\n".utf8) + SessionsMessage.event(server.sessions.summaries()))
    case .control(let session, let app):
      control(&client, session: session, app: app, request: request, bodyStart: bodyStart)
    }
  }

  /// A session's report, laid out again only when its graph changed shape (see LiveReport).
  private func answerReport(_ client: inout PageClient, session number: Int, withBody: Bool) {
    guard let (snapshot, _, shape) = server.sessions.snapshot(of: number),
      let summary = server.sessions.summary(of: number)
    else {
      client.respond(status: 404, text: "no such session\n")
      return
    }
    let report = reports[number] ?? LiveReport(title: "\(summary.name) (live)")
    reports[number] = report
    do {
      let page = try report.page(for: snapshot, shape: shape)
      client.respond(status: 200, type: "text/html; charset=utf-8", body: withBody ? page : [])
    } catch {
      client.respond(status: 500, text: "\(error)\n")
    }
  }

  /// Answers with a drawing laid out for a page (SVG): 404 saying `missing` when there is none
  /// for it, 500 when Graphviz failed.
  func answerDrawing(
    _ client: inout PageClient, withBody: Bool, missing: String, _ draw: () throws(RenderError) -> [UInt8]?
  ) {
    do {
      guard let svg = try draw() else {
        client.respond(status: 404, text: "\(missing)\n")
        return
      }
      client.respond(status: 200, type: "image/svg+xml", body: withBody ? svg : [])
    } catch {
      client.respond(status: 500, text: "\(error)\n")
    }
  }
}
