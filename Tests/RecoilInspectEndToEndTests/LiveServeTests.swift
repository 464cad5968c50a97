import Foundation
import RecoilSnapshot
import Testing
import WebDriver

/// `recoil-inspect live --serve`, over real sockets: who it answers, with what, several apps
/// at once and one that restarts, and a page that stops reading.
@Suite(.serialized) struct LiveServeTests {
  static func start() throws -> LiveServeProcess {
    try LiveServeProcess(executable: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"))
  }

  static func hello(_ app: String, pid: Int) -> String {
    InspectorEventCodec.encode(
      InspectorEvent(atNanos: 1, kind: .hello(AppHello(app: app, processID: pid, instance: "i\(pid)", version: "1"))))
      + "\n"
  }

  static func node(_ id: String) -> String {
    InspectorEventCodec.encode(InspectorEvent(atNanos: 2, kind: .node(SnapshotNode(id: id, kind: .atom, value: "1"))))
      + "\n"
  }

  /// The sessions the server lists, once `ready` holds of them (within 10 s).
  static func sessions(
    _ live: LiveServeProcess, until ready: ([[String: Any]]) -> Bool
  ) throws -> [[String: Any]] {
    let deadline = Date().addingTimeInterval(10)
    var sessions: [[String: Any]] = []
    repeat {
      let answer = try LiveServeProcess.exchange(
        port: live.httpPort,
        "GET /sessions?token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n")
      let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
      sessions = object?["sessions"] as? [[String: Any]] ?? []
      if ready(sessions) { return sessions }
      usleep(50_000)
    } while Date() < deadline
    return sessions
  }

  @Test func everyRequestNeedsTheTokenAndTheRightHostAndBadOnesAreRefusedWithoutStoppingIt() throws {
    let live = try Self.start()
    defer { live.stop() }
    let (port, token) = (live.httpPort, live.token)
    func status(_ head: String) throws -> Int { try LiveServeProcess.exchange(port: port, head).status }
    let host = "Host: 127.0.0.1:\(port)\r\n"
    #expect(try status("GET / HTTP/1.1\r\n\(host)\r\n") == 403)
    // Another token: its first character changed (never the same one).
    let other = (token.first == "0" ? "1" : "0") + token.dropFirst()
    #expect(try status("GET /?token=\(other) HTTP/1.1\r\n\(host)\r\n") == 403)
    #expect(try status("GET /?token=\(token) HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n") == 403)
    #expect(try status("GET /missing?token=\(token) HTTP/1.1\r\n\(host)\r\n") == 404)
    #expect(try status("POST /?token=\(token) HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n") == 405)
    #expect(try status("NONSENSE\r\n\r\n") == 400)
    #expect(try status("GET / HTTP/1.1\r\n\r\n") == 400)
    // And it goes on: the page itself.
    let page = try LiveServeProcess.exchange(port: port, "GET /?token=\(token) HTTP/1.1\r\n\(host)\r\n")
    #expect(page.status == 200)
    #expect(page.body.contains("id=\"sessions\""))
    #expect(page.body.contains("Content-Security-Policy"))
  }

  @Test func severalAppsAreSessionsAnAppThatRestartsIsANewOneAndAStalledPageHoldsUpNobody() throws {
    let live = try Self.start()
    defer { live.stop() }
    // A page that opens the event stream and never reads it.
    let stalled = try LiveServeProcess.Connection(port: live.httpPort)
    defer { stalled.close() }
    try stalled.send("GET /events?token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n")

    let first = try LiveServeProcess.Connection(port: live.appPort)
    let second = try LiveServeProcess.Connection(port: live.appPort)
    defer { second.close() }
    try first.send(Self.hello("shop", pid: 11) + Self.node("Cart.count"))
    try second.send(Self.hello("admin", pid: 22) + Self.node("Admin.users"))
    var sessions = try Self.sessions(live) { $0.count == 2 }
    #expect(Set(sessions.compactMap { $0["name"] as? String }) == ["shop 11", "admin 22"])
    // Lots of changes, which the stalled page does not read.
    for index in 0..<2_000 { try second.send(Self.node("Admin.n\(index)")) }

    // The first app restarts: a new connection, a new session of the same app.
    first.close()
    let restarted = try LiveServeProcess.Connection(port: live.appPort)
    defer { restarted.close() }
    try restarted.send(Self.hello("shop", pid: 12))
    sessions = try Self.sessions(live) { sessions in
      sessions.count == 3
        && sessions.contains { $0["name"] as? String == "shop 11" && $0["connected"] as? Bool == false }
    }
    #expect(sessions.count == 3)
    let shop = sessions.first { $0["name"] as? String == "shop 11" }
    #expect(shop?["connected"] as? Bool == false)
    #expect(sessions.contains { $0["name"] as? String == "shop 12" && $0["connected"] as? Bool == true })
    // The ended session stays readable: its report still holds its node.
    let number = try #require(shop?["number"] as? Int)
    let report = try LiveServeProcess.exchange(
      port: live.httpPort,
      "GET /report?session=\(number)&token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n")
    #expect(report.status == 200)
    #expect(report.body.contains("data-node-id=\"Cart.count\""))
  }

  @Test func onlyTheLatestEndedSessionsAreKept() throws {
    let live = try LiveServeProcess(
      executable: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"),
      arguments: ["--keep-ended", "1"])
    defer { live.stop() }
    let staying = try LiveServeProcess.Connection(port: live.appPort)
    defer { staying.close() }
    try staying.send(Self.hello("shop", pid: 1))
    _ = try Self.sessions(live) { $0.count == 1 }
    // Three runs of another app, one after another.
    for pid in 2...4 {
      let run = try LiveServeProcess.Connection(port: live.appPort)
      try run.send(Self.hello("admin", pid: pid))
      _ = try Self.sessions(live) { $0.contains { $0["name"] as? String == "admin \(pid)" } }
      run.close()
      _ = try Self.sessions(live) { sessions in
        sessions.contains { $0["name"] as? String == "admin \(pid)" && $0["connected"] as? Bool == false }
      }
    }
    let sessions = try Self.sessions(live) { $0.count == 2 }
    #expect(sessions.compactMap { $0["name"] as? String } == ["shop 1", "admin 4"])
    #expect(sessions.compactMap { $0["number"] as? Int } == [1, 4])
    let forgotten = try LiveServeProcess.exchange(
      port: live.httpPort,
      "GET /report?session=2&token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n")
    #expect(forgotten.status == 404)
  }
}

/// `live` in the terminal with more than one app: whose each line is.
@Suite struct LiveSeveralAppsTests {
  @Test func withMoreThanOneAppEachLineSaysWhoseItIs() throws {
    let listener = Process()
    listener.executableURL = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect")
    listener.arguments = ["live", "--listen", "tcp:127.0.0.1:0"]
    listener.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    let (output, errors) = (Pipe(), Pipe())
    listener.standardOutput = output
    listener.standardError = errors
    try listener.run()
    defer { if listener.isRunning { kill(listener.processIdentifier, SIGKILL) } }
    var said = ""
    while !said.contains("\n") {
      let more = errors.fileHandleForReading.availableData
      if more.isEmpty { break }
      said += String(decoding: more, as: UTF8.self)
    }
    let port = try #require(
      said.firstMatch(of: /listening on tcp:127\.0\.0\.1:([0-9]+)/).flatMap { UInt16($0.1) }, "\(said)")

