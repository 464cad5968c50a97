/// A subcommand of `recoil-inspect`: its name, help and how it runs.
protocol Command: Sendable {
  static var name: String { get }
  static var summary: String { get }
  /// What follows the command's name in its usage line, before the options: `<snapshot>`,
  /// `<old> <new>`. The usage line is made from this and ``options``, so it cannot drift.
  static var operands: String { get }
  /// The name as the usage line shows it; the command's name unless it is the default one.
  static var usageName: String { get }
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

  /// The name as the usage line shows it (`[render]` for the default command).
  static var usageName: String { name }

  /// `recoil-inspect query <snapshot> (--dependents <id> | --slowest | …) [--depth <n>] …`:
  /// the operands, then each group of alternatives, each required option and each other
  /// option, in the order they are defined; `--help` is left out.
  static var usage: String {
    var parts = ["recoil-inspect", usageName, operands].filter { !$0.isEmpty }
    var shownChoices: Set<String> = []
    for spec in allOptions where spec.name != "help" {
      if let choice = spec.choice {
        guard shownChoices.insert(choice).inserted else { continue }
        parts.append("(" + allOptions.filter { $0.choice == choice }.map(\.usage).joined(separator: " | ") + ")")
      } else {
        parts.append(spec.isRequired ? spec.usage : "[\(spec.usage)]")
      }
    }
    return parts.joined(separator: " ")
  }

  /// Every command accepts `--help`; those that read snapshots `--max-input-bytes`.
  static var allOptions: [OptionSpec] {
    options + (readsSnapshots ? [InputLimit.option] : [])
      + [.flag("help", short: "h", help: "Show help for this command.")]
  }
}
