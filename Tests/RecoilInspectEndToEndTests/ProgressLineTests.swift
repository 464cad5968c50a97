import Foundation
import GraphShapes
import RecoilSnapshot
import Testing

/// The progress line of long work: on a terminal (a pseudo-terminal made by `script`) it
/// appears and is gone from the final screen; piped, with `-q` or `RECOIL_INSPECT_PROGRESS=0`
/// there is none. The delay before it shows is set to nothing here, so no test waits on time.
@Suite struct ProgressLineTests {
  static let graph: URL = {
    let url = FileManager.default.temporaryDirectory.appending(path: "recoil-progress-\(UUID().uuidString).json")
    try? SnapshotCodec.encode(AppShapedGraph(shape: .app, count: 1_500).snapshot, layout: .compact).write(to: url)
    return url
  }()

  /// What `command` wrote to a terminal, run under `script` (a pseudo-terminal for all three
  /// streams).
  static func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let tool = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect").path
    let variables = (["RECOIL_INSPECT_PROGRESS_DELAY_MS": "0", "TERM": "xterm"].merging(environment) { $1 })
      .map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    let command = "env \(variables) \(tool) " + arguments.map { "'\($0)'" }.joined(separator: " ")
    let outcome = try ExecutableRunner.run(["-qfec", command, "/dev/null"], executable: "/usr/bin/script")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return outcome.stdoutText
  }

  /// The screen a terminal shows after `text`: carriage returns go back to the line's start,
  /// `ESC [ K` clears to its end.
  static func finalScreen(_ text: String) -> [String] {
    var lines: [String] = []
    for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      var line: [Character] = []
      var cursor = 0
      var rest = Substring(raw)
      while let character = rest.first {
        if rest.hasPrefix("\u{1B}[K") {
          line.removeSubrange(min(cursor, line.count)..<line.count)
          rest = rest.dropFirst(3)
          continue
        }
        rest = rest.dropFirst()
        if character == "\r" {
          cursor = 0
        } else if cursor < line.count {
          line[cursor] = character
          cursor += 1
        } else {
          line.append(character)
          cursor += 1
        }
      }
      lines.append(String(line))
    }
    return lines
  }

  @Test func aLongReportSaysWhatItDoesAndLeavesNoTrace() throws {
    let output = FileManager.default.temporaryDirectory.appending(path: "progress-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: output) }
    let text = try Self.onTerminal(["report", Self.graph.path, "-o", output.path])
    #expect(text.contains("laying out"), "no progress line in \(text.debugDescription)")
    #expect(text.contains(" of "))
    let screen = Self.finalScreen(text).joined(separator: "\n")
    #expect(!screen.contains("laying out"), "\(screen)")
    #expect(screen.contains("recoil-inspect: wrote"))
  }

  @Test func nothingWhenPipedQuietOrTurnedOff() throws {
    let output = FileManager.default.temporaryDirectory.appending(path: "progress-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: output) }
    let piped = try ExecutableRunner.run(
      ["report", Self.graph.path, "-o", output.path], environment: ["RECOIL_INSPECT_PROGRESS_DELAY_MS": "0"])
    #expect(piped.status == 0)
    #expect(!piped.stderr.contains("laying out") && !piped.stdoutText.contains("laying out"))
    let quiet = try Self.onTerminal(["report", Self.graph.path, "-o", output.path, "-q"])
    #expect(!quiet.contains("laying out"))
    let off = try Self.onTerminal(
      ["report", Self.graph.path, "-o", output.path], environment: ["RECOIL_INSPECT_PROGRESS": "0"])
    #expect(!off.contains("laying out"))
  }
}
