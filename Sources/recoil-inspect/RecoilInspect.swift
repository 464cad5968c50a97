import Foundation
import RecoilSnapshot

/// The `recoil-inspect` command line: parses arguments, runs one command, maps its outcome to a
/// message and an exit code. The process enters through `RecoilInspect+Process.swift`.
struct RecoilInspect {
  static let version = PackageVersion.current
  static let commands: [any Command.Type] = [
    RenderCommand.self, ReportCommand.self, ExportCommand.self, ValidateCommand.self, TraceCommand.self,
    QueryCommand.self, WhyCommand.self,
    CheckCommand.self,
    DiffCommand.self,
    ArtifactsCommand.self,
    LiveCommand.self,
    ControlCommand.self,
  ]

  /// What the command line asks for.
  enum Invocation {
    case toolHelp
    case commandHelp(any Command.Type)
    case version
    /// `--completion-script SHELL`: a completion script for the shell.
    case completionScript(CompletionScript.Shell)
    /// `--manual`: the manual page.
    case manual
    case command(any Command)
  }

  static func run(_ arguments: [String], streams: StandardStreams) -> Int32 {
    do throws(CommandFailure) {
      let invocation: Invocation
      do {
        invocation = try resolve(arguments)
      } catch {
        throw .usage(error)
      }
      switch invocation {
      case .toolHelp:
        streams.output(HelpText.tool(commands: commands, version: version))
      case .commandHelp(let command):
        streams.output(HelpText.command(command))
      case .version:
        streams.output("\(version)\n")
      case .completionScript(let shell):
        streams.output(CompletionScript.script(for: shell, commands: commands))
      case .manual:
        streams.output(ManualPage.roff(commands: commands, version: version))
      case .command(let command):
        defer { ProgressLine.shared.end() }
        try command.run(streams: streams)
      }
      return ExitCode.success.rawValue
    } catch .findingsReported {
      return ExitCode.findings.rawValue
    } catch {
      // One line, the hint included, as Docs/command-line.md promises.
      if case .usage = error {
        streams.reportError(error.message + " (see 'recoil-inspect --help')")
      } else {
        streams.reportError(error.message)
      }
      return error.exitCode.rawValue
    }
  }

  /// Chooses the command: a known command name first, otherwise `render` with all arguments.
  static func resolve(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .toolHelp }
    if first == "--help" || first == "-h" || first == "help" {
      if first == "help", arguments.count > 1 {
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
          throw .unknownCommand(arguments[1], suggestion: suggestCommand(arguments[1]))
        }
        return .commandHelp(command)
      }
      return .toolHelp
    }
    if first == "--version" { return .version }
    if first == "--manual" {
      guard arguments.count == 1 else { throw .unexpectedArgument(arguments[1]) }
      return .manual
    }
    if first == "--completion-script" || first.hasPrefix("--completion-script=") {
      let value = first.contains("=") ? String(first.drop { $0 != "=" }.dropFirst()) : arguments.dropFirst().first
      guard let value, let shell = CompletionScript.Shell(rawValue: value) else {
        throw .invalidValue(
          option: "--completion-script", value: value ?? "(nothing)",
          expected: CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return .completionScript(shell)
    }
    // The layout helper `report` starts is no command for people: it is in no list.
    if first == LayoutWorkerCommand.name {
      return .command(try LayoutWorkerCommand(ArgumentParser(specs: []).parse([])))
    }

    var commandType: any Command.Type = RenderCommand.self
    var rest = arguments
    if let named = commands.first(where: { $0.name == first }) {
      commandType = named
      rest.removeFirst()
    } else if !first.hasPrefix("-"), !first.contains("."), !first.contains("/"),
      !FileManager.default.fileExists(atPath: first), let suggestion = suggestCommand(first)
    {
      // `recoil-inspect rendr x.json` is a typo, not a snapshot called "rendr".
      throw .unknownCommand(first, suggestion: suggestion)
    }
    let parsed = try ArgumentParser(specs: commandType.allOptions).parse(rest)
    if parsed.has("help") { return .commandHelp(commandType) }
    // Quiet means quiet: no progress line either.
    if commandType.allOptions.contains(where: { $0.name == "quiet" }), parsed.has("quiet") {
      ProgressLine.shared.disable()
    }
    return .command(try commandType.init(parsed))
  }

  private static func suggestCommand(_ name: String) -> String? {
    var best: (name: String, distance: Int)?
    for command in commands {
      let distance = EditDistance.between(name, command.name)
      if distance <= 2, distance < best?.distance ?? Int.max { best = (command.name, distance) }
    }
    return best?.name
  }
}
