/// The process exit codes, from sysexits(3). Documented in `--help` and the README.
enum ExitCode: Int32, CaseIterable {
  case success = 0
  /// `diff --exit-code` found differences, as `git diff --exit-code` does, or `check` found a
  /// broken rule.
  case findings = 1
  /// The command was called wrongly (EX_USAGE).
  case usage = 64
  /// The snapshot is not valid (EX_DATAERR).
  case invalidSnapshot = 65
  /// The input is missing or unreadable (EX_NOINPUT).
  case inputMissing = 66
  /// An internal or Graphviz failure (EX_SOFTWARE).
  case internalFailure = 70
  /// The output cannot be created (EX_CANTCREAT).
  case outputFailed = 73

  var meaning: String {
    switch self {
    case .success: "success"
    case .findings: "diff --exit-code: the graphs differ; check: a rule of the budget was broken"
    case .usage: "usage error: unknown option, missing argument, bad value"
    case .invalidSnapshot:
      "invalid snapshot or budget: not JSON, wrong format or version, bad field, duplicate id, unknown node"
    case .inputMissing: "the input file is missing or unreadable"
    case .internalFailure: "internal or Graphviz failure"
    case .outputFailed: "the output file cannot be created"
    }
  }
}
