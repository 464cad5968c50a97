import Foundation
import Testing

@testable import RecoilSnapshot

@Suite struct BudgetCodecTests {
  private func decode(_ text: String) throws(SnapshotError) -> Budget {
    try BudgetCodec.decode(Data(text.utf8))
  }

  private func error(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func everyRuleListReadsItsGlobAndEachOfItsLimits() throws {
    let budget = try decode(
      """
      {"evaluations": [{"match": "Cart.*", "maxCount": 1, "maxTotalNanos": 2, "maxMeanNanos": 3,
                        "maxNanos": 4, "maxPerCause": 5, "maxWasted": 6}],
       "actions": [{"match": "cart/*", "maxNanos": 7, "maxEvaluations": 8, "maxWrites": 9, "maxNotified": 10},
                   {"match": "app/*"}],
       "subscribers": [{"match": "*", "maxNanos": 11}]}
      """)
    #expect(
      budget.evaluations == [
        Budget.EvaluationRule(
          match: "Cart.*", maxCount: 1, maxTotalNanos: 2, maxMeanNanos: 3, maxNanos: 4, maxPerCause: 5, maxWasted: 6)
      ])
    #expect(
      budget.actions == [
        Budget.ActionRule(match: "cart/*", maxNanos: 7, maxEvaluations: 8, maxWrites: 9, maxNotified: 10),
        Budget.ActionRule(match: "app/*"),
      ])
    #expect(budget.subscribers == [Budget.SubscriberRule(match: "*", maxNanos: 11)])
  }

  @Test func anUnknownLimitNamesTheFieldsItsListKnows() {
    #expect(
      error(#"{"actions": [{"match": "a", "maxEvaluation": 1}]}"#)?.contains(
        "actions[0].maxEvaluation: expected one of the fields match, maxNanos, maxEvaluations, maxWrites or "
          + "maxNotified, found an unknown field") == true)
    #expect(
      error(#"{"subscribers": [{"maxCount": 1}]}"#)?.contains("expected one of the fields match or maxNanos") == true)
    #expect(
      error(#"{"evaluations": [{"match": "a", "max": 1}]}"#)?.contains(
        "match, maxCount, maxTotalNanos, maxMeanNanos, maxNanos, maxPerCause or maxWasted") == true)
  }

  @Test func aRuleWithoutAGlobIsMissingItsMatchAndAListMustBeAnArray() {
    let missing = error(#"{"actions": [{"match": "a"}, {"maxNanos": 1}]}"#)
    #expect(missing?.contains("actions[1].match") == true)
    #expect(missing?.contains("missing") == true)
    #expect(error(#"{"subscribers": null}"#)?.contains("subscribers: expected an array, found null") == true)
    #expect(error(#"{"actions": [{"match": "a", "maxNanos": -1}]}"#)?.contains("actions[0].maxNanos") == true)
  }
}