    func write(_ node: String, seq: Int) -> String {
      InspectorEventCodec.encode(
        InspectorEvent(
          atNanos: seq, kind: .step(SnapshotEntry(seq: seq, kind: .write, node: node, before: "0", after: "1")),
          seq: seq)) + "\n"
    }
    let shop = try LiveServeProcess.Connection(port: port)
    try shop.send(LiveServeTests.hello("shop", pid: 11) + write("Cart.count", seq: 1))
    let admin = try LiveServeProcess.Connection(port: port)
    try admin.send(LiveServeTests.hello("admin", pid: 22) + write("Admin.users", seq: 1))
    usleep(300_000)
    shop.close()
    admin.close()
    var text = ""
    let deadline = Date().addingTimeInterval(10)
    while !(text.contains("shop 11 disconnected") && text.contains("admin 22 disconnected")) && Date() < deadline {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      text += String(decoding: more, as: UTF8.self)
    }
    let lines = text.split(separator: "\n").map(String.init)
    // Once the second app has spoken, its lines and the first's say whose they are.
    #expect(lines.contains { $0.hasPrefix("[admin 22] ") && $0.contains("write Admin.users") }, "\(text)")
    #expect(lines.contains { $0.contains("shop 11 disconnected") }, "\(text)")
    #expect(lines.contains { $0.contains("admin 22 disconnected") }, "\(text)")
    // Each app's events keep their own order: both numbered 1, neither held back for the other.
    #expect(lines.filter { $0.contains("#1 write") }.count == 2, "\(text)")
  }
}

