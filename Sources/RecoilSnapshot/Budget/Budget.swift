/// Limits a snapshot must keep, for CI: `recoil-inspect check --budget budget.json`.
///
/// ```json
/// { "nodes": {"max": 500}, "edges": {"max": 2000},
///   "evaluations": [{"match": "Pricing.*", "maxCount": 50, "maxTotalNanos": 5000000,
///                    "maxMeanNanos": 200000, "maxNanos": 1000000}],
///   "actions": [{"match": "app/*", "maxNanos": 100000, "maxEvaluations": 20}],
///   "subscribers": [{"match": "*", "maxNanos": 8000000}],
///   "status": {"error": "fail", "loading": "warn"}, "cycles": "fail" }
/// ```
///
/// A `match` is a glob over node ids (evaluations) or `store/name` (actions); the first
/// matching rule for a node or action wins. The causal limits (`maxPerCause`, `maxWasted`,
/// and an action's `maxEvaluations`, `maxWrites`, `maxNotified`) read the causal timeline, and
/// each violation names the entry that shows it. Without a file, the defaults hold: a cycle fails,
/// a node in error fails, a loading node is a warning. See `Docs/budget-v1.schema.json`.
public struct Budget: Sendable, Equatable {
  /// What a finding does to the check.
  public enum Severity: String, Sendable, Equatable {
    /// The check fails.
    case fail
    /// The finding is printed; the check still passes.
    case warn
    /// Nothing is said.
    case ignore
  }

  /// Limits on the evaluations of the selectors a glob matches.
  public struct EvaluationRule: Sendable, Equatable {
    /// A glob over node ids.
    public var match: String
    /// At most this many evaluations.
    public var maxCount: Int?
    /// At most this much time in all (estimated from the timed ones when sampled).
    public var maxTotalNanos: Int?
    /// At most this much time on average.
    public var maxMeanNanos: Int?
    /// No single timed evaluation longer than this.
    public var maxNanos: Int?
    /// At most this many evaluations of one node for any one root cause (an action, a write
    /// the app made): 1 catches a selector evaluated twice for one action.
    public var maxPerCause: Int?
    /// At most this many wasted evaluations (the result equalled the previous value) per node.
    public var maxWasted: Int?

    /// Creates a rule.
    ///
    /// ```swift
    /// let rule = Budget.EvaluationRule(match: "Pricing.*", maxMeanNanos: 200_000, maxPerCause: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - match: A glob over node ids.
    ///   - maxCount: The most evaluations allowed.
    ///   - maxTotalNanos: The most time in all.
    ///   - maxMeanNanos: The most time on average.
    ///   - maxNanos: The longest single evaluation.
    ///   - maxPerCause: The most evaluations of one node for one root cause.
    ///   - maxWasted: The most wasted evaluations of one node.
    public init(
      match: String, maxCount: Int? = nil, maxTotalNanos: Int? = nil, maxMeanNanos: Int? = nil, maxNanos: Int? = nil,
      maxPerCause: Int? = nil, maxWasted: Int? = nil
    ) {
      self.match = match
      self.maxCount = maxCount
      self.maxTotalNanos = maxTotalNanos
      self.maxMeanNanos = maxMeanNanos
      self.maxNanos = maxNanos
      self.maxPerCause = maxPerCause
      self.maxWasted = maxWasted
    }
  }

  /// Limits on the actions a glob over `store/name` matches: their reducer time, and what
  /// each one caused, directly or not.
  public struct ActionRule: Sendable, Equatable {
    /// A glob over `store/name`, such as `app/*` or `cart/add*`.
    public var match: String
    /// No timed action longer than this.
    public var maxNanos: Int?
    /// At most this many evaluations caused by one action.
    public var maxEvaluations: Int?
    /// At most this many atom writes caused by one action.
    public var maxWrites: Int?
    /// At most this many subscribers notified because of one action.
    public var maxNotified: Int?

    /// Creates a rule.
    ///
    /// ```swift
    /// let rule = Budget.ActionRule(match: "app/*", maxNanos: 100_000, maxEvaluations: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - match: A glob over `store/name`.
    ///   - maxNanos: The longest reducer time allowed.
    ///   - maxEvaluations: The most evaluations one action may cause.
    ///   - maxWrites: The most atom writes one action may cause.
    ///   - maxNotified: The most subscribers one action may have notified.
    public init(
      match: String, maxNanos: Int? = nil, maxEvaluations: Int? = nil, maxWrites: Int? = nil, maxNotified: Int? = nil
    ) {
      self.match = match
      self.maxNanos = maxNanos
      self.maxEvaluations = maxEvaluations
      self.maxWrites = maxWrites
      self.maxNotified = maxNotified
    }
  }

  /// A limit on the callbacks of the subscriptions a glob over their names (the app's label,
  /// else where they were made) matches.
  public struct SubscriberRule: Sendable, Equatable {
    /// A glob over subscription names, such as `price list` or `Shop/*View.swift:*`.
    public var match: String
    /// No timed callback longer than this.
    public var maxNanos: Int?

    /// Creates a rule.
    ///
    /// ```swift
    /// let rule = Budget.SubscriberRule(match: "*", maxNanos: 8_000_000)  // a frame at 120 Hz
    /// ```
    ///
    /// - Parameters:
    ///   - match: A glob over subscription names.
    ///   - maxNanos: The longest callback allowed.
    public init(match: String, maxNanos: Int? = nil) {
      self.match = match
      self.maxNanos = maxNanos
    }
  }

  /// The most nodes a snapshot may have.
  public var maxNodes: Int?
  /// The most edges a snapshot may have.
  public var maxEdges: Int?
  /// Evaluation limits, first match wins.
  public var evaluations: [EvaluationRule] = []
  /// Action limits, first match wins.
  public var actions: [ActionRule] = []
  /// Subscriber callback limits, first match wins.
  public var subscribers: [SubscriberRule] = []
  /// What a node in error does (fail by default).
  public var onError = Severity.fail
  /// What a loading node does (warn by default).
  public var onLoading = Severity.warn
  /// What a dependency cycle does (fail by default).
  public var onCycle = Severity.fail

  /// The default budget: cycles and errors fail, loading warns, nothing else is limited.
  ///
  /// ```swift
  /// let findings = BudgetCheck(budget: Budget()).findings(in: snapshot)
  /// ```
  public init() {}
}
