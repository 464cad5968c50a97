import Foundation
import RecoilInspector
import RecoilSnapshot
import Testing

@testable import cart_demo

@Suite struct CartDemoTests {
  @Test func theScenarioGivesExactlyTheExpectedGraph() async throws {
    let inspector = Inspector()
    let scenario = CartScenario(inspector: inspector)
    await scenario.run()
    let snapshot = inspector.snapshot()
    #expect(
      Set(snapshot.nodes.map(\.id)) == [
        #"Catalog.inStock("BT-42")"#, #"Catalog.inStock("HT-11")"#, #"Catalog.inStock("SC-07")"#, "Catalog.products",
        "Catalog.query", "Catalog.recommendations", #"Catalog.stock("BT-42")"#, #"Catalog.stock("HT-11")"#,
        #"Catalog.stock("SC-07")"#, #"Catalog.stock("GL-03")"#, "Catalog.visibleProducts", "Pricing.currency",
        "Pricing.displayPrices", "Pricing.overview", "Preferences.sortByPrice",
        "Pricing.rates", "app", "app.greeting", "app.settings", "app.user", "app.userName", "cart", "cart.cartLines",
        "cart.checkout", "cart.isEmpty", "cart.itemCount", "cart.lines",
      ])
    #expect(
      Set(snapshot.edges.map { "\($0.from) -> \($0.to)" }) == [
        "Catalog.products -> Catalog.visibleProducts", "Catalog.query -> Catalog.recommendations",
        "Catalog.query -> Catalog.visibleProducts", #"Catalog.stock("BT-42") -> Catalog.inStock("BT-42")"#,
        #"Catalog.stock("HT-11") -> Catalog.inStock("HT-11")"#, #"Catalog.stock("SC-07") -> Catalog.inStock("SC-07")"#,
        "Catalog.visibleProducts -> Pricing.displayPrices", "Pricing.currency -> Pricing.displayPrices",
        "Pricing.rates -> Pricing.displayPrices", "app.user -> app.userName", "app.userName -> app.greeting",
        "cart.cartLines -> cart.itemCount", "cart.itemCount -> cart.isEmpty", "cart.lines -> cart.cartLines",
        "Preferences.sortByPrice -> Catalog.visibleProducts", "Catalog.visibleProducts -> Pricing.overview",
        "Pricing.rates -> Pricing.overview",
        // A store subscriber copies the currency setting into the atom.
        "app.settings -> Pricing.currency",
      ])
    #expect(snapshot.edges.filter { $0.kind == .drives }.map(\.to) == ["Pricing.currency"])
    let node = { (id: String) in snapshot.nodes.first { $0.id == id } }
    #expect(node("Pricing.rates")?.isAsync == true)
    #expect(node("Pricing.rates")?.status == .ready)
    #expect(node("Catalog.recommendations")?.status == .error)
    #expect(node("Catalog.recommendations")?.error == "recommendation service offline (HTTP 503)")
    #expect(node(#"Catalog.stock("BT-42")"#)?.family == "Catalog.stock")
    #expect(node(#"Catalog.stock("BT-42")"#)?.value == "3")
    #expect(node(#"Catalog.stock("GL-03")"#)?.value == "3")
    #expect(node("app.user")?.owner == "app")
    #expect(
      node("cart.checkout")?.value
        == "Checkout(step: CartState.Checkout.Step.placed(orderNumber: 1042), coupon: Optional(\"WINTER10\"))")
    // Timings were recorded and are non-negative.
    #expect((node("Pricing.displayPrices")?.evaluations?.count ?? 0) >= 3)
    #expect(snapshot.nodes.compactMap(\.evaluations).allSatisfy { $0.totalNanos >= 0 && ($0.maxNanos ?? 0) >= 0 })

    let appActions = snapshot.actions.filter { $0.store == "app" }
    #expect(
      appActions.map(\.name) == [
        "user(.signIn)", "user(.toggleFavourite)", "user(.toggleFavourite)", "settings(.setNotifications)",
        "settings(.setCurrency)", "settings(.setCurrency)", "user(.toggleFavourite)", "user(.toggleFavourite)",
        "user(.toggleFavourite)", "settings(.setNotifications)", "settings(.setCurrency)", "user(.toggleFavourite)",
      ])
    #expect(appActions[0].changes.map(\.path) == ["user.name", "user.signedIn"])
    #expect(
      appActions[1].changes == [SnapshotChange(path: #"user.favourites{"BT-42"}"#, before: nil, after: #""BT-42""#)])
    #expect(appActions[4].changes == [SnapshotChange(path: "settings.currency", before: #""EUR""#, after: #""USD""#)])
    let cartActions = snapshot.actions.filter { $0.store == "cart" }
    #expect(cartActions.filter { $0.name == "reserved" }.count == 5)  // one per add, from the effect
    #expect(snapshot.actions.count >= 30)
    #expect(cartActions.last?.name == "placeOrder")
    #expect(cartActions.map(\.seq) == Array(1...cartActions.count))
    #expect(inspector.effectEvents().filter { $0.phase == .finished }.count == 5)

    // The demo reads async nodes together, keeps a preference on disk, and replays.
    #expect(node("Pricing.overview")?.value == #""4 products in 3 currencies""#)
    let start = try #require(snapshot.timeline.first { $0.kind == .effect && $0.node == "Preferences.sortByPrice" })
    #expect(start.name == "persisted in preferences/sort-by-price.json" && start.phase == "started")
    let file = scenario.preferences.appending(path: "sort-by-price.json")
    for _ in 0..<400 where !FileManager.default.fileExists(atPath: file.path) {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "true")
    try CartDemo.checkReplay(of: scenario)
  }

  @Test func theDemoWritesItsSnapshotAndEventLog() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "cart-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (snapshotURL, eventsURL) = try await CartDemo.record(into: directory)
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: snapshotURL))
    #expect(snapshot.nodes.count == 27)
    let lines = try String(contentsOf: eventsURL, encoding: .utf8).split(separator: "\n")
    let events = try lines.enumerated().map { try InspectorEventCodec.decode(line: String($1), lineNumber: $0 + 1) }
    #expect(events.contains { if case .action(let action) = $0.kind { action.name == "placeOrder" } else { false } })
    #expect(events.contains { if case .evaluation = $0.kind { true } else { false } })
    #expect(events.contains { if case .edgeAdded = $0.kind { true } else { false } })
    #expect(events.contains { if case .effect(let effect) = $0.kind { effect.phase == .finished } else { false } })
    #expect(
      events.contains { if case .error(let node, _) = $0.kind { node == "Catalog.recommendations" } else { false } })
    // The app's hello first, unnumbered; then written in order: numbered from 1 without gaps,
    // and time never goes back.
    guard case .hello(let hello) = events.first?.kind else {
      Issue.record("the event log does not begin with the app's hello")
      return
    }
    #expect(hello.app == ProcessInfo.processInfo.processName)
    #expect(events.dropFirst().map(\.eventSeq) == Array(1...events.count - 1))
    for (earlier, later) in zip(events, events.dropFirst()) {
      #expect(earlier.atNanos <= later.atNanos, "event \(later.eventSeq ?? 0) is earlier than the one before it")
    }
    // The stores' actions reach the stream from their recordings, not through the queue the
    // other entries take; merged, every entry comes after its cause and names the cause the
    // snapshot's timeline names (a store selector's run: the action just before it).
    var streamed: Set<Int> = []
    let causeInSnapshot = Dictionary(
      snapshot.timeline.map { ($0.seq, $0.cause) }, uniquingKeysWith: { first, _ in first })
    var compared = 0
    for event in events {
      guard let seq = event.seq else { continue }
      if let cause = event.cause { #expect(streamed.contains(cause), "#\(seq) came before its cause #\(cause)") }
      if let expected = causeInSnapshot[seq] {
        #expect(event.cause == expected, "#\(seq): the stream says \(event.cause ?? 0), the snapshot \(expected ?? 0)")
        compared += 1
      }
      streamed.insert(seq)
    }
    #expect(compared > 100)
  }
}
