import Foundation
import RecoilSnapshot
import Testing

/// The filters `trace` and `live` share: --store, --node, --kind, --grep and --path, and the
/// ones that leave out, --not-node and --not-kind (issue 32).
@Suite struct EventFilterTests {
  private let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
  private let events = ExecutableRunner.fixture("cart-demo/cart.events.jsonl")

  private func demoActions() throws -> [SnapshotAction] {
    try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo))).actions
  }

  private func liveEvents() throws -> [InspectorEvent] {
    let text = try String(contentsOf: URL(filePath: events), encoding: .utf8)
    return try text.split(separator: "\n").enumerated().map { index, line in
      try InspectorEventCodec.decode(line: Array(line.utf8), lineNumber: index + 1)
    }
  }

  /// The actions `trace --format json` printed, by store and the store's number (a timeline
  /// entry's `action`).
  private func traced(_ arguments: [String]) throws -> [String] {
    let outcome = try ExecutableRunner.run(["trace", demo, "--format", "json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return outcome.stdoutText.split(separator: "\n").compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["kind"] as? String == "action"
      else { return nil }
      return "\(object["store"] as? String ?? "?") #\(object["action"] as? Int ?? -1)"
    }
  }

  @Test func nodeKeepsActionsThatWentToTheStoreOrChangedTheSlice() throws {
    let expected = try demoActions().filter { action in
      action.store == "app" && action.changes.contains { $0.path.hasPrefix("settings.") || $0.path == "settings" }
    }.map { "\($0.store) #\($0.seq)" }
    #expect(expected.count >= 4)
    #expect(try traced(["--node", "app.settings"]) == expected)
    // A glob over stores: every action of the cart.
    let cart = try demoActions().filter { $0.store == "cart" }.map { "\($0.store) #\($0.seq)" }
    #expect(try traced(["--node", "car?"]) == cart)
  }

  @Test func grepSearchesNamesPayloadsPathsAndValuesIgnoringCase() throws {
    let expected = try demoActions().filter { action in
      ([action.name, action.payload ?? ""] + action.changes.flatMap { [$0.path, $0.before ?? "", $0.after ?? ""] })
        .contains { $0.lowercased().contains("usd") }
    }.map { "\($0.store) #\($0.seq)" }
    #expect(!expected.isEmpty)
    #expect(try traced(["--grep", "USD"]) == expected)
  }

  @Test func filtersCombine() throws {
    let expected = try demoActions().filter { action in
      action.store == "cart" && action.name.lowercased().contains("add")
        && action.changes.contains { $0.concerns(path: "lines[1]") }
    }.map { "\($0.store) #\($0.seq)" }
    #expect(!expected.isEmpty)
    #expect(try traced(["--store", "cart", "--grep", "add", "--path", "lines[1]", "--kind", "action"]) == expected)
    // Other kinds are the timeline's: each evaluation, followed by its root cause when it has one.
    let outcome = try ExecutableRunner.run(["trace", demo, "--kind", "evaluation", "--node", "Pricing.*"])
    let entries = outcome.stdoutText.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    // As many as the nodes' statistics count.
    let counted = try SnapshotCodec.decode(Data(contentsOf: URL(filePath: demo))).nodes
      .filter { $0.id.hasPrefix("Pricing.") }.compactMap(\.evaluations?.count).reduce(0, +)
    #expect(counted > 0 && entries.count == counted)
    #expect(entries.allSatisfy { $0.contains(" evaluate Pricing.") })
  }

  @Test func unknownNodesAndKindsAreUsageErrorsWithNearMatches() throws {
    var outcome = try ExecutableRunner.run(["trace", demo, "--node", "app.setings"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.hasPrefix(
        "recoil-inspect: error: --node: no node 'app.setings' in the snapshot; did you mean 'app.settings'?"))
    outcome = try ExecutableRunner.run(["trace", demo, "--kind", "acton"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("recoil-inspect: error: --kind: no kind 'acton'; did you mean 'action'?"))
    outcome = try ExecutableRunner.run(["live", events, "--node", "[a-"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("--node"))
  }

  @Test func liveTakesTheSameFilters() throws {
    let all = try liveEvents()
    let outcome = try ExecutableRunner.run(["live", events, "--raw", "--kind", "evaluation", "--node", "Pricing.*"])
    #expect(outcome.status == 0)
    let printed = try outcome.stdoutText.split(separator: "\n").enumerated().map { index, line in
      try InspectorEventCodec.decode(line: Array(line.utf8), lineNumber: index + 1)
    }
    let expected = all.filter { event in
      if case .evaluation(let evaluation) = event.kind { return evaluation.node.hasPrefix("Pricing.") }
      return false
    }
    #expect(!expected.isEmpty)
    #expect(printed == expected)
    // In the order the app sent them.
    let numbers = printed.compactMap(\.eventSeq)
    #expect(numbers == numbers.sorted())

    let store = try ExecutableRunner.run(["live", events, "--raw", "--store", "cart", "--kind", "action,effect"])
    let storeEvents = try store.stdoutText.split(separator: "\n").enumerated().map { index, line in
      try InspectorEventCodec.decode(line: Array(line.utf8), lineNumber: index + 1)
    }
    let expectedStore = all.filter { event in
      switch event.kind {
      case .action(let action): action.store == "cart"
      case .effect(let effect): effect.store == "cart"
      default: false
      }
    }
    #expect(!expectedStore.isEmpty)
    // The same events; live prints them in timeline order, which an app's threads may have
    // queued a little out of.
    #expect(storeEvents.sorted { $0.eventSeq ?? 0 < $1.eventSeq ?? 0 } == expectedStore)
    let timelineNumbers = storeEvents.compactMap(\.seq)
    #expect(timelineNumbers == timelineNumbers.sorted())
  }

  /// The kinds of the entries `trace --format json` printed, in order.
  private func tracedKinds(_ arguments: [String]) throws -> [String] {
    let outcome = try ExecutableRunner.run(["trace", demo, "--format", "json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return outcome.stdoutText.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
    }
  }

  @Test func notKindAndNotNodeLeaveOutWhatTheyNameAndCombine() throws {
    let all = try tracedKinds([])
    #expect(Set(all).isSuperset(of: ["evaluation", "notification", "write", "action"]))
    // Repeatable, and comma-separated: every entry but those kinds (unfiltered, trace tells
    // them by root cause; filtered, in timeline order).
    let without = try tracedKinds(["--not-kind", "evaluation", "--not-kind", "notification,write"])
    #expect(without.sorted() == all.filter { !["evaluation", "notification", "write"].contains($0) }.sorted())

    // An action is about the slices it changed: leaving out the cart's (and the cart) leaves
    // out every cart action; leaving out app.settings only the actions that changed nothing else.
    let actions = try demoActions()
    #expect(
      try traced(["--not-node", "cart*"]) == actions.filter { $0.store != "cart" }.map { "\($0.store) #\($0.seq)" })
    let notSettings = actions.filter { action in
      !(action.store == "app" && !action.changes.isEmpty
        && action.changes.allSatisfy { $0.path == "settings" || $0.path.hasPrefix("settings.") })
    }.map { "\($0.store) #\($0.seq)" }
    #expect(notSettings.count < actions.count)
    #expect(try traced(["--not-node", "app.settings"]) == notSettings)
    // With the others: the app's actions but its settings'.
    #expect(
      try traced(["--store", "app", "--not-node", "app.settings", "--kind", "action"])
        == notSettings.filter { $0.hasPrefix("app ") })

    // Bad values are usage errors naming the option.
    let kind = try ExecutableRunner.run(["trace", demo, "--not-kind", "evaluations"])
    #expect(kind.status == 64 && kind.stderr.contains("--not-kind"), "\(kind.stderr)")
    let glob = try ExecutableRunner.run(["trace", demo, "--not-node", "[z-a]"])
    #expect(glob.status == 64 && glob.stderr.contains("--not-node"), "\(glob.stderr)")
  }

  @Test func liveTakesTheFiltersThatLeaveOut() throws {
    let all = try liveEvents()
    let outcome = try ExecutableRunner.run(
      ["live", events, "--raw", "--not-kind", "node,edge,evaluation,notification", "--not-node", "Catalog.*"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let printed = try outcome.stdoutText.split(separator: "\n").enumerated().map { index, line in
      try InspectorEventCodec.decode(line: Array(line.utf8), lineNumber: index + 1)
    }
    #expect(!printed.isEmpty)
    for event in printed {
      switch event.kind {
      case .node, .nodeRemoved, .edgeAdded, .edgeRemoved, .evaluation: Issue.record("a left-out kind: \(event)")
      case .step(let step):
        #expect(step.kind != .notification)
        #expect(!(step.node ?? "").hasPrefix("Catalog."), "\(step)")
      default: break
      }
    }
    // The writes of Catalog atoms were there to leave out.
    #expect(
      all.contains { event in
        if case .step(let step) = event.kind {
          step.kind == .write && (step.node ?? "").hasPrefix("Catalog.")
        } else {
          false
        }
      })
  }
}
