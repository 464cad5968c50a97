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

  /// Whether the command reads snapshot files, and so takes `--max-input-bytes`.
  static var readsSnapshots: Bool { get }
}

extension Command {
  static var readsSnapshots: Bool { true }

  /// Every command accepts `--help`; those that read snapshots `--max-input-bytes`.
  static var allOptions: [OptionSpec] {
    options + (readsSnapshots ? [InputLimit.option] : [])
      + [.flag("help", short: "h", help: "Show help for this command.")]
  }
}
