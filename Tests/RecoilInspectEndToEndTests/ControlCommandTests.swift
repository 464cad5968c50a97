import Foundation
import RecoilSnapshot
import Testing
import WebDriver

/// `recoil-inspect control` against a running `live --serve` and `cart-demo --allow-control`
/// (issue 31): each operation changes the app and shows as a `control` entry in its stream,
/// each bad request changes nothing and says what and where, control is off unless the app
/// allows it, and `/control` keeps the server's rules.
@Suite(.serialized) struct ControlCommandTests {
  /// `live --serve` with cart-demo connected, its session played and its screens open.
  final class RunningDemo {
    let live: LiveServeProcess
    let demo: Process

    init(allowingControl: Bool = true) throws {
      live = try LiveServeProcess(executable: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"))
      demo = Process()
      demo.executableURL = ExecutableRunner.productsDirectory.appending(path: "cart-demo")
      let endpoint = "tcp:127.0.0.1:\(live.appPort)"
      // Without control, the demo leaves when its session is played: looping keeps it connected.
      demo.arguments = ["--stream", endpoint] + (allowingControl ? ["--allow-control"] : ["--loop", "--pace", "20"])
      let output = Pipe()
      demo.standardOutput = output
      demo.standardError = FileHandle.nullDevice
      try demo.run()
      if allowingControl {
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("the tool may change it now") && Date() < deadline {
          let more = output.fileHandleForReading.availableData
          if more.isEmpty { break }
          text += String(decoding: more, as: UTF8.self)
        }
        guard text.contains("the tool may change it now") else {
          stop()
          throw LiveServeProcess.Failure(message: "cart-demo did not finish its session: \(text)")
        }
      }
      output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
      // The session is known to the server once its hello arrived.
      let deadline = Date().addingTimeInterval(10)
      while try !sessionsJSON().contains("\"connected\":true") && Date() < deadline { usleep(50_000) }
      // And what the app streamed has all arrived: the timeline stops growing.
      var count = -1
      while allowingControl && Date() < deadline {
        let now = try timeline().count
        if now == count { break }
        count = now
        usleep(300_000)
      }
    }

    func stop() {
      if demo.isRunning { kill(demo.processIdentifier, SIGKILL) }
      demo.waitUntilExit()
      live.stop()
    }

    func sessionsJSON() throws -> String {
      try LiveServeProcess.exchange(
        port: live.httpPort,
        "GET /sessions?token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n"
      ).body
    }

    /// `recoil-inspect control ARGUMENTS` against this server, by `$RECOIL_INSPECT_SERVER`.
    func control(_ arguments: [String]) throws -> ExecutableRunner.Outcome {
      try ExecutableRunner.run(["control"] + arguments, environment: ["RECOIL_INSPECT_SERVER": live.pageURL])
    }

    /// The session's nodes and timeline as the server's report holds them (what the page
    /// shows), entries naming their nodes by id.
    func report() throws -> (nodes: [[String: Any]], timeline: [[String: Any]]) {
      let page = try LiveServeProcess.exchange(
        port: live.httpPort,
        "GET /report?session=1&token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n"
      ).body
      guard let start = page.range(of: "id=\"report-data\">"),
        let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex),
        let data = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
          as? [String: Any],
        let nodes = data["nodes"] as? [[String: Any]], let timeline = data["timeline"] as? [[String: Any]]
      else { throw LiveServeProcess.Failure(message: "no report data") }
      let entries = timeline.map { entry in
        var entry = entry
        if let index = entry["node"] as? Int { entry["node"] = nodes[index]["id"] }
        return entry
      }
      return (nodes, entries)
    }

    /// The session's timeline as the server's report holds it.
    func timeline() throws -> [[String: Any]] { try report().timeline }

    /// Waits until node `id`, as the page shows it, satisfies `holds`.
    func node(_ id: String, _ holds: ([String: Any]) -> Bool) throws -> Bool {
      let deadline = Date().addingTimeInterval(5)
      repeat {
        if let node = try report().nodes.first(where: { $0["id"] as? String == id }), holds(node) { return true }
        usleep(100_000)
      } while Date() < deadline
      return false
    }

