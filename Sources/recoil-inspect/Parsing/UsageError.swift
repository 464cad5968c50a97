/// A mistake in how the command was called. Exit code 64.
enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownOption(String, suggestion: String?)
  case missingValue(option: String, valueName: String)
  case unexpectedValue(option: String)
  case repeatedOption(option: String)
  case invalidValue(option: String, value: String, expected: String)
  case missingArgument(String)
  case unexpectedArgument(String)
  case unknownCommand(String, suggestion: String?)
  case unknownFormat(path: String)

  var description: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let option, let valueName):
      "option '\(option)' needs a value (\(valueName))"
    case .unexpectedValue(let option):
      "option '\(option)' does not take a value"
    case .repeatedOption(let option):
      "option '\(option)' is given more than once"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(option)'; expected \(expected)"
    case .missingArgument(let name):
      "missing argument \(name)"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'"
    case .unknownCommand(let command, let suggestion):
      "unknown command '\(command)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .unknownFormat(let path):
      "cannot tell the output format from '\(path)'; name a .svg, .png, .pdf or .dot file or pass --format"
    }
  }
}
