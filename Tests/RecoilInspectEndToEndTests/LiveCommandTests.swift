import Foundation
import RecoilSnapshot
import Testing

@Suite struct LiveCommandTests {
  @Test func printsTheDemoEventLogReadably() throws {
    let outcome = try ExecutableRunner.run(["live", ExecutableRunner.fixture("cart-demo/cart.events.jsonl")])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    let text = outcome.stdoutText
    #expect(text.contains("action app #1 user(.signIn)"))
    // Where the app dispatched it.
    let signIn = text.split(separator: "\n").first { $0.contains("action app #1 user(.signIn)") } ?? ""
    #expect(signIn.contains("  at cart_demo/CartScenario.swift:"), "\(signIn)")
    #expect(text.contains("user.name: \"\" -> \"Ann\""))
    #expect(text.contains("edge + Catalog.query -> Catalog.visibleProducts"))
    #expect(text.contains("eval Pricing.displayPrices"))
    #expect(text.contains("effect cart.reserveStock"))
    #expect(text.contains("error Catalog.recommendations: recommendation service offline (HTTP 503)"))
  }

  /// An app introduces itself; the line says which app, which process, which instance and
  /// which version, and `--kind hello` keeps only such lines.
  @Test func anAppsHelloSaysWhoIsSpeaking() throws {
    let input = Data(
      """
      {"type":"hello","at":0,"app":"Shop\\u001b[31m","pid":4242,"instance":"6f1c2a9e-0000-4000-8000-000000000000","version":"0.1.0"}
      {"type":"dropped","at":9,"count":3}

      """.utf8)
    let outcome = try ExecutableRunner.run(["live", "--kind", "hello"], stdin: input)
    #expect(outcome.status == 0)
    let lines = outcome.stdoutText.split(separator: "\n")
    #expect(lines.count == 1)
    // The app's name is data: its escape sequence is shown, not applied.
    #expect(lines.first?.hasSuffix("hello Shop\\u{1B}[31m (process 4242, instance 6f1c2a9e, recoil 0.1.0)") == true)
    let raw = try ExecutableRunner.run(["live", "--raw"], stdin: input)
    #expect(raw.stdoutText.hasPrefix(#"{"type":"hello","at":0,"app":"Shop\u001b[31m","pid":4242,"#))
  }

  /// `--raw` passes each valid line through as it came, fields it does not know and spacing
  /// included, filtered or not; a hello's token is the one thing it leaves out.
  @Test func rawModePassesValidLinesThroughUntouched() throws {
    let input = Data(
      """
      {"type":"edgeAdded","at":5,"from":"a","to":"b","future":"kept"}
      {"type":"hello","at":6,"app":"Shop","pid":1,"instance":"i","version":"0.1.0","token":"s3cret"}
      {  "type" : "dropped", "at":9,"count":3 }
      not json

      """.utf8)
    let outcome = try ExecutableRunner.run(["live", "--raw"], stdin: input)
    #expect(outcome.status == 0)
    let lines = outcome.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[0] == #"{"type":"edgeAdded","at":5,"from":"a","to":"b","future":"kept"}"#)
    #expect(lines[1].contains(#""app":"Shop""#) && !lines[1].contains("s3cret"))
    #expect(lines[2] == #"{  "type" : "dropped", "at":9,"count":3 }"#)
    #expect(outcome.stderr.contains(":4:"))
    let filtered = try ExecutableRunner.run(["live", "--raw", "--kind", "dropped"], stdin: input)
    #expect(filtered.stdoutText == #"{  "type" : "dropped", "at":9,"count":3 }"# + "\n")
  }

  @Test func malformedLinesAreReportedWithTheirLineAndSkipped() throws {
    let input = Data("{\"type\":\"dropped\",\"at\":1,\"count\":1}\n{\"type\":\"teleport\"}\nnot json\n".utf8)
    let outcome = try ExecutableRunner.run(["live", "--raw", "-"], stdin: input)
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText == "{\"type\":\"dropped\",\"at\":1,\"count\":1}\n")
    #expect(
      outcome.stderr
        == """
        recoil-inspect: warning: -:2:9: type: expected node, edgeAdded, edgeRemoved, evaluation, action, effect, error, dropped, write, notification, resolution, atomEffect, hello, nodeRemoved, control, answer or scope, found "teleport"
        recoil-inspect: warning: -:3:1: malformed JSON: invalid literal; expected null

        """)
  }

  /// Filters that match nothing say so when the stream ends, as trace's do; with --raw on
  /// standard error, so the output stays JSON Lines.
  @Test func filtersThatMatchNothingSaySo() throws {
    let events = ExecutableRunner.fixture("cart-demo/cart.events.jsonl")
    let count = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").count
    let text = try ExecutableRunner.run(["live", events, "--node", "Nope.*"])
    #expect(text.status == 0)
    #expect(text.stdoutText == "nothing matched --node Nope.* (of \(count) events)\n")
    let raw = try ExecutableRunner.run(["live", events, "--node", "Nope.*", "--raw"])
    #expect(raw.status == 0)
    #expect(raw.stdoutText.isEmpty)
    #expect(raw.stderr == "recoil-inspect: warning: nothing matched --node Nope.* (of \(count) events)\n")
    // A filter that matches prints no such note.
    let some = try ExecutableRunner.run(["live", events, "--node", "Pricing.*"])
    #expect(!some.stdoutText.isEmpty && !some.stdoutText.contains("nothing matched"))
  }

  @Test func aBadEndpointIsAUsageError() throws {
    let outcome = try ExecutableRunner.run(["live", "--listen", "tcp:127.0.0.1:notaport"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("recoil-inspect: error: invalid value 'tcp:127.0.0.1:notaport' for '--listen'"))
  }

  @Test func theShippedDemoFixturesAreValid() throws {
    let outcome = try ExecutableRunner.run(["validate", ExecutableRunner.fixture("cart-demo/cart.snapshot.json")])
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText.contains("2 stores"))
    let render = try ExecutableRunner.run([ExecutableRunner.fixture("cart-demo/cart.snapshot.json"), "-o", "-"])
    #expect(render.status == 0)
    #expect(render.stdoutText.contains("Pricing.displayPrices"))
  }
}