    /// Waits until the session's timeline holds an entry that `matches`, and returns it.
    func entry(_ matches: ([String: Any]) -> Bool) throws -> [String: Any]? {
      let deadline = Date().addingTimeInterval(5)
      repeat {
        if let found = try timeline().last(where: matches) { return found }
        usleep(100_000)
      } while Date() < deadline
      return nil
    }
  }

  @Test func eachOperationChangesTheAppAndIsAControlEntryOfItsStream() throws {
    let app = try RunningDemo()
    defer { app.stop() }

    // set: the atom, then the selector its screen reads, both caused by the control entry.
    let set = try app.control(["set", "Pricing.currency", #""CHF""#])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdoutText == "set Pricing.currency = \"CHF\"\n")
    let control = try #require(try app.entry { $0["kind"] as? String == "control" && $0["name"] as? String == "set" })
    #expect(control["site"] as? String == "recoil-inspect control")
    #expect(control["value"] as? String == #""CHF""#)
    let write = try #require(
      try app.entry { $0["kind"] as? String == "write" && $0["cause"] as? Int == control["seq"] as? Int })
    #expect(write["node"] as? String == "Pricing.currency" && write["after"] as? String == #""CHF""#)
    let evaluation = try #require(
      try app.entry { $0["kind"] as? String == "evaluation" && $0["cause"] as? Int == write["seq"] as? Int })
    #expect((evaluation["value"] as? String)?.contains("CHF") == true)

    // actions: the store's cases, each with the latest recorded, to dispatch as it reads.
    let controlsBefore = try app.timeline().count { $0["kind"] as? String == "control" }
    let actions = try app.control(["actions", "cart"])
    #expect(actions.status == 0, "\(actions.stderr)")
    let lines = actions.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.first == "cart takes CartAction: each case with the latest recorded, or an empty payload")
    #expect(lines.contains(#"  setQuantity    {"setQuantity":{"productID":"GL-03","quantity":2}}"#), "\(lines)")
    // Asking changed nothing: no control entry came of it.
    #expect(try app.timeline().count { $0["kind"] as? String == "control" } == controlsBefore)

    // dispatch: an action of the app's store, decoded by its own Codable type.
    let dispatch = try app.control(["dispatch", "app", #"{"settings":{"_0":{"setCurrency":{"_0":"GBP"}}}}"#])
    #expect(dispatch.status == 0, "\(dispatch.stderr)")
    #expect(dispatch.stdoutText.hasPrefix("dispatched settings(SettingsAction.setCurrency(\"GBP\")) to app"))
    let dispatched = try #require(
      try app.entry { $0["kind"] as? String == "control" && $0["name"] as? String == "dispatch" })
    #expect(
      try app.entry { $0["kind"] as? String == "action" && $0["cause"] as? Int == dispatched["seq"] as? Int } != nil)

    // The page shows the atom's new value, and the store's.
    #expect(try app.node("Pricing.currency") { $0["value"] as? String == #""GBP""# })
    #expect(try app.node("app.settings") { ($0["value"] as? String)?.contains(#"currency: "GBP""#) == true })

