import RecoilRender

/// `report --serve`: one report (``LiveServer/report``) and nothing of sessions: the page at
/// `/`, and each neighbourhood its focus asks for, laid out the first time.
extension ServerLoop {
  func answerServedReport(_ client: inout PageClient, decision: LiveAccess.Decision, request: HTTPRequest) {
    let withBody = request.method != "HEAD"
    switch decision {
    case .allow(.page):
      client.respond(
        status: 200, type: "text/html; charset=utf-8", body: withBody ? server.report?.page ?? [] : [])
    case .allow(.neighbourhood(nil, nil, let node, let depth)):
      answerDrawing(&client, withBody: withBody, missing: "no such neighbourhood") { () throws(RenderError) in
        try served?.svg(of: node, depth: depth)
      }
    case .allow: refuse(&client, status: 404, reason: "no such page", request: request)
    case .refuse(let status, let reason): refuse(&client, status: status, reason: reason, request: request)
    }
  }
}
