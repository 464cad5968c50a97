import RecoilSnapshot

/// `check --markdown FILE`: a summary fit for `$GITHUB_STEP_SUMMARY`: a line of totals, then a
/// table with a row per broken or warned rule. App text is escaped so it cannot break the table
/// or inject markup.
enum MarkdownSummary {
  static func markdown(_ reports: [(name: String, report: BudgetCheck.Report)]) -> String {
    let findings = reports.flatMap { entry in
      entry.report.rules.flatMap { rule in rule.findings.map { (entry.name, rule.rule, $0) } }
    }
    let failed = findings.filter { $0.2.severity == .fail }.count
    let warned = findings.filter { $0.2.severity == .warn }.count
    let rules = reports.map(\.report.rules.count).reduce(0, +)
    var text = "## recoil-inspect check\n\n"
    text += failed == 0 ? "✅ " : "❌ "
    text += "\(reports.count) snapshot\(reports.count == 1 ? "" : "s"), \(rules) rule\(rules == 1 ? "" : "s") checked: "
    text += "\(failed) violation\(failed == 1 ? "" : "s"), \(warned) warning\(warned == 1 ? "" : "s")\n"
    guard !findings.isEmpty else { return text }
    text +=
      "\n| | snapshot | rule | subject | measured | limit | entry |\n| --- | --- | --- | --- | --- | --- | --- |\n"
    for (snapshot, rule, finding) in findings {
      let mark = finding.severity == .fail ? "❌" : "⚠️"
      let cells = [
        snapshot, rule, finding.subject, finding.measured, finding.limit ?? "", finding.entry.map { "#\($0)" } ?? "",
      ]
      .map(cell)
      text += "| \(mark) | " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// A table cell: inline code, so markup is inert; pipes, backticks and line breaks escaped.
  private static func cell(_ text: String) -> String {
    guard !text.isEmpty else { return "" }
    let flat = XMLText.escape(inert(text)).replacingOccurrences(of: "|", with: "\\|")
      .replacingOccurrences(of: "`", with: "ˋ")
    return "<code>\(flat)</code>"
  }
}