    // stub and unstub: the selector fails, loads, then computes its value again.
    #expect(try app.control(["stub", "Pricing.overview", "--error", "offline"]).status == 0)
    #expect(try app.entry { $0["kind"] as? String == "control" && $0["value"] as? String == "error: offline" } != nil)
    #expect(
      try app.node("Pricing.overview") { $0["status"] as? String == "error" && $0["error"] as? String == "offline" })
    #expect(try app.control(["unstub", "Pricing.overview"]).status == 0)
    #expect(try app.node("Pricing.overview") { $0["status"] as? String == "ready" })
    #expect(try app.control(["stub", "Pricing.overview", "--loading"]).status == 0)
    #expect(try app.node("Pricing.overview") { $0["status"] as? String == "loading" })
    #expect(try app.control(["stub", "Pricing.overview", "--value", #""stubbed""#]).status == 0)
    #expect(try app.node("Pricing.overview") { $0["value"] as? String == #""stubbed""# })
    #expect(try app.control(["unstub", "Pricing.overview"]).status == 0)
    #expect(
      try app.node("Pricing.overview") {
        ($0["value"] as? String)?.contains("products in") == true && $0["status"] as? String == "ready"
      })

    // reset: the atom's default again, written as a reset caused by the control.
    #expect(try app.control(["set", "Catalog.query", #""hat""#]).status == 0)
    #expect(try app.node("Catalog.query") { $0["value"] as? String == #""hat""# })
    let reset = try app.control(["reset", "Catalog.query"])
    #expect(reset.status == 0 && reset.stdoutText == "reset Catalog.query\n")
    let resetControl = try #require(
      try app.entry { $0["kind"] as? String == "control" && $0["name"] as? String == "reset" })
    #expect(
      try app.entry {
        $0["kind"] as? String == "write" && $0["name"] as? String == "reset"
          && $0["cause"] as? Int == resetControl["seq"] as? Int
      } != nil)
    #expect(try app.node("Catalog.query") { $0["value"] as? String == #""""# })

    // jump: the session says where the app is until it resumes.
    let action = try #require(try app.timeline().first { $0["kind"] as? String == "action" }?["seq"] as? Int)
    let jump = try app.control(["jump", "#\(action)"])
    #expect(jump.status == 0 && jump.stdoutText == "jumped to #\(action)\n", "\(jump.stderr)")
    #expect(try app.entry { _ in (try? app.sessionsJSON().contains("\"jumpedTo\":\(action)")) == true } != nil)
    let refused = try app.control(["set", "Pricing.currency", #""EUR""#])
    #expect(refused.status == 1 && refused.stderr.contains("the app is jumped to #\(action); resume first"))
    #expect(try app.control(["resume"]).stdoutText == "resumed from #\(action)\n")
    #expect(try app.entry { _ in (try? app.sessionsJSON().contains("jumpedTo")) == false } != nil)

    // skip: the store replayed without one of its actions.
    let skip = try app.control(["skip", String(action)])
    #expect(skip.status == 0 && skip.stdoutText == "replayed app without #\(action)\n", "\(skip.stderr)")
  }

  @Test func badRequestsChangeNothingAndSayWhatAndWhere() throws {
    let app = try RunningDemo()
    defer { app.stop() }
    let before = try app.timeline().count
    let cases: [([String], String)] = [
      (["set", "Pricing.currency", "12"], "Pricing.currency: expected String, found number"),
      (["set", "Pricing.curency", #""EUR""#], "no node Pricing.curency is in use"),
      (["set", "Pricing.displayPrices", "{}"], "Pricing.displayPrices is a selector that cannot be written"),
      (["dispatch", "app", #"{"settings":{"_0":{"setCurrency":{"_0":5}}}}"#], "expected String, found number"),
      (["dispatch", "shop", "{}"], "no store shop is attached; attached: app, cart"),
      (["stub", "Pricing.currency", "--loading"], "Pricing.currency is an atom: set it instead of stubbing it"),
      (["jump", "1"], "is before the recorded history"),
      (["jump", "99999999"], "has not happened yet"),
      (["resume"], "the app is not jumped"),
    ]
    for (arguments, message) in cases {
      let outcome = try app.control(arguments)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
      #expect(outcome.stdoutText.isEmpty)
    }
    // Nothing was done: no control entry, no write.
    usleep(300_000)
    let after = try app.timeline()
    #expect(!after.contains { $0["kind"] as? String == "control" })
    #expect(after.count == before)
  }

  @Test func controlIsRefusedUnlessTheAppAllowsIt() throws {
    let app = try RunningDemo(allowingControl: false)
    defer { app.stop() }
    for arguments in [["set", "Pricing.currency", #""CHF""#], ["jump", "5"], ["resume"], ["unstub", "X"]] {
      let outcome = try app.control(arguments)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.stderr.contains("remote control is off in this app"), "\(outcome.stderr)")
    }
  }

  @Test func theCommandSaysWhatIsWrongWithHowItWasCalled() throws {
    let server = "http://127.0.0.1:1/?token=ab"
    let cases: [([String], Int32, String)] = [
      (["control", "--server", server, "teleport"], 64, "no operation 'teleport'"),
      (["control", "--server", server, "set", "A"], 64, "missing argument <json>"),
      (["control", "--server", server, "set", "A", "EUR"], 64, "expected JSON"),
      (["control", "--server", server, "stub", "A"], 64, "exactly one of --value JSON, --error MESSAGE or --loading"),
      (["control", "--server", server, "jump", "x"], 64, "a timeline entry's number"),
      (["control", "--server", "127.0.0.1:8080", "resume"], 64, "the address live --serve printed"),
      (["control", "resume"], 64, "RECOIL_INSPECT_SERVER"),
      (["control", "--server", server, "resume"], 69, "cannot connect"),
    ]
    for (arguments, status, message) in cases {
      let outcome = try ExecutableRunner.run(arguments, environment: ["RECOIL_INSPECT_SERVER": ""])
      #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
    }
  }

  @Test func controlRequestsArePostOnlyAndNeedTheTokenAndTheRightHost() throws {
    let live = try LiveServeProcess(executable: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"))
    defer { live.stop() }
    let port = live.httpPort
    func exchange(_ method: String, _ target: String, host: String? = nil, body: String = "") throws -> (Int, String) {
      let head =
        "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
      let answer = try LiveServeProcess.exchange(port: port, head + body)
      return (answer.status, answer.body)
    }
    let request = #"{"control":"resume"}"#
    #expect(try exchange("POST", "/control", body: request).0 == 403)
    #expect(try exchange("POST", "/control?token=\(live.token)", host: "evil.example:\(port)", body: request).0 == 403)
    #expect(try exchange("GET", "/control?token=\(live.token)").0 == 405)
    #expect(try exchange("POST", "/sessions?token=\(live.token)", body: request).0 == 405)
    let bad = try exchange("POST", "/control?token=\(live.token)", body: #"{"control":"jump","seq":"x"}"#)
    #expect(bad.0 == 400 && bad.1.contains("`seq` must be a whole number"))
    let unknown = try exchange("POST", "/control?token=\(live.token)", body: #"{"control":"explode"}"#)
    #expect(unknown.0 == 400 && unknown.1.contains("unknown operation `explode`"))
    let nobody = try exchange("POST", "/control?token=\(live.token)", body: request)
    #expect(nobody.0 == 404 && nobody.1.contains("no app is connected"))
    // Two apps: the request must name one.
    let first = try LiveServeProcess.Connection(port: live.appPort)
    let second = try LiveServeProcess.Connection(port: live.appPort)
    defer {
      first.close()
      second.close()
    }
    for (connection, name) in [(first, "shop"), (second, "admin")] {
      try connection.send(
        InspectorEventCodec.encode(
          InspectorEvent(atNanos: 1, kind: .hello(AppHello(app: name, processID: 7, instance: name, version: "1"))))
          + "\n")
    }
    usleep(500_000)
    let several = try exchange("POST", "/control?token=\(live.token)", body: request)
    #expect(several.0 == 409 && several.1.contains("name one with --app: shop 7 (session 1), admin 7 (session 2)"))
    // An app that never answers (this one only writes): the request gives up, saying so.
    let silent = try exchange("POST", "/control?token=\(live.token)&app=admin", body: request)
    #expect(silent.0 == 504 && silent.1.contains("the app did not answer"))
    // The command names the app with --app, and says when no answer came (69).
    let named = try ExecutableRunner.run(["control", "--server", live.pageURL, "--app", "shop", "resume"])
    #expect(named.status == 69 && named.stderr.contains("the app did not answer"), "\(named.stderr)")
    let unnamed = try ExecutableRunner.run(["control", "--server", live.pageURL, "resume"])
    #expect(unnamed.status == 1 && unnamed.stderr.contains("several apps are connected; name one with --app"))
    let unknownApp = try ExecutableRunner.run(["control", "--server", live.pageURL, "--app", "nobody", "resume"])
    #expect(unknownApp.status == 1 && unknownApp.stderr.contains("no connected app is named nobody"))
  }
}
