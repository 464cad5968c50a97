/// The process exit codes, from sysexits(3). Documented in `--help` and Docs/command-line.md.
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
  /// A service the command needs is unavailable: `live --listen` on an address in use
  /// (EX_UNAVAILABLE).
  case unavailable = 69
  /// An internal or Graphviz failure (EX_SOFTWARE).
  case internalFailure = 70
  /// The output cannot be created (EX_CANTCREAT).
  case outputFailed = 73
  /// Writing to standard output failed: a full disk, a closed descriptor (EX_IOERR).
  case outputError = 74
  /// The reader of standard output went away (a closed pipe): 128 + SIGPIPE, what a shell
  /// shows for a program the signal ended. Nothing is printed.
  case brokenPipe = 141

  var meaning: String {
    switch self {
    case .success: "success"
    case .findings:
      "diff --exit-code: the graphs differ; check: a rule of the budget was broken; control: the app refused"
    case .usage: "usage error: unknown option, missing argument, bad value"
    case .invalidSnapshot:
      "invalid snapshot or budget: not JSON, wrong format or version, bad field, duplicate id, unknown node"
    case .inputMissing: "the input file is missing, unreadable, not a regular file or too large"
    case .unavailable: "live: the address to listen on is in use or cannot be had; control: no server or no answer"
    case .internalFailure: "internal or Graphviz failure"
    case .outputFailed: "the output file cannot be created, or is not a regular file"
    case .outputError: "standard output cannot be written (a full disk, a closed descriptor)"
    case .brokenPipe: "standard output was closed by its reader (as SIGPIPE); nothing is printed"
    }
  }
}
