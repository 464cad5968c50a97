/// Who may read `live --serve`, and what: every request needs the server's random token (in
/// its address, `?token=…`) and a `Host` header that names this server by address (an IP
/// address or `localhost`, with its port), so that a web page elsewhere cannot read an app's
/// state through a name that resolves here (DNS rebinding). The page, its event stream, a
/// session's report (its groups' insides, its neighbourhoods) and the list of sessions answer
/// GET, and `/control` (a request for an app to change, see `ControlRequest`) answers POST
/// only; anything else is refused with the status that says why. `report --serve` keeps the
/// same rules, and answers only its page and its neighbourhoods (`/neighbourhood` without a
/// session).
///
/// ```swift
/// let access = LiveAccess(token: "4f1c…", port: 8080)
/// access.decide(request)  // .allow(.page), or .refuse(status: 403, reason: "wrong or missing token")
/// ```
struct LiveAccess {
  /// What a request may read.
  enum Route: Equatable {
    /// The live page.
    case page
    /// Server-Sent Events: the sessions, whenever they change.
    case events
    /// A session's report page, from what its events have said.
    case report(session: Int)
    /// The sessions, as JSON.
    case sessions
    /// What a session's report laid out for `shape` lacks after entry `after` (JSON), or
    /// `{"reload": true}`.
    case delta(session: Int, shape: Int, after: Int)
    /// The inside of group `group` of a session's report laid out for `shape` (SVG), laid out
    /// when first asked for; 404 when the report was made again since.
    case inside(session: Int, shape: Int, group: Int)
    /// The neighbourhood of node `node` (by index) to `depth` steps (`nil`: all) in a session's
    /// report laid out for `shape` (SVG), for its focus; laid out when first asked for. Without
    /// a session and shape: in the report `report --serve` serves.
    case neighbourhood(session: Int?, shape: Int?, node: Int, depth: Int?)
    /// A control request (the body, JSON) for one app: session N, the app named so, or the
    /// only app connected.
    case control(session: Int?, app: String?)
  }

  enum Decision: Equatable {
    case allow(Route)
    case refuse(status: Int, reason: String)
  }

  let token: String
  let port: UInt16

  /// A new token: 128 random bits as hex.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - word.count) + word
    }.joined()
  }

  func decide(_ request: HTTPRequest) -> Decision {
    guard let host = request.header("host"), Self.namesThisServer(host, port: port) else {
      return .refuse(status: 403, reason: "the Host header does not name this server")
    }
    guard let given = request.query["token"], Self.sameText(given, token) else {
      return .refuse(status: 403, reason: "wrong or missing token")
    }
    let route: Route
    switch request.path {
    case "/": route = .page
    case "/events": route = .events
    case "/sessions": route = .sessions
    case "/report":
      guard let text = request.query["session"], let number = Int(text), number > 0 else {
        return .refuse(status: 400, reason: "report needs ?session=N")
      }
      route = .report(session: number)
    case "/delta":
      guard let number = request.query["session"].flatMap({ Int($0) }), number > 0,
        let shape = request.query["shape"].flatMap({ Int($0) }), let after = request.query["after"].flatMap({ Int($0) })
      else {
        return .refuse(status: 400, reason: "delta needs ?session=N&shape=S&after=SEQ")
      }
      route = .delta(session: number, shape: shape, after: after)
    case "/inside":
      guard let number = request.query["session"].flatMap({ Int($0) }), number > 0,
        let shape = request.query["shape"].flatMap({ Int($0) }),
        let group = request.query["group"].flatMap({ Int($0) }), group >= 0
      else {
        return .refuse(status: 400, reason: "inside needs ?session=N&shape=S&group=K")
      }
      route = .inside(session: number, shape: shape, group: group)
    case "/neighbourhood":
      let depthText = request.query["depth"]
      let depth = depthText.flatMap { Int($0) }
      let number = request.query["session"].map { Int($0) ?? 0 }
      let shape = request.query["shape"].map { Int($0) }
      guard (number ?? 1) > 0, (number == nil) == (shape == nil), shape != .some(nil),
        let node = request.query["node"].flatMap({ Int($0) }), node >= 0,
        depthText == "all" || (depth ?? 0) > 0
      else {
        return .refuse(
          status: 400, reason: "neighbourhood needs ?node=I&depth=1|2|3|all, and &session=N&shape=S on the live page")
      }
      route = .neighbourhood(session: number, shape: shape ?? nil, node: node, depth: depth)
    case "/control":
      let session = request.query["session"]
      if let session, (Int(session) ?? 0) <= 0 { return .refuse(status: 400, reason: "control takes ?session=N") }
      guard request.method == "POST" else { return .refuse(status: 405, reason: "only POST") }
      return .allow(.control(session: session.flatMap { Int($0) }, app: request.query["app"]))
    default: return .refuse(status: 404, reason: "no such page")
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .refuse(status: 405, reason: "only GET")
    }
    return .allow(route)
  }

  /// Whether `host` (a Host header) is an IP address or `localhost`, with this server's port.
  static func namesThisServer(_ host: String, port: UInt16) -> Bool {
    let name: Substring
    let portText: Substring
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      name = host[host.index(after: host.startIndex)..<close]
      let rest = host[host.index(after: close)...]
      guard rest.first == ":" else { return false }
      portText = rest.dropFirst()
      guard name.contains(":"), name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
    } else {
      guard let colon = host.lastIndex(of: ":") else { return false }
      name = host[..<colon]
      portText = host[host.index(after: colon)...]
      let isAddress =
        name.split(separator: ".", omittingEmptySubsequences: false).count == 4
        && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
          !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && Int($0)! <= 255
        }
      guard isAddress || name.lowercased() == "localhost" else { return false }
    }
    return UInt16(portText) == port
  }

  /// Compares in time that depends only on the lengths, not on where the texts differ.
  static func sameText(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
