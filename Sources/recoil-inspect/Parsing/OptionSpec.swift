/// One option a command accepts: `--name VALUE` / `-n VALUE`, or a flag `--name`.
struct OptionSpec: Sendable, Equatable {
  var name: String
  var short: Character?
  /// The placeholder shown in help, or `nil` for a flag.
  var valueName: String?
  var help: String
  /// Whether the option may be given more than once (values accumulate).
  var repeats = false
  /// The name of the alternatives it is one of, exactly one of which is given (query's
  /// questions): shown together in the usage line as `(--a | --b <v>)`.
  var choice: String?
  /// Whether the command needs it (export's `--perfetto`): shown without brackets.
  var isRequired = false

  var isFlag: Bool { valueName == nil }

  static func flag(
    _ name: String, short: Character? = nil, help: String, choice: String? = nil, isRequired: Bool = false
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help, choice: choice, isRequired: isRequired)
  }

  static func option(
    _ name: String, short: Character? = nil, value: String, help: String, repeats: Bool = false,
    choice: String? = nil
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: value, help: help, repeats: repeats, choice: choice)
  }

  /// How the option tables show it: `-o, --output <out>`, `--heat`; `shortGap` stands in for
  /// a missing short name (spaces, to keep a column).
  func names(shortGap: String = "") -> String {
    var names = short.map { "-\($0), " } ?? shortGap
    names += "--\(name)"
    if let valueName { names += " <\(valueName)>" }
    return names
  }

  /// How the usage line shows it: `-o <out>`, `--heat`, `--exclude <glob>...`.
  var usage: String {
    var text = short.map { "-\($0)" } ?? "--\(name)"
    if let valueName { text += " <\(valueName)>" }
    return repeats ? text + "..." : text
  }
}
