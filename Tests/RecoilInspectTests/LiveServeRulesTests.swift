import RecoilSnapshot
import Testing

@testable import recoil_inspect

/// What `live --serve` reads of a request, who it answers, and what it keeps of each app.
@Suite struct LiveServeRulesTests {
  static func request(_ text: String) throws(HTTPRequest.Malformed) -> HTTPRequest {
    try HTTPRequest(head: Array(text.utf8))
  }

  @Test func aRequestHeadIsReadIntoMethodPathQueryAndHeaders() throws {
    let request = try Self.request(
      "GET /report?session=2&token=a%2Bb&x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\n\r\n")
    #expect(request.method == "GET")
    #expect(request.path == "/report")
    #expect(request.query == ["session": "2", "token": "a+b", "x": ""])
    #expect(request.header("HOST") == "127.0.0.1:8080")
    #expect(request.header("accept") == "text/html")
    let head = Array("GET / HTTP/1.1\r\nHost: a:1\r\n\r\nextra".utf8)
    #expect(HTTPRequest.endOfHead(in: head) == head.count - 5)
    #expect(HTTPRequest.endOfHead(in: Array("GET / HTTP/1.1\r\n".utf8)) == nil)
  }

  @Test(arguments: [
    "GET / HTTP/1.1\r\n\r\n",  // no Host
    "GET /\r\nHost: a:1\r\n\r\n",  // no version
    "GET / HTTP/2.0\r\nHost: a:1\r\n\r\n",
    "get / HTTP/1.1\r\nHost: a:1\r\n\r\n",
    "GET nothing HTTP/1.1\r\nHost: a:1\r\n\r\n",
    "GET /%zz HTTP/1.1\r\nHost: a:1\r\n\r\n",
    "GET / HTTP/1.1\r\nno colon\r\n\r\n",
    "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
    "GET  / HTTP/1.1\r\nHost: a:1\r\n\r\n",
  ])
  func malformedHeadsAreRefused(_ text: String) {
    #expect(throws: HTTPRequest.Malformed.self) { try Self.request(text) }
  }

