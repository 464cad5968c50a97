import Foundation
import RecoilSnapshot
import Testing

/// Text from an app's state reaches the terminal through every command; none of it may act on
/// the terminal (escape sequences, OSC titles and clipboard writes, BEL, CR, backspace, DEL, C1
/// controls, bidi overrides), and every record stays on one line.
@Suite struct HostileTextTests {
  /// Strings that a terminal would act on, as they might sit in app state.
  static let hostile = [
    "red\u{1B}[31mtext", "title\u{1B}]0;pwned\u{07}", "clip\u{1B}]52;c;cHduZWQ=\u{07}", "bell\u{07}",
    "over\rwrite", "back\u{08}space", "del\u{7F}ete", "c1\u{9B}31m", "two\nlines", "bidi\u{202E}txt",
  ]

  static func hostileSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    for (index, text) in hostile.enumerated() {
      var node = SnapshotNode(id: "n\(index)-\(text)", kind: index % 2 == 0 ? .atom : .selector)
      node.value = text
      node.valueType = text
      snapshot.nodes.append(node)
      if index > 0 { snapshot.edges.append(SnapshotEdge(from: snapshot.nodes[index - 1].id, to: node.id)) }
    }
    snapshot.actions = hostile.enumerated().map { index, text in
      SnapshotAction(
        seq: index + 1, store: "app", name: text, payload: text,
        changes: [SnapshotChange(path: "field.\(text)", before: text, after: text)])
    }
    return snapshot
  }

  /// The bytes that must never reach a terminal from data: C0 other than the newline that ends
  /// a record, DEL, C1 (as UTF-8), and the bidi overrides.
  static func activeCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value)
    }
  }

  private func writeTemporary(_ snapshot: Snapshot, name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(path: "hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appending(path: name)
    try SnapshotCodec.encode(snapshot).write(to: url)
    return url
  }

  @Test func traceDiffValidateAndLivePrintNothingATerminalWouldActOn() throws {
    let snapshot = Self.hostileSnapshot()
    let file = try writeTemporary(snapshot, name: "hostile.json")
    var other = snapshot
    other.nodes.removeLast()
    other.edges.removeLast()
    other.nodes[0].valueType = "changed\u{1B}[2J"
    let otherFile = try writeTemporary(other, name: "other.json")
    var events = ""
    for node in snapshot.nodes {
      events += InspectorEventCodec.encode(InspectorEvent(atNanos: 1, kind: .node(node))) + "\n"
    }
    for action in snapshot.actions {
      events += InspectorEventCodec.encode(InspectorEvent(atNanos: 2, kind: .action(action))) + "\n"
    }
    events +=
      InspectorEventCodec.encode(
        InspectorEvent(atNanos: 3, kind: .error(node: "x\u{1B}[2J", message: "boom\u{07}\nline"))) + "\n"

    let runs = [
      try ExecutableRunner.run(["trace", file.path]),
      try ExecutableRunner.run(["diff", file.path, otherFile.path]),
      try ExecutableRunner.run(["validate", file.path]),
      try ExecutableRunner.run(["live", "-"], stdin: Data(events.utf8)),
    ]
    for outcome in runs {
      #expect(Self.activeCharacters(in: outcome.stdoutText).isEmpty, "\(outcome.stdoutText)")
      #expect(Self.activeCharacters(in: outcome.stderr).isEmpty, "\(outcome.stderr)")
      #expect(!outcome.stdoutText.isEmpty)
    }
    // Each action of the trace is still one line, with its escaped name visible.
    let trace = runs[0].stdoutText
    #expect(trace.contains(#"two\nlines"#))
    #expect(trace.contains(#"title\u{1B}]0;pwned\u{7}"#))
  }

  @Test func anErrorNamingHostileTextIsOneInertLine() throws {
    // An edge to an unknown node whose id holds a newline and an escape sequence.
    let json =
      #"{"format":"recoil-inspect/snapshot","version":1,"nodes":[{"id":"a","kind":"atom"}],"edges":[{"from":"a","to":"evil\n\u001b]0;title\u0007"}]}"#
    let directory = FileManager.default.temporaryDirectory.appending(path: "hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appending(path: "bad\u{1B}[31m.json")
    try Data(json.utf8).write(to: file)
    let outcome = try ExecutableRunner.run(["validate", file.path])
    #expect(outcome.status == 65)
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome.stderr)")
    #expect(Self.activeCharacters(in: outcome.stderr).isEmpty)
    #expect(outcome.stderr.contains(#"evil\n\u{1B}]0;title\u{7}"#))
  }
}
