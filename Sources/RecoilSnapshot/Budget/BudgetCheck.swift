/// Checks a snapshot against a ``Budget``: every rule the budget holds, with what broke it.
///
/// ```swift
/// let report = BudgetCheck(budget: budget).check(snapshot)
/// if report.failed { exit(1) }
/// ```
public struct BudgetCheck: Sendable {
  /// One rule as checked: its name, and a finding for each node or action that broke it.
  public struct RuleResult: Sendable, Equatable {
    /// The rule, such as `nodes.max`, `evaluations[0] (Pricing.*)`, `status.error`, `cycles`.
    public var rule: String
    /// What broke it; empty when it held.
    public var findings: [Finding]
  }

  /// A node, action or count over its limit.
  public struct Finding: Sendable, Equatable {
    /// Whether it fails the check or only warns.
    public var severity: Budget.Severity
    /// The node id, `store #seq name` of an action, or the snapshot as a whole.
    public var subject: String
    /// What was measured, such as `mean 167.0 µs` or `612 nodes`.
    public var measured: String
    /// The limit, such as `at most 100.0 µs`, or `nil` for a status or cycle.
    public var limit: String?
    /// The timeline entry that shows it (`#182`), for the limits on the causal timeline.
    public var entry: Int? = nil
  }

  /// The rules of one snapshot.
  public struct Report: Sendable, Equatable {
    /// Every rule checked, in the budget's order.
    public var rules: [RuleResult]
    /// Whether any finding fails the check.
    public var failed: Bool { rules.contains { $0.findings.contains { $0.severity == .fail } } }
    /// All findings, in rule order.
    public var findings: [Finding] { rules.flatMap(\.findings) }
  }

  let budget: Budget
  /// The rules' globs; `nil` for a pattern that is not a glob (a budget made in code), which
  /// matches nothing.
  private let evaluationGlobs: [Glob?]
  private let actionGlobs: [Glob?]
  private let subscriberGlobs: [Glob?]

  /// A check of `budget`; its globs were validated when it was decoded.
  ///
  /// ```swift
  /// let check = BudgetCheck(budget: Budget())
  /// ```
  ///
  /// - Parameter budget: The limits.
  public init(budget: Budget) {
    self.budget = budget
    evaluationGlobs = budget.evaluations.map { try? Glob($0.match) }
    actionGlobs = budget.actions.map { try? Glob($0.match) }
    subscriberGlobs = budget.subscribers.map { try? Glob($0.match) }
  }

  /// Checks `snapshot`.
  ///
  /// ```swift
  /// for finding in BudgetCheck(budget: Budget()).check(snapshot).findings { print(finding.subject) }
  /// ```
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: Every rule with its findings.
  public func check(_ snapshot: Snapshot) -> Report {
    var rules: [RuleResult] = []
    func count(_ name: String, _ actual: Int, _ limit: Int?, _ unit: String) {
      guard let limit else { return }
      let findings =
        actual > limit
        ? [Finding(severity: .fail, subject: "snapshot", measured: "\(actual) \(unit)", limit: "at most \(limit)")] : []
      rules.append(RuleResult(rule: name, findings: findings))
    }
    count("nodes.max", snapshot.nodes.count, budget.maxNodes, "nodes")
    count("edges.max", snapshot.edges.count, budget.maxEdges, "edges")

    // The causal timeline's work, worked out only when a rule asks for it.
    let needsWork =
      budget.evaluations.contains { $0.maxPerCause != nil || $0.maxWasted != nil }
      || budget.actions.contains { $0.maxEvaluations != nil || $0.maxWrites != nil || $0.maxNotified != nil }
    let work = needsWork ? CausalWork(snapshot) : nil

    for (index, findings) in evaluationFindings(snapshot, work: work).enumerated() {
      rules.append(RuleResult(rule: "evaluations[\(index)] (\(budget.evaluations[index].match))", findings: findings))
    }
    for (index, findings) in actionFindings(snapshot, work: work).enumerated() {
      rules.append(RuleResult(rule: "actions[\(index)] (\(budget.actions[index].match))", findings: findings))
    }
    for (index, findings) in subscriberFindings(snapshot).enumerated() {
      rules.append(RuleResult(rule: "subscribers[\(index)] (\(budget.subscribers[index].match))", findings: findings))
    }
    rules += statusResults(snapshot)
    return Report(rules: rules)
  }

