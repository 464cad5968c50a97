/// One option a command accepts: `--name VALUE` / `-n VALUE`, or a flag `--name`.
struct OptionSpec: Sendable, Equatable {
  var name: String
  var short: Character?
  /// The placeholder shown in help, or `nil` for a flag.
  var valueName: String?
  var help: String
  /// Whether the option may be given more than once (values accumulate).
  var repeats = false

  var isFlag: Bool { valueName == nil }

  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help)
  }

  static func option(_ name: String, short: Character? = nil, value: String, help: String, repeats: Bool = false)
    -> OptionSpec
  {
    OptionSpec(name: name, short: short, valueName: value, help: help, repeats: repeats)
  }
}
