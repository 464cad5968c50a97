/// A subcommand of `recoil-inspect`: its name, help and how it runs.
protocol Command: Sendable {
  static var name: String { get }
  static var summary: String { get }
  static var usage: String { get }
  static var discussion: String { get }
  static var options: [OptionSpec] { get }

  /// Builds the command from parsed arguments, validating values.
  init(_ arguments: ParsedArguments) throws(UsageError)

  func run(streams: StandardStreams) throws(CommandFailure)
}

extension Command {
  /// Every command accepts `--help`.
  static var allOptions: [OptionSpec] { options + [.flag("help", short: "h", help: "Show help for this command.")] }
}