/// A listener that apps on other machines can reach takes only those that bring its token.
@Suite struct LiveRemoteAppsTests {
  @Test func aListenerBeyondLoopbackTakesOnlyAppsWithItsTokenAndNeverShowsIt() throws {
    let listener = Process()
    listener.executableURL = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect")
    listener.arguments = ["live", "--listen", "tcp:0.0.0.0:0", "--raw"]
    listener.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    let (output, errors) = (Pipe(), Pipe())
    listener.standardOutput = output
    listener.standardError = errors
    try listener.run()
    defer { if listener.isRunning { kill(listener.processIdentifier, SIGKILL) } }
    var said = ""
    while !said.contains("streamToken") || !said.hasSuffix("\n") {
      let more = errors.fileHandleForReading.availableData
      if more.isEmpty { break }
      said += String(decoding: more, as: UTF8.self)
    }
    let port = try #require(said.firstMatch(of: /tcp:0\.0\.0\.0:([0-9]+)/).flatMap { UInt16($0.1) }, "\(said)")
    let token = try #require(said.firstMatch(of: /streamToken = "([0-9a-f]+)"/).map { String($0.1) }, "\(said)")

    func hello(_ token: String?) -> String {
      InspectorEventCodec.encode(
        InspectorEvent(
          atNanos: 1, kind: .hello(AppHello(app: "phone", processID: 7, instance: "i", version: "1", token: token))))
        + "\n"
    }
    let node = { (id: String) in
      InspectorEventCodec.encode(InspectorEvent(atNanos: 2, kind: .node(SnapshotNode(id: id, kind: .atom)))) + "\n"
    }
    // Without the token, and with another: refused, nothing of theirs printed.
    // The other token differs in its first character (a token starting with 0 made the test
    // send the right one, one run in sixteen).
    for wrong in [nil, (token.first == "0" ? "1" : "0") + token.dropFirst()] {
      let intruder = try LiveServeProcess.Connection(port: port)
      try intruder.send(hello(wrong) + node("Intruder.secret"))
      #expect(intruder.readToEnd().isEmpty)  // closed by the listener
      intruder.close()
    }
    let app = try LiveServeProcess.Connection(port: port)
    defer { app.close() }
    try app.send(hello(token) + node("Phone.count"))
    var text = ""
    let deadline = Date().addingTimeInterval(10)
    while !text.contains("Phone.count") && Date() < deadline {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      text += String(decoding: more, as: UTF8.self)
    }
    #expect(text.contains("\"type\":\"hello\""))
    #expect(text.contains("Phone.count"))
    #expect(!text.contains("Intruder"))
    #expect(!text.contains(token), "the token is never printed")
  }
}

/// `live --top` on a terminal (a pseudo-terminal made by `script`), and off one.
@Suite struct LiveTopCommandTests {
  @Test func topDrawsOnTheAlternateScreenAndLeavesTheLastSummary() throws {
    let tool = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect").path(percentEncoded: false)
    let events = ExecutableRunner.fixture("cart-demo/cart.events.jsonl")
    let outcome = try ExecutableRunner.run(
      ["-qc", "\(tool) live --top \(events)", "/dev/null"], executable: "/usr/bin/script", stdin: Data(),
      environment: ["NO_COLOR": "1", "TERM": "xterm"])
    let text = outcome.stdoutText
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Drawn on the alternate screen, which is left at the end, with the terminal as it was.
    #expect(text.contains("\u{1B}[?1049h"))
    #expect(text.contains("\u{1B}[?1049l"))
    let summary = try #require(text.components(separatedBy: "\u{1B}[?1049l").last)
    #expect(summary.contains("apps: cart-demo"))
    #expect(summary.contains("Pricing.displayPrices"))
    #expect(summary.contains("recent errors"))
    #expect(summary.contains("recommendation service offline"))
  }

  @Test func topSaysWhenItsFiltersMatchedNothing() throws {
    let tool = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect").path(percentEncoded: false)
    let events = ExecutableRunner.fixture("cart-demo/cart.events.jsonl")
    let outcome = try ExecutableRunner.run(
      ["-qc", "\(tool) live --top --node 'Nothing.*' \(events)", "/dev/null"], executable: "/usr/bin/script",
      stdin: Data(), environment: ["NO_COLOR": "1", "TERM": "xterm"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdoutText.contains("nothing matched --node Nothing.* (of "))
  }

  @Test func topNeedsATerminal() throws {
    let outcome = try ExecutableRunner.run(["live", "--top", ExecutableRunner.fixture("cart-demo/cart.events.jsonl")])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("standard output to be a terminal"))
  }
}
