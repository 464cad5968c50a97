import Foundation
import Testing
import WebDriver

/// `recoil-inspect report`, and `.html` from `render` and `diff`. The page's behaviour is
/// tested in a browser (ReportBrowserTests); these check the command and the file.
@Suite struct ReportCommandTests {
  @Test func writesTheReportBesideTheSnapshot() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "cart.snapshot.json")
    try FileManager.default.copyItem(
      at: URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json")), to: input)
    let outcome = try ExecutableRunner.run(["report", input.path])
    let output = directory.appending(path: "cart.snapshot.html").path
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "recoil-inspect: wrote \(output) (27 nodes, 18 edges)\n")
    let page = try String(contentsOfFile: output, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<title>cart.snapshot.json · recoil-inspect</title>"))
    #expect(page.contains("data-node-id=\"Pricing.displayPrices\""))
    #expect(page.contains("id=\"search\""))
    #expect(page.contains("id=\"details\""))
    #expect(page.contains("id=\"timeline\""))
  }

  @Test func thePageIsSelfContainedAndForbidsNetworkLoads() throws {
    let outcome = try ExecutableRunner.run([
      "report", ExecutableRunner.fixture("cart-demo/cart.snapshot.json"), "-o", "-",
    ])
    #expect(outcome.status == 0)
    let page = outcome.stdoutText
    #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
    // Nothing is loaded from anywhere: no src, no stylesheet link, no URL but XML namespaces.
    #expect(!page.contains(" src="))
    #expect(!page.contains("<link"))
    let urls = page.ranges(of: "http").map { page[$0.lowerBound...].prefix(40) }
    #expect(urls.allSatisfy { $0.hasPrefix("http://www.w3.org/") || $0.hasPrefix("http-equiv") })
    // Only the page's own script and style run: they carry the policy's nonce.
    let nonce = try #require(page.firstRange(of: "'nonce-").map { page[$0.upperBound...].prefix { $0 != "'" } })
    #expect(nonce.count >= 16)
    #expect(page.contains("<script nonce=\"\(nonce)\">"))
    #expect(page.contains("<style nonce=\"\(nonce)\">"))
  }

  @Test func renderWritesTheReportForAnHTMLFileAndDiffDrawsTheDifferenceAsOne() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rendered = directory.appending(path: "graph.html").path
    var outcome = try ExecutableRunner.run([
      ExecutableRunner.fixture("format/cart.snapshot.json"), "-o", rendered, "-q",
    ])
    #expect(outcome.status == 0)
    #expect(try String(contentsOfFile: rendered, encoding: .utf8).contains("data-node-id=\"CartState.total\""))

    let difference = directory.appending(path: "difference.html").path
    outcome = try ExecutableRunner.run([
      "diff", ExecutableRunner.fixture("format/cart.snapshot.json"),
      ExecutableRunner.fixture("cart-demo/cart.snapshot.json"), "-o", difference,
    ])
    #expect(outcome.status == 0)
    let page = try String(contentsOfFile: difference, encoding: .utf8)
    // Both files' paths, as given: the same name in two folders stays apart.
    let (old, new) = (
      ExecutableRunner.fixture("format/cart.snapshot.json"), ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    )
    #expect(page.contains("<title>\(old) → \(new) · recoil-inspect</title>"))
    #expect(page.contains("class=\"node selector added\""))
    #expect(page.contains("difference · "))
  }

  @Test func aBadSnapshotLeavesAnExistingReportAsItWas() throws {
    let directory = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "report.html")
    try Data("previous report".utf8).write(to: output)
    let outcome = try ExecutableRunner.run([
      "report", ExecutableRunner.fixture("bad/missing-field.json"), "-o", output.path,
    ])
    #expect(outcome.status == 65)
    #expect(outcome.stderr.contains("missing-field.json"))
    #expect(try String(contentsOf: output, encoding: .utf8) == "previous report")
  }

  /// `report --serve`: the page `report` writes, asking its own server (and only it) for the
  /// neighbourhoods it lacks; each laid out when asked. The page's behaviour is in the browser
  /// tests (ReportOverviewTests.aServedReportLaysOutEveryDepthFocusAsksFor).
  @Test func servesThePageAndLaysOutNeighbourhoodsOnDemand() throws {
    let served = try LiveServeProcess(
      executable: ExecutableRunner.productsDirectory.appending(path: "recoil-inspect"),
      servingReportOf: URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json")),
      arguments: ["--exclude", "Catalog.*"])
    defer { served.stop() }
    let head = { (path: String) in "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(served.httpPort)\r\n\r\n" }
    let page = try LiveServeProcess.exchange(port: served.httpPort, head("/?token=\(served.token)"))
    #expect(page.status == 200)
    #expect(page.body.contains("<body data-layouts=\"server\">"))
    #expect(page.body.contains("img-src data:; connect-src 'self'; base-uri 'none'"))
    // The drawing options hold: the excluded nodes are not in it.
    #expect(page.body.contains("data-node-id=\"Pricing.displayPrices\""))
    #expect(!page.body.contains("data-node-id=\"Catalog."))
    let drawn = try LiveServeProcess.exchange(
      port: served.httpPort, head("/neighbourhood?token=\(served.token)&node=0&depth=all"))
    #expect(drawn.status == 200)
    #expect(drawn.body.hasPrefix("<svg") && drawn.body.contains("id=\"n0\""))
    // Without the token, or anything but the page and its neighbourhoods: refused.
    #expect(try LiveServeProcess.exchange(port: served.httpPort, head("/neighbourhood?node=0&depth=1")).status == 403)
    for path in ["/sessions", "/events", "/report?session=1", "/neighbourhood?session=1&shape=0&node=0&depth=1"] {
      let address = path + (path.contains("?") ? "&" : "?") + "token=\(served.token)"
      let refused = try LiveServeProcess.exchange(port: served.httpPort, head(address))
      #expect(refused.status == 404 && refused.body == "no such page\n", "\(path): \(refused.status)")
    }
    #expect(
      try LiveServeProcess.exchange(
        port: served.httpPort, head("/neighbourhood?token=\(served.token)&node=999&depth=1")
      )
      .status == 404)
  }

  @Test func servingTakesNoOutputAndSaysWhatIsWrongBeforeListening() throws {
    let snapshot = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
    var outcome = try ExecutableRunner.run(["report", snapshot, "--serve", "-o", "x.html"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("--serve serves the page instead of writing it"))
    // A bad focus or input ends the command with its error, before any address is printed.
    outcome = try ExecutableRunner.run(["report", snapshot, "--serve", "--focus", "Nope"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("Nope") && outcome.stdoutText.isEmpty)
    outcome = try ExecutableRunner.run(["report", ExecutableRunner.fixture("bad/missing-field.json"), "--serve"])
    #expect(outcome.status == 65)
    #expect(outcome.stdoutText.isEmpty)
    outcome = try ExecutableRunner.run(["report", snapshot, "--serve", "300.1.1.1:0"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("--serve"))
  }

  /// `--max-input-bytes` holds for `report` as for every command that reads snapshots.
  @Test func aSnapshotLargerThanTheLimitIsRefused() throws {
    let outcome = try ExecutableRunner.run([
      "report", ExecutableRunner.fixture("cart-demo/cart.snapshot.json"), "--max-input-bytes", "10", "-o", "-",
    ])
    #expect(outcome.status == 66)
    #expect(outcome.stderr.contains("larger than --max-input-bytes 10"))
    #expect(outcome.stdout.isEmpty)
  }

  @Test func anUnknownFocusIsAUsageError() throws {
    let outcome = try ExecutableRunner.run([
      "report", ExecutableRunner.fixture("cart-demo/cart.snapshot.json"), "--focus", "Nope", "-o", "-",
    ])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("Nope"))
  }
}