  @Test func aHeadTooLongOrNotUTF8IsRefused() {
    let long =
      "GET / HTTP/1.1\r\nHost: a:1\r\nX: " + String(repeating: "x", count: HTTPRequest.maximumHeadBytes) + "\r\n\r\n"
    #expect(throws: HTTPRequest.Malformed.self) { try Self.request(long) }
    #expect(throws: HTTPRequest.Malformed.self) {
      try HTTPRequest(head: Array("GET / HTTP/1.1\r\nHost: \u{FF}".utf8).dropLast() + [0xFF, 0x0D, 0x0A, 0x0D, 0x0A])
    }
  }

  @Test func everyRequestNeedsTheTokenAndAHostNamingThisServer() throws {
    let access = LiveAccess(token: "secret", port: 8080)
    func decide(_ target: String, host: String = "127.0.0.1:8080", method: String = "GET") throws -> LiveAccess.Decision
    {
      access.decide(try Self.request("\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
    }
    #expect(try decide("/?token=secret") == .allow(.page))
    #expect(try decide("/events?token=secret") == .allow(.events))
    #expect(try decide("/sessions?token=secret", host: "localhost:8080") == .allow(.sessions))
    #expect(try decide("/report?session=3&token=secret", host: "[::1]:8080") == .allow(.report(session: 3)))
    #expect(try decide("/?token=secret", method: "HEAD") == .allow(.page))
    // Without the token, or with another, nothing is revealed, not even which paths exist.
    #expect(try decide("/") == .refuse(status: 403, reason: "wrong or missing token"))
    #expect(try decide("/?token=secreT") == .refuse(status: 403, reason: "wrong or missing token"))
    #expect(try decide("/nothing") == .refuse(status: 403, reason: "wrong or missing token"))
    // A name that resolves here (DNS rebinding), or another port: refused.
    for host in ["evil.example:8080", "127.0.0.1:8081", "127.0.0.1", "localhost.evil.example:8080", "1.2.3:8080"] {
      guard case .refuse(403, _) = try decide("/?token=secret", host: host) else {
        Issue.record("\(host) was let in")
        continue
      }
    }
    #expect(try decide("/nothing?token=secret") == .refuse(status: 404, reason: "no such page"))
    #expect(try decide("/?token=secret", method: "POST") == .refuse(status: 405, reason: "only GET"))
    #expect(try decide("/report?token=secret") == .refuse(status: 400, reason: "report needs ?session=N"))
    // A group's inside, laid out when the page opens it: only with the token, and whole.
    #expect(
      try decide("/inside?session=2&shape=5&group=17&token=secret") == .allow(.inside(session: 2, shape: 5, group: 17)))
    #expect(try decide("/inside?session=2&shape=5&group=17") == .refuse(status: 403, reason: "wrong or missing token"))
    #expect(
      try decide("/neighbourhood?session=2&shape=5&node=9&depth=all&token=secret")
        == .allow(.neighbourhood(session: 2, shape: 5, node: 9, depth: nil)))
    #expect(
      try decide("/neighbourhood?session=2&shape=5&node=9&depth=2&token=secret")
        == .allow(.neighbourhood(session: 2, shape: 5, node: 9, depth: 2)))
    let needs = "neighbourhood needs ?node=I&depth=1|2|3|all, and &session=N&shape=S on the live page"
    // Without a session and shape: in the report `report --serve` serves; one without the other
    // is nowhere.
    #expect(
      try decide("/neighbourhood?node=9&depth=3&token=secret")
        == .allow(.neighbourhood(session: nil, shape: nil, node: 9, depth: 3)))
    for query in [
      "session=2&shape=5&node=9&depth=0", "session=2&node=9&depth=1", "shape=5&node=9&depth=1",
      "session=0&shape=5&node=9&depth=1", "session=2&shape=x&node=9&depth=1", "node=-1&depth=1", "node=9",
    ] {
      #expect(try decide("/neighbourhood?\(query)&token=secret") == .refuse(status: 400, reason: needs), "\(query)")
    }
    #expect(
      try decide("/inside?session=2&shape=5&group=-1&token=secret")
        == .refuse(status: 400, reason: "inside needs ?session=N&shape=S&group=K"))
    #expect(LiveAccess.makeToken().count == 32)
    #expect(LiveAccess.makeToken() != LiveAccess.makeToken())
  }

  @Test func serveTakesAnAddressOnlyWhenOneFollows() throws {
    let parser = ArgumentParser(specs: LiveCommand.options)
    let bare = try parser.parse(["--serve", "events.jsonl"])
    #expect(bare.has("serve") && bare.value("serve") == nil && bare.positionals == ["events.jsonl"])
    let given = try parser.parse(["--serve", "0.0.0.0:8080", "--listen", "tcp:127.0.0.1:0"])
    #expect(given.value("serve") == "0.0.0.0:8080")
    #expect(try parser.parse(["--serve=127.0.0.1:0"]).value("serve") == "127.0.0.1:0")
    #expect(try parser.parse(["--serve", "tcp:127.0.0.1:9"]).positionals == ["tcp:127.0.0.1:9"])
    #expect(try LiveCommand(parser.parse(["--serve", "--listen", "tcp:127.0.0.1:0"])).serve?.port == 0)
    // Reachable from elsewhere: both commands that serve warn so; on this machine, neither.
    let elsewhere = try #require(try ServeAddress(given))
    #expect(elsewhere.host == "0.0.0.0" && elsewhere.port == 8080)
    #expect(elsewhere.exposure?.contains("serving on 0.0.0.0: the page shows app state to anyone") == true)
    #expect(try ServeAddress(bare)?.exposure == nil)
    let report = try ArgumentParser(specs: ReportCommand.options).parse(["s.json", "--serve", "localhost:9"])
    #expect(try ReportCommand(report).serve?.exposure == nil)
    #expect(throws: UsageError.self) { try ServeAddress(parser.parse(["--serve=here"])) }
  }

  @Test func maxPauseTakesSecondsOrNone() throws {
    let parser = ArgumentParser(specs: LiveCommand.options)
    #expect(try LiveCommand(parser.parse(["events.jsonl"])).maximumPause == .seconds(3))
    #expect(try LiveCommand(parser.parse(["events.jsonl", "--max-pause", "0.25"])).maximumPause == .milliseconds(250))
    #expect(try LiveCommand(parser.parse(["events.jsonl", "--max-pause", "none"])).maximumPause == nil)
    for bad in ["-1", "x", "86401", "nan"] {
      #expect(throws: UsageError.self) { try LiveCommand(parser.parse(["events.jsonl", "--max-pause", bad])) }
    }
  }

  @Test func keepEndedTakesACountOfSessions() throws {
    let parser = ArgumentParser(specs: LiveCommand.options)
    #expect(try LiveCommand(parser.parse(["--serve", "-l", "tcp:127.0.0.1:0"])).keepEnded == 20)
    #expect(try LiveCommand(parser.parse(["--serve", "--keep-ended", "0", "-l", "tcp:127.0.0.1:0"])).keepEnded == 0)
    for bad in ["-1", "x", "10001"] {
      #expect(throws: UsageError.self) {
        try LiveCommand(parser.parse(["--serve", "--keep-ended", bad, "-l", "tcp:127.0.0.1:0"]))
      }
    }
  }

  // MARK: - Sessions

  static func event(_ kind: InspectorEvent.Kind, seq: Int? = nil) -> InspectorEvent {
    InspectorEvent(atNanos: 0, kind: kind, seq: seq)
  }

  @Test func aSessionKeepsTheGraphAndTheTimelineTheEventsDescribe() {
    var session = LiveSession(number: 1, keep: 100)
    #expect(session.name == "app 1")
    session.apply(Self.event(.hello(AppHello(app: "shop", processID: 42, instance: "i", version: "1"))))
    #expect(session.name == "shop 42")
    session.apply(Self.event(.node(SnapshotNode(id: "count", kind: .atom, value: "1"))))
    session.apply(Self.event(.node(SnapshotNode(id: "double", kind: .selector))))
    session.apply(Self.event(.edgeAdded(SnapshotEdge(from: "count", to: "double"))))
    let shape = session.shapeVersion
    session.apply(
      Self.event(.step(SnapshotEntry(seq: 3, kind: .write, node: "count", before: "1", after: "2")), seq: 3))
    session.apply(
      Self.event(
        .evaluation(
          EvaluationEvent(node: "double", durationNanos: 500, trigger: "dependency count", changed: true, value: "4")),
        seq: 5))
    // One from another thread, a little late: placed in timeline order.
    session.apply(
      Self.event(
        .evaluation(
          EvaluationEvent(node: "double", durationNanos: 700, trigger: "first read", changed: true, value: "2")),
        seq: 4))
    session.apply(Self.event(.dropped(count: 7)))
    // An action's entry says where the app dispatched it.
    session.apply(
      Self.event(.action(SnapshotAction(seq: 1, store: "app", name: "tap", site: "Shop/Screen.swift:9")), seq: 6))
    #expect(session.shapeVersion == shape)  // values and entries change no shape
    let snapshot = session.snapshot()
    #expect(snapshot.timeline.last?.kind == .action)
    #expect(snapshot.timeline.last?.site == "Shop/Screen.swift:9")
    #expect(snapshot.nodes.map(\.value) == ["2", "4"])
    #expect(snapshot.nodes[1].evaluations?.count == 2)
    #expect(snapshot.nodes[1].evaluations?.totalNanos == 1_200)
    #expect(snapshot.edges == [SnapshotEdge(from: "count", to: "double")])
    #expect(snapshot.timeline.map(\.seq) == [3, 4, 5, 6])
    #expect(snapshot.dropped?.events == 7)
    session.apply(Self.event(.edgeRemoved(SnapshotEdge(from: "count", to: "double"))))
    #expect(session.shapeVersion == shape + 1)
    #expect(session.snapshot().edges.isEmpty)
  }

  /// Found by trying every integer of a recorded stream at Int's limits: two evaluations of
  /// Int.max nanoseconds each stopped the server (their sum overflowed).
  @Test func durationsAtIntsLimitAddUpToItsLimit() {
    var session = LiveSession(number: 1, keep: 100)
    for seq in 1...2 {
      session.apply(
        Self.event(
          .evaluation(EvaluationEvent(node: "slow", durationNanos: .max, trigger: "t", changed: true, value: "1")),
          seq: seq))
    }
    let evaluations = session.snapshot().nodes.first?.evaluations
    #expect(evaluations?.count == 2 && evaluations?.totalNanos == .max && evaluations?.maxNanos == .max)
  }

  /// Any process on the machine may connect and say it is called anything: a name of 100,000
  /// characters named the session, and prefixed every line of `live` with several apps.
  @Test func anAppIsNamedByAShortenedName() {
    var session = LiveSession(number: 1, keep: 100)
    let long = String(repeating: "A", count: 100_000)
    session.apply(Self.event(.hello(AppHello(app: long, processID: 42, instance: "i", version: long))))
    #expect(session.name == String(repeating: "A", count: AppHello.shownNameLimit - 1) + "… 42")
    var top = LiveTop()
    top.apply(Self.event(.hello(AppHello(app: long, processID: 42, instance: "i", version: "1"))), from: 1)
    let lines = top.lines(width: 1_000, height: 10, seconds: 1, style: TerminalStyle(isEnabled: false))
    #expect(lines[1] == "apps: " + session.name)
  }

  @Test func aNodeThatGoesTakesItsEdgesAndChangesTheShape() {
    var session = LiveSession(number: 1, keep: 100)
    session.apply(Self.event(.node(SnapshotNode(id: "Item(1)", kind: .atom))))
    session.apply(Self.event(.node(SnapshotNode(id: "Total", kind: .selector))))
    session.apply(Self.event(.edgeAdded(SnapshotEdge(from: "Item(1)", to: "Total"))))
    let shape = session.shapeVersion
    session.apply(Self.event(.nodeRemoved(id: "Item(1)")))
    #expect(session.shapeVersion == shape + 1)
    #expect(session.snapshot().nodes.map(\.id) == ["Total"])
    #expect(session.snapshot().edges.isEmpty)
    // The rest still reads by id after the removal.
    session.apply(
      Self.event(
        .evaluation(EvaluationEvent(node: "Total", durationNanos: 1, trigger: "t", changed: true, value: "0")), seq: 1))
    #expect(session.snapshot().nodes.first?.value == "0")
  }

  @Test func aSessionKeepsItsLatestEntriesAndCountsTheRest() {
    var session = LiveSession(number: 1, keep: 10)
    for seq in 1...100 {
      session.apply(
        Self.event(.step(SnapshotEntry(seq: seq, kind: .write, node: "n", before: nil, after: "\(seq)")), seq: seq))
    }
    let snapshot = session.snapshot()
    #expect(snapshot.timeline.map(\.seq) == Array(91...100))
    #expect(snapshot.dropped?.timeline == 90)
    #expect(session.entryCount == 10)
    #expect(snapshot.nodes.first?.value == "100")
  }

  @Test func eachConnectionIsASessionAndOneThatEndsStaysReadable() {
    let sessions = LiveSessions(keep: 100)
    let hello = { (pid: Int) in
      Self.event(.hello(AppHello(app: "shop", processID: pid, instance: "\(pid)", version: "1")))
    }
    #expect(sessions.apply(hello(1), connection: 1) == (1, true))
    #expect(sessions.apply(Self.event(.node(SnapshotNode(id: "a", kind: .atom))), connection: 1) == (1, false))
    #expect(sessions.apply(hello(2), connection: 2) == (2, true))
    // The first app restarts: its new connection is a new session of the same app.
    #expect(sessions.close(connection: 1)?.ended.isConnected == false)
    #expect(sessions.apply(hello(3), connection: 3).session == 3)
    let summaries = sessions.summaries()
    #expect(summaries.map(\.name) == ["shop 1", "shop 2", "shop 3"])
    #expect(summaries.map(\.isConnected) == [false, true, true])
    #expect(sessions.snapshot(of: 1)?.snapshot.nodes.map(\.id) == ["a"])
    #expect(sessions.snapshot(of: 4) == nil)
  }

  /// An app relaunched all day comes back as a session each time: the connected ones are
  /// all kept, and of those that ended the latest `keepEnded`, each numbered as it was.
  @Test func onlyTheLatestEndedSessionsAreKept() {
    let sessions = LiveSessions(keep: 100, keepEnded: 2)
    let hello = { (pid: Int) in
      Self.event(.hello(AppHello(app: "shop", processID: pid, instance: "\(pid)", version: "1")))
    }
    // Connection 1 stays; connections 2 to 6 come and go.
    sessions.apply(hello(100), connection: 1)
    var forgotten: [Int] = []
    for connection in 2...6 {
      #expect(sessions.apply(hello(connection), connection: connection).session == connection)
      sessions.apply(Self.event(.node(SnapshotNode(id: "n\(connection)", kind: .atom))), connection: connection)
      let closed = sessions.close(connection: connection)
      #expect(closed?.ended.number == connection)
      forgotten += closed?.forgotten.map(\.number) ?? []
    }
    #expect(forgotten == [2, 3, 4])
    #expect(sessions.summaries().map(\.number) == [1, 5, 6])
    #expect(sessions.summaries().map(\.isConnected) == [true, false, false])
    #expect(sessions.snapshot(of: 3) == nil && sessions.summary(of: 3) == nil)
    #expect(sessions.snapshot(of: 5)?.snapshot.nodes.map(\.id) == ["n5"])
    // The next connection takes the next number, not a forgotten one; the one still connected
    // is still reached by its number.
    #expect(sessions.apply(hello(7), connection: 7).session == 7)
    #expect(sessions.connection(ofSession: 1) == 1 && sessions.connection(ofSession: 7) == 7)
    #expect(sessions.apply(Self.event(.node(SnapshotNode(id: "m", kind: .atom))), connection: 1).session == 1)
    #expect(sessions.snapshot(of: 1)?.snapshot.nodes.map(\.id) == ["m"])
  }
}