  /// Each `evaluations` rule's findings: each node answers to the first rule that matches it,
  /// for the work its causes gave it and for its evaluations' timings.
  private func evaluationFindings(_ snapshot: Snapshot, work: CausalWork?) -> [[Finding]] {
    var findings = Array(repeating: [Finding](), count: budget.evaluations.count)
    let workOfNode = Dictionary((work?.nodes ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for node in snapshot.nodes {
      guard let index = evaluationGlobs.firstIndex(where: { $0?.matches(node.id) == true }) else { continue }
      let rule = budget.evaluations[index]
      if let row = workOfNode[node.id] {
        if let limit = rule.maxPerCause, row.evaluations > 0, row.mostInOneCause > limit {
          findings[index].append(
            Finding(
              severity: .fail, subject: node.id,
              measured: "\(row.mostInOneCause) evaluations for one cause, #\(row.mostCause)",
              limit: "at most \(limit) per cause", entry: row.mostEntry))
        }
        if let limit = rule.maxWasted, row.wasted > limit {
          findings[index].append(
            Finding(
              severity: .fail, subject: node.id,
              measured: "\(row.wasted) wasted evaluation\(row.wasted == 1 ? "" : "s")",
              limit: "at most \(limit)", entry: row.lastWasted))
        }
      }
    }
    for node in snapshot.nodes {
      guard let stats = node.evaluations,
        let index = evaluationGlobs.firstIndex(where: { $0?.matches(node.id) == true })
      else { continue }
      let rule = budget.evaluations[index]
      func over(_ label: String, _ value: Int?, _ limit: Int?, duration: Bool = true) {
        guard let value, let limit, value > limit else { return }
        let show = { (nanos: Int) in duration ? DurationText.format(nanos: nanos) : String(nanos) }
        findings[index].append(
          Finding(
            severity: .fail, subject: node.id, measured: "\(label) \(show(value))", limit: "at most \(show(limit))"))
      }
      over("count", stats.count, rule.maxCount, duration: false)
      over("total" + (stats.isSampled ? " ≈" : ""), stats.estimatedTotalNanos, rule.maxTotalNanos)
      over("mean", stats.meanNanos, rule.maxMeanNanos)
      over("max", stats.maxNanos, rule.maxNanos)
    }
    return findings
  }

  /// Each `actions` rule's findings: what each action's entry caused, and its reducer's time,
  /// against the first rule that matches the action.
  private func actionFindings(_ snapshot: Snapshot, work: CausalWork?) -> [[Finding]] {
    var findings = Array(repeating: [Finding](), count: budget.actions.count)
    if let work {
      for entry in snapshot.timeline where entry.kind == .action {
        guard let store = entry.store, let name = entry.name,
          let index = actionGlobs.firstIndex(where: { $0?.matches("\(store)/\(name)") == true })
        else { continue }
        let rule = budget.actions[index]
        let caused = work.caused(by: entry.seq)
        let subject = "\(store) #\(entry.action.map(String.init) ?? "?") \(name)"
        for (count, limit, noun) in [
          (caused.evaluations, rule.maxEvaluations, "evaluation"), (caused.writes, rule.maxWrites, "write"),
          (caused.notified, rule.maxNotified, "subscriber notified"),
        ] {
          guard let limit, count > limit else { continue }
          let plural = count == 1 ? noun : noun == "subscriber notified" ? "subscribers notified" : noun + "s"
          findings[index].append(
            Finding(
              severity: .fail, subject: subject, measured: "\(count) \(plural)", limit: "at most \(limit)",
              entry: entry.seq))
        }
      }
    }
    for action in snapshot.actions {
      guard let duration = action.durationNanos,
        let index = actionGlobs.firstIndex(where: { $0?.matches("\(action.store)/\(action.name)") == true }),
        let limit = budget.actions[index].maxNanos, duration > limit
      else { continue }
      findings[index].append(
        Finding(
          severity: .fail, subject: "\(action.store) #\(action.seq) \(action.name)",
          measured: "reducer \(DurationText.format(nanos: duration))",
          limit: "at most \(DurationText.format(nanos: limit))"
        ))
    }
    return findings
  }

  /// Each `subscribers` rule's findings: each subscription answers to the first rule that
  /// matches its name, with its slowest callback a notification names (that entry shows it),
  /// else its slowest timed callback.
  private func subscriberFindings(_ snapshot: Snapshot) -> [[Finding]] {
    var findings = Array(repeating: [Finding](), count: budget.subscribers.count)
    guard !budget.subscribers.isEmpty else { return findings }
    var slowestReach: [String: (nanos: Int, entry: Int)] = [:]
    for entry in snapshot.timeline where entry.kind == .notification {
      for reach in entry.reached {
        guard let nanos = reach.durationNanos, nanos > (slowestReach[reach.subscription]?.nanos ?? -1) else {
          continue
        }
        slowestReach[reach.subscription] = (nanos, entry.seq)
      }
    }
    for subscription in snapshot.subscriptions {
      guard let index = subscriberGlobs.firstIndex(where: { $0?.matches(subscription.name) == true }),
        let limit = budget.subscribers[index].maxNanos
      else { continue }
      let reach = slowestReach[subscription.id]
      guard let nanos = reach?.nanos ?? subscription.timings?.maxNanos, nanos > limit else { continue }
      findings[index].append(
        Finding(
          severity: .fail, subject: "\(subscription.name) (\(subscription.node))",
          measured: "callback \(DurationText.format(nanos: nanos))",
          limit: "at most \(DurationText.format(nanos: limit))", entry: reach?.entry))
    }
    return findings
  }

  /// The rules on nodes in error or loading, and on cycles, each at its severity.
  private func statusResults(_ snapshot: Snapshot) -> [RuleResult] {
    var rules: [RuleResult] = []
    func status(
      _ name: String, _ severity: Budget.Severity, _ wanted: SnapshotNodeStatus, _ measured: (SnapshotNode) -> String
    ) {
      guard severity != .ignore else { return }
      let findings = snapshot.nodes.filter { $0.status == wanted }.map {
        Finding(severity: severity, subject: $0.id, measured: measured($0), limit: nil)
      }
      rules.append(RuleResult(rule: name, findings: findings))
    }
    status("status.error", budget.onError, .error) { "in error: " + ($0.error ?? "(no message)") }
    status("status.loading", budget.onLoading, .loading) { _ in "still loading" }
    if budget.onCycle != .ignore {
      let findings = snapshot.cycles().map {
        Finding(
          severity: budget.onCycle, subject: $0[0], measured: "cycle " + ($0 + [$0[0]]).joined(separator: " -> "),
          limit: nil)
      }
      rules.append(RuleResult(rule: "cycles", findings: findings))
    }
    return rules
  }
}
