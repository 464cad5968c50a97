import Foundation
import Testing

@Suite struct QueryCommandTests {
  private let demo = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")

  private func json(_ arguments: [String]) throws -> [String: Any] {
    let outcome = try ExecutableRunner.run(["query", demo] + arguments + ["--format", "json"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
  }

  @Test func dependentsAndDependenciesListEveryNodeReachedWithItsDistance() throws {
    let text = try ExecutableRunner.run(["query", demo, "--dependencies", "Pricing.displayPrices"]).stdoutText
    #expect(text.hasPrefix("Pricing.displayPrices depends on 7 nodes:\n"))
    // A store slice drives Pricing.currency: reaching it takes a `drives` edge.
    #expect(text.contains("    app.settings (slice, 2 hops)\n"))
    #expect(text.contains("  Pricing.currency (atom, direct)\n"))
    #expect(text.contains("    Catalog.query (atom, 2 hops)\n"))
    let answer = try json(["--dependencies", "Pricing.displayPrices", "--depth", "1"])
    #expect(answer["question"] as? String == "dependencies")
    let nodes = try #require(answer["nodes"] as? [[String: Any]])
    #expect(
      nodes.compactMap { $0["id"] as? String } == ["Pricing.currency", "Pricing.rates", "Catalog.visibleProducts"])
    #expect(nodes.allSatisfy { $0["depth"] as? Int == 1 })
    let dependents = try json(["--dependents", "Catalog.query"])
    let ids = try #require(dependents["nodes"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(ids == ["Catalog.visibleProducts", "Catalog.recommendations", "Pricing.displayPrices", "Pricing.overview"])
  }

  @Test func slowestRanksSelectorsByTotalMeanOrCount() throws {
    for order in ["total", "mean", "count"] {
      let answer = try json(["--slowest", "--by", order, "--limit", "3"])
      let rows = try #require(answer["selectors"] as? [[String: Any]])
      #expect(rows.count == 3)
      let key = ["total": "totalNanos", "mean": "meanNanos", "count": "count"][order]!
      let values = rows.compactMap { $0[key] as? Int }
      #expect(values == values.sorted(by: >), "\(order): \(values)")
    }
  }

  @Test func errorsLoadingAndCyclesAreListed() throws {
    let errors = try json(["--errors"])
    let failing = try #require(errors["nodes"] as? [[String: Any]])
    #expect(failing.first?["id"] as? String == "Catalog.recommendations")
    #expect(failing.first?["error"] as? String == "recommendation service offline (HTTP 503)")
    #expect(try ExecutableRunner.run(["query", demo, "--loading"]).stdoutText == "no node is loading\n")
    #expect(try ExecutableRunner.run(["query", demo, "--cycles"]).stdoutText == "no cycles\n")
    #expect((try json(["--cycles"])["cycles"] as? [Any])?.isEmpty == true)
  }

  @Test func anUnknownNodeOrQuestionIsAUsageError() throws {
    let unknown = try ExecutableRunner.run(["query", demo, "--dependents", "Pricing.curency"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("did you mean 'Pricing.currency'?"))
    #expect(try ExecutableRunner.run(["query", demo]).status == 64)
    #expect(try ExecutableRunner.run(["query", demo, "--errors", "--cycles"]).status == 64)
    #expect(try ExecutableRunner.run(["query", demo, "--slowest", "--by", "speed"]).status == 64)
  }
}
