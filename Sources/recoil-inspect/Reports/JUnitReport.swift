import RecoilSnapshot

/// `check --junit FILE`: JUnit XML as GitHub, GitLab and Jenkins show it: a test suite per
/// snapshot, a test case per rule, and a failure per broken limit. Warnings go in the case's
/// `system-out`, so they are seen but never fail the build.
enum JUnitReport {
  static func xml(_ reports: [(name: String, report: BudgetCheck.Report)]) -> String {
    let tests = reports.map(\.report.rules.count).reduce(0, +)
    let failures = reports.map { $0.report.rules.filter { $0.findings.contains { $0.severity == .fail } }.count }
      .reduce(0, +)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"recoil-inspect check\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
    for (name, report) in reports {
      let suiteFailures = report.rules.filter { $0.findings.contains { $0.severity == .fail } }.count
      xml +=
        "  <testsuite name=\"\(XMLText.escape(name))\" tests=\"\(report.rules.count)\" failures=\"\(suiteFailures)\">\n"
      for rule in report.rules {
        xml += "    <testcase classname=\"\(XMLText.escape(name))\" name=\"\(XMLText.escape(rule.rule))\""
        let failing = rule.findings.filter { $0.severity == .fail }
        let warnings = rule.findings.filter { $0.severity == .warn }
        guard !failing.isEmpty || !warnings.isEmpty else {
          xml += "/>\n"
          continue
        }
        xml += ">\n"
        for finding in failing {
          let message = CheckText.line(finding)
          xml += "      <failure message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>\n"
        }
        if !warnings.isEmpty {
          let text = warnings.map { "warning: " + CheckText.line($0) }.joined(separator: "\n")
          xml += "      <system-out>\(XMLText.escape(text))</system-out>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }
}

/// How a finding reads in every report: `Pricing.displayPrices: mean 167.0 µs (at most 100.0 µs)`,
/// or with the timeline entry that shows it: `Total: 2 evaluations for one cause, #10 (at most 1
/// per cause), see #15`.
enum CheckText {
  static func line(_ finding: BudgetCheck.Finding) -> String {
    "\(finding.subject): \(finding.measured)" + (finding.limit.map { " (\($0))" } ?? "")
      + (finding.entry.map { ", see #\($0)" } ?? "")
  }
}
