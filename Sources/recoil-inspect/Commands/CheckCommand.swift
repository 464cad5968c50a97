import Foundation
import RecoilSnapshot

/// `recoil-inspect check SNAPSHOT... [--budget FILE] [--junit FILE] [--markdown FILE]`: fails CI
/// when a snapshot breaks a rule.
struct CheckCommand: Command {
  static let name = "check"
  static let summary = "Check snapshots against rules and budgets, for CI (JUnit and Markdown reports)."
  static let operands = "<snapshot>..."
  static let discussion = """
    Checks each SNAPSHOT. By default a dependency cycle fails, a node in error fails and a
    loading node is a warning; a budget file (JSON, see Docs/budget-v1.schema.json) adds limits
    on node and edge counts, on evaluation counts and times per selector glob, and on reducer
    times per store/action glob, and can make any status fail, warn or be ignored. Warnings are
    printed but never fail. Exits 0 when every rule holds and 1 when one is broken, naming the
    node, rule, measured value and limit. --junit writes JUnit XML (a test case per rule and
    snapshot) and --markdown a summary table, for $GITHUB_STEP_SUMMARY.
    """
  static let options: [OptionSpec] = [
    .option("budget", short: "b", value: "file", help: "Limits to check (JSON); the defaults without it."),
    .option("junit", value: "file", help: "Also write JUnit XML here."),
    .option("markdown", value: "file", help: "Also write a Markdown summary here."),
    OutputFormat.option,
  ]

  var inputs: [SnapshotInput]
  var budget: SnapshotInput?
  var junitPath: String?
  var markdownPath: String?
  var json = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    inputs = try SnapshotInput.all(arguments)
    // The budget is read within the same --max-input-bytes.
    budget = arguments.value("budget").map { SnapshotInput(path: $0, limit: inputs[0].limit) }
    junitPath = arguments.value("junit")
    markdownPath = arguments.value("markdown")
    json = try OutputFormat(arguments) == .json
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let check = BudgetCheck(budget: try loadBudget(streams: streams))
    var reports: [(name: String, report: BudgetCheck.Report)] = []
    for input in inputs {
      reports.append((input.path, check.check(try input.load(streams: streams))))
    }
    if let junitPath {
      try OutputDestination.write(Array(JUnitReport.xml(reports).utf8), to: junitPath, streams: streams)
    }
    if let markdownPath {
      try OutputDestination.write(Array(MarkdownSummary.markdown(reports).utf8), to: markdownPath, streams: streams)
    }
    streams.output(json ? Self.json(reports) : Self.text(reports, style: streams.outputStyle))
    if reports.contains(where: { $0.report.failed }) { throw .findingsReported }
  }

  private func loadBudget(streams: StandardStreams) throws(CommandFailure) -> Budget {
    guard let budget else { return Budget() }
    let data = try budget.bytes(streams: streams)
    do {
      return try BudgetCodec.decode(data)
    } catch {
      throw .invalidBudget(path: budget.path, error)
    }
  }

  static func text(_ reports: [(name: String, report: BudgetCheck.Report)], style: TerminalStyle) -> String {
    var lines: [String] = []
    var failures = 0
    var warnings = 0
    for (name, report) in reports {
      for rule in report.rules {
        for finding in rule.findings {
          let failing = finding.severity == .fail
          if failing { failures += 1 } else { warnings += 1 }
          let mark = failing ? style.red("FAIL") : style.yellow("WARN")
          lines.append(
            "\(style.plain(name)): \(mark) \(style.plain(rule.rule)): \(style.plain(CheckText.line(finding)))")
        }
      }
    }
    let rules = reports.map(\.report.rules.count).reduce(0, +)
    let summary =
      "\(reports.count) snapshot\(reports.count == 1 ? "" : "s"), \(rules) rule\(rules == 1 ? "" : "s"): "
      + "\(failures) violation\(failures == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    lines.append(failures == 0 ? style.green("ok, " + summary) : style.red(summary))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"passed": Bool, "snapshots": [{"path", "passed", "rules": [{"rule", "findings": [{"severity", "subject", "measured", "limit"?, "entry"?}]}]}]}`
  static func json(_ reports: [(name: String, report: BudgetCheck.Report)]) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.write("passed", !reports.contains { $0.report.failed })
    writer.writeObjects(key: "snapshots", reports) { writer, named in
      writer.write("path", named.name)
      writer.write("passed", !named.report.failed)
      writer.writeObjects(key: "rules", named.report.rules) { writer, rule in
        writer.write("rule", rule.rule)
        writer.writeObjects(key: "findings", rule.findings) { writer, finding in
          writer.write("severity", finding.severity.rawValue)
          writer.write("subject", finding.subject)
          writer.write("measured", finding.measured)
          writer.write("limit", finding.limit)
          writer.write("entry", finding.entry)
        }
      }
    }
    writer.endObject()
    return writer.text
  }
}
