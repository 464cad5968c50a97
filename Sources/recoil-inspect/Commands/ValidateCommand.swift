import RecoilSnapshot

/// `recoil-inspect validate SNAPSHOT...`: checks snapshots and summarises them, for CI.
struct ValidateCommand: Command {
  static let name = "validate"
  static let summary = "Check that snapshots are valid and summarise them."
  static let operands = "<snapshot>..."
  static let discussion = """
    Reads each SNAPSHOT and reports the first problem in each, with its line, column and field.
    Prints one summary line per valid snapshot, which counts dependency cycles, nodes in error
    and nodes still loading (these are findings, not errors: the exit code stays 0; use
    'check' to fail on them). Exits 65 if any snapshot is invalid.
    """
  static let options: [OptionSpec] = [.flag("quiet", short: "q", help: "Print only problems."), OutputFormat.option]

  var inputs: [SnapshotInput]
  var quiet: Bool
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    inputs = try SnapshotInput.all(arguments)
    quiet = arguments.has("quiet")
    json = try OutputFormat(arguments) == .json
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    var firstFailure: CommandFailure?
    var writer = JSONWriter()
    writer.beginArray()
    for input in inputs {
      do {
        let snapshot = try input.load(streams: streams)
        if json {
          writeJSON(input.path, snapshot, into: &writer)
        } else if !quiet {
          streams.output("\(inert(input.path)): ok, \(summary(of: snapshot))\n")
        }
      } catch {
        if json {
          writer.beginObject()
          writer.write("path", input.path)
          writer.write("valid", false)
          writer.write("error", error.message)
          writer.endObject()
        }
        // Report every file, fail with the first problem's status.
        if firstFailure == nil { firstFailure = error } else { streams.reportError(error.message) }
      }
    }
    writer.endArray()
    if json { streams.output(writer.text) }
    if let firstFailure { throw firstFailure }
  }

  /// `{"path", "valid", "nodes": {"atom": n, …}, "edges", "actions", "cycles", "errors", "loading"}`.
  private func writeJSON(_ input: String, _ snapshot: Snapshot, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.write("path", input)
    writer.write("valid", true)
    writer.beginObject(key: "nodes")
    for kind in SnapshotNodeKind.allCases {
      writer.write(textKey: kind.rawValue, snapshot.nodes.count { $0.kind == kind })
    }
    writer.endObject()
    writer.write("edges", snapshot.edges.count)
    writer.write("actions", snapshot.actions.count)
    writer.write("cycles", snapshot.cycles().count)
    writer.write("errors", snapshot.nodes.count { $0.status == .error })
    writer.write("loading", snapshot.nodes.count { $0.status == .loading })
    writer.endObject()
  }

  private func summary(of snapshot: Snapshot) -> String {
    var counts: [SnapshotNodeKind: Int] = [:]
    for node in snapshot.nodes { counts[node.kind, default: 0] += 1 }
    let kinds = SnapshotNodeKind.allCases.compactMap { kind in
      counts[kind].map { "\($0) \(kind.rawValue)\($0 == 1 ? "" : "s")" }
    }
    let parts = [
      kinds.isEmpty ? "no nodes" : kinds.joined(separator: ", "),
      "\(snapshot.edges.count) edge\(snapshot.edges.count == 1 ? "" : "s")",
      "\(snapshot.actions.count) action\(snapshot.actions.count == 1 ? "" : "s")",
    ]
    var findings: [String] = []
    let cycles = snapshot.cycles().count
    if cycles > 0 { findings.append("\(cycles) cycle\(cycles == 1 ? "" : "s")") }
    let failing = snapshot.nodes.count { $0.status == .error }
    if failing > 0 { findings.append("\(failing) node\(failing == 1 ? "" : "s") in error") }
    let loading = snapshot.nodes.count { $0.status == .loading }
    if loading > 0 { findings.append("\(loading) loading") }
    return parts.joined(separator: ", ") + (findings.isEmpty ? "" : "; " + findings.joined(separator: ", "))
  }
}
