import Foundation
import Testing

@testable import recoil_inspect

/// Help is made from the option definitions the parser uses, and the reference's tables
/// (`Docs/command-line.md`) from the same: neither can drift from what the parser accepts.
@Suite struct HelpReadmeTests {
  private static let readme = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Docs/command-line.md")
  private static let start = "<!-- options -->\n"
  private static let end = "<!-- end of options -->\n"

  @Test(arguments: RecoilInspect.commands.map { $0.name })
  func everyOptionIsInTheHelpAndTheUsageLine(command name: String) throws {
    let command = try #require(RecoilInspect.commands.first { $0.name == name })
    let help = HelpText.command(command)
    let usage = command.usage
    for spec in command.allOptions {
      #expect(help.contains("--\(spec.name)"), "\(name) --help lacks --\(spec.name)")
      if spec.name != "help" { #expect(usage.contains(spec.usage), "\(name)'s usage lacks \(spec.usage)") }
    }
    // And nothing the parser would refuse: each option the usage shows is one it accepts.
    for word in usage.split(separator: " ") where word.hasPrefix("[--") || word.hasPrefix("--") {
      let option = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]()|.")).dropFirst(2)
      #expect(command.allOptions.contains { $0.name == option }, "\(name)'s usage shows --\(option)")
    }
  }

  @Test func theReadmeTablesAreTheOptionDefinitions() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let from = try #require(text.range(of: Self.start), "Docs/command-line.md has no '\(Self.start)' marker")
    let to = try #require(text.range(of: Self.end, range: from.upperBound..<text.endIndex))
    let expected = HelpText.markdownOptions(commands: RecoilInspect.commands)
    if ProcessInfo.processInfo.environment["RECOIL_UPDATE_README_OPTIONS"] == "1" {
      let updated = text.replacingCharacters(in: from.upperBound..<to.lowerBound, with: expected)
      try updated.write(to: Self.readme, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      String(text[from.upperBound..<to.lowerBound]) == expected,
      "Docs/command-line.md's options differ from the definitions: RECOIL_UPDATE_README_OPTIONS=1 swift test --filter HelpReadmeTests"
    )
    // Every option of every command is in them.
    for command in RecoilInspect.commands {
      for spec in command.allOptions where spec.name != "help" {
        #expect(expected.contains("--\(spec.name)"), "\(command.name) --\(spec.name)")
      }
    }
  }
}
