import RecoilSnapshot

/// `why --not`'s answer, worked out once (see `NonChange`) and printed as text or JSON, each
/// reason with the entries that prove it.
struct WhyNotAnswer {
  let answer: NonChange
  let index: TimelineIndex
  let kind: SnapshotNodeKind

  /// The step's line: `#43 action cart #1 add`.
  private func entryTitle(_ seq: Int, style: TerminalStyle) -> String {
    guard let event = index.event(seq: seq) else { return "#\(seq)" }
    return TimelineEntryText.text(event, action: index.action(for: event), style: style)
      .trimmingCharacters(in: .newlines)
  }

  func text(style: TerminalStyle) -> String {
    let node = style.bold(inert(answer.node))
    // The step on a line of its own, then each reason.
    var lines = ["why not \(node) after #\(answer.after):", "  " + entryTitle(answer.after, style: style)]
    if let changed = answer.changedAt {
      lines.append("  it did change: \(entryTitle(changed, style: style))")
      return lines.joined(separator: "\n") + "\n"
    }
    for reason in answer.reasons {
      lines.append(contentsOf: text(of: reason, style: style).map { "  " + $0 })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func text(of reason: NonChange.Reason, style: TerminalStyle) -> [String] {
    let at = reason.entry.map { style.dim(" (#\($0))") } ?? ""
    func dependencyLines(_ dependencies: [NonChange.Reason.Dependency]) -> [String] {
      dependencies.map { dependency in
        let last = dependency.lastChange.map { "last changed at #\($0)" } ?? "never changed in the timeline"
        let after = dependency.changedAfter.map { ", changed since at #\($0)" } ?? ""
        return "    \(style.plain(dependency.id))  \(style.dim(last + after))"
      }
    }
    switch reason.kind {
    case .notRead:
      return [
        "nothing read it since \(style.plain(reason.node ?? "?")) changed at #\(reason.entry ?? 0): it has no subscriber,"
          + " and a selector is evaluated only when read"
      ] + dependencyLines(reason.dependencies)
    case .notEvaluated:
      return [
        "\(style.plain(reason.node ?? "?")) changed at #\(reason.entry ?? 0), but it was not evaluated since"
          + " (it is evaluated again when next read)"
      ] + dependencyLines(reason.dependencies)
    case .noDependencyChanged:
      let last = reason.entry.map { " (#\($0))" } ?? ""
      guard !reason.dependencies.isEmpty else { return ["it reads nothing: its value cannot change"] }
      return ["none of the dependencies of its last evaluation\(last) changed since:"]
        + dependencyLines(reason.dependencies)
    case .cutOff:
      return [
        "upstream, \(style.plain(reason.node ?? "?")) was evaluated and gave the value it already had, so the change stopped there\(at)"
      ]
    case .unchanged:
      return ["it was evaluated and gave the value it already had\(at)"]
    case .noPathRead:
      let paths = reason.paths.isEmpty ? "no slice" : reason.paths.map(style.plain).joined(separator: ", ")
      guard !reason.actions.isEmpty else { return ["its store processed no action since (it reads \(paths))"] }
      return ["its store's actions since (\(numbers(reason.actions))) changed no path it reads (\(paths))"]
    case .noPathChanged:
      let paths = reason.paths.map(style.plain).joined(separator: ", ")
      guard !reason.actions.isEmpty else { return ["its store processed no action since"] }
      return ["its store's actions since (\(numbers(reason.actions))) changed nothing at \(paths)"]
    case .notWritten:
      return [
        "nothing wrote it since"
          + (reason.entry.map { style.dim(" (last written at #\($0))") }
            ?? style.dim(" (never written in the timeline)"))
      ]
    case .noAction:
      return ["it processed no action since" + (reason.entry.map { style.dim(" (last at #\($0))") } ?? "")]
    case .stubbed:
      return ["it is stubbed by the tool\(at): its value is the stub's until it is unstubbed"]
    case .failed:
      return ["it is in error\(at): \(style.plain(reason.message ?? "(no message)"))"]
    case .loading:
      return ["it is still loading\(at)"]
    }
  }

  /// Entry numbers as `#3, #7`, the first few and how many more.
  private func numbers(_ seqs: [Int]) -> String {
    let shown = seqs.prefix(5).map { "#\($0)" }.joined(separator: ", ")
    return seqs.count > 5 ? shown + " and \(seqs.count - 5) more" : shown
  }

  /// `{"node", "after", "changed", "changedAt"?, "reasons": [{"reason", "entry"?, "node"?, "dependencies"?: [{"id", "lastChange"?, "changedAfter"?}], "paths"?, "actions"?, "message"?}]}`.
  func json() -> String {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.write("node", answer.node)
    writer.write("after", answer.after)
    writer.write("changed", answer.changedAt != nil)
    writer.write("changedAt", answer.changedAt)
    writer.writeObjects(key: "reasons", answer.reasons) { writer, reason in
      writer.write("reason", reason.kind.rawValue)
      writer.write("entry", reason.entry)
      writer.write("node", reason.node)
      if !reason.dependencies.isEmpty {
        writer.writeObjects(key: "dependencies", reason.dependencies) { writer, dependency in
          writer.write("id", dependency.id)
          writer.write("lastChange", dependency.lastChange)
          writer.write("changedAfter", dependency.changedAfter)
        }
      }
      if !reason.paths.isEmpty { writer.writeArray(key: "paths", reason.paths) }
      if !reason.actions.isEmpty { writer.writeArray(key: "actions", reason.actions) }
      writer.write("message", reason.message)
    }
    writer.endObject()
    return writer.text
  }
}
