import RecoilRender
import RecoilSnapshot

/// Everything that can make a command fail, each with what went wrong and where.
/// ``exitCode`` and ``message`` are the one place errors map to text and status.
enum CommandFailure: Error, Equatable {
  case usage(UsageError)
  case inputMissing(path: String, reason: String)
  case invalidSnapshot(path: String, SnapshotError)
  case outputFailed(path: String, reason: String)
  /// `live` cannot listen where asked: the address is in use, or something else is there.
  case unavailable(endpoint: String, reason: String)
  /// `control` cannot reach `live --serve`, or its app did not answer.
  case unreachable(endpoint: String, reason: String)
  case render(RenderError)
  case invalidBudget(path: String, SnapshotError)
  /// `export --otlp`: the collector refused some spans (a batch answered other than 2xx, or
  /// retried in vain).
  case spansDropped(count: Int, reason: String)
  /// `diff --exit-code` found differences, or `check` a broken rule (already printed).
  case findingsReported

  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .inputMissing: .inputMissing
    case .invalidSnapshot: .invalidSnapshot
    case .outputFailed: .outputFailed
    case .unavailable, .unreachable: .unavailable
    case .render(.unknownFocus), .render(.invalidPattern), .render(.invalidExpandPattern),
      .render(.expandMatchesNothing):
      .usage
    case .render(.graphviz), .render(.layoutWorker): .internalFailure
    case .invalidBudget: .invalidSnapshot
    case .findingsReported, .spansDropped: .findings
    }
  }

  /// `<where>: <what>`, without the `recoil-inspect: error:` prefix.
  var message: String {
    switch self {
    case .usage(let error): error.description
    case .inputMissing(let path, let reason): "\(path): \(reason)"
    case .invalidSnapshot(let path, let error): "\(path):\(error.description)"
    case .outputFailed(let path, let reason): "\(path): cannot write output: \(reason)"
    case .unavailable(let endpoint, let reason): "\(endpoint): cannot listen: \(reason)"
    case .unreachable(let endpoint, let reason): "\(endpoint): \(reason)"
    case .render(.unknownFocus(let id)): "--focus: node \"\(shortened(id))\" is not in the snapshot"
    case .render(.invalidPattern(let pattern, let reason)):
      "--exclude: invalid pattern \"\(shortened(pattern))\": \(reason)"
    case .render(.invalidExpandPattern(let pattern, let reason)):
      "--expand: invalid pattern \"\(shortened(pattern))\": \(reason)"
    case .render(.expandMatchesNothing(let pattern)):
      "--expand: \"\(shortened(pattern))\" matches no node and no group (a group is named by its family, store or namespace: Catalog, Catalog.item, app)"
    case .render(let error): error.description
    case .invalidBudget(let path, let error): "\(path):\(error.description)"
    case .findingsReported: "findings were reported"
    case .spansDropped(let count, let reason): "\(count) span\(count == 1 ? "" : "s") dropped: \(reason)"
    }
  }
}
