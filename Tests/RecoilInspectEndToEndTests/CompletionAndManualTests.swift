import Foundation
import Testing

/// `--completion-script bash|zsh|fish` and `--manual`, made from the option definitions: bash
/// offers every command and each command's options and values, `man -l` renders the page
/// without a warning, and every option of every command reaches both.
@Suite struct CompletionAndManualTests {
  /// What `help` lists: every command's name, and each one's options as `--help` shows them.
  static func commandsAndOptions() throws -> [(name: String, options: [String])] {
    let help = try ExecutableRunner.run(["--help"]).stdoutText
    let commands = help.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
      .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    return try commands.map { command in
      let text = try ExecutableRunner.run([command, "--help"]).stdoutText
      let section = text.components(separatedBy: "OPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
      let options = section.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /--[a-z][a-z-]*/).map { String($0.output) }
      }
      return (command, options)
    }
  }

  /// Runs bash's completion for `words` (the last one being completed) in `folder`.
  static func complete(_ words: [String], script: URL, in folder: URL) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source \(script.path)
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _recoil_inspect
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try ExecutableRunner.run(["-c", program], executable: "/bin/bash", currentDirectory: folder)
    #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    return outcome.stdoutText.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesEveryCommandItsOptionsTheirValuesAndFiles() throws {
    let folder = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appending(path: "recoil-inspect.bash")
    let outcome = try ExecutableRunner.run(["--completion-script", "bash"])
    #expect(outcome.status == 0)
    try outcome.stdout.write(to: script)
    try Data("{}".utf8).write(to: folder.appending(path: "cart.snapshot.json"))

    let all = try Self.commandsAndOptions()
    #expect(all.count >= 12)
    let first = try Self.complete(["recoil-inspect", ""], script: script, in: folder)
    for (name, _) in all { #expect(first.contains(name), "\(name)") }
    #expect(first.contains("cart.snapshot.json"))  // the default command's snapshot
    for (name, options) in all {
      let offered = Set(try Self.complete(["recoil-inspect", name, "--"], script: script, in: folder))
      for option in options { #expect(offered.contains(option), "\(name) \(option)") }
    }
    // Values that are words, and files where a value or an operand is one.
    #expect(
      try Self.complete(["recoil-inspect", "trace", "x.json", "--format", ""], script: script, in: folder) == [
        "text", "json",
      ])
    #expect(
      try Self.complete(["recoil-inspect", "cart.snapshot.json", "--collapse", ""], script: script, in: folder)
        == ["none", "families", "stores", "modules", "levels"])
    #expect(
      try Self.complete(["recoil-inspect", "render", "x.json", "-f", "p"], script: script, in: folder) == [
        "png", "pdf",
      ])
    #expect(
      try Self.complete(["recoil-inspect", "trace", "--kind", "ev"], script: script, in: folder) == ["evaluation"])
    #expect(
      try Self.complete(["recoil-inspect", "report", "ca"], script: script, in: folder) == ["cart.snapshot.json"])
    #expect(
      try Self.complete(["recoil-inspect", "report", "x.json", "-o", "ca"], script: script, in: folder) == [
        "cart.snapshot.json"
      ])
    // A value that is neither: nothing to offer.
    #expect(try Self.complete(["recoil-inspect", "why", "x.json", "--at", ""], script: script, in: folder).isEmpty)
  }

  @Test func zshAndFishScriptsNameEveryOption() throws {
    let all = try Self.commandsAndOptions()
    for shell in ["zsh", "fish"] {
      let outcome = try ExecutableRunner.run(["--completion-script", shell])
      #expect(outcome.status == 0)
      for (name, options) in all {
        for option in options {
          let spelled = shell == "fish" ? "-l \(option.dropFirst(2))" : option
          #expect(outcome.stdoutText.contains(spelled), "\(shell): \(name) \(option)")
        }
      }
    }
    let bad = try ExecutableRunner.run(["--completion-script", "tcsh"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("bash, zsh, fish"))
  }

  @Test func theManualRendersWithoutWarningsAndNamesEveryOption() throws {
    let folder = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appending(path: "recoil-inspect.1")
    let outcome = try ExecutableRunner.run(["--manual"])
    #expect(outcome.status == 0)
    try outcome.stdout.write(to: page)
    let rendered = try ExecutableRunner.run(
      ["man", "--warnings", "-l", page.path], executable: "/usr/bin/env",
      environment: ["MANWIDTH": "200", "MANPAGER": "cat"])
    #expect(rendered.status == 0)
    #expect(rendered.stderr.isEmpty, "man -l warned: \(rendered.stderr)")
    // Spaces and hyphens as man renders them (a hyphen may come out as U+2010).
    let text = rendered.stdoutText.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(
      of: "\u{2212}", with: "-")
    #expect(text.contains("RECOIL-INSPECT(1)"))
    for (name, options) in try Self.commandsAndOptions() {
      #expect(text.contains("   \(name)\n"), "no section for \(name)")
      for option in options { #expect(text.contains(option), "\(name) \(option)") }
    }
    #expect(text.contains("EXIT STATUS"))
  }
}
