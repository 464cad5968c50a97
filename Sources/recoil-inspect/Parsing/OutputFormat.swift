/// `--format text|json`: how a command prints its answer, for people or for scripts.
enum OutputFormat: String {
  case text, json

  /// The option spec every command with a JSON form declares.
  static let option = OptionSpec.option("format", value: "text|json", help: "text (default) or json.")

  /// The format asked for, text when none was.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.value("format") ?? "text"
    guard let format = OutputFormat(rawValue: text) else {
      throw .invalidValue(option: "--format", value: text, expected: "text or json")
    }
    self = format
  }
}
