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
  /// A name (store, node, kind) that the snapshot does not hold; `known` lists what it holds.
  case unknownName(option: String, kind: String, name: String, known: [String])
  /// Two options that contradict each other (`--full` draws everything; `--expand` chooses).
  case conflictingOptions(String, String, reason: String)

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
      "invalid value '\(shortened(value))' for '\(option)'; expected \(expected)"
    case .missingArgument(let name):
      "missing argument \(name)"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(shortened(argument))'"
    case .unknownCommand(let command, let suggestion):
      "unknown command '\(shortened(command))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .unknownName(let option, let kind, let name, let known):
      Self.describeUnknown(option: option, kind: kind, name: name, known: known)
    case .conflictingOptions(let first, let second, let reason):
      "'\(first)' cannot be used with '\(second)': \(reason)"
    case .unknownFormat(let path):
      "cannot tell the output format from '\(path)'; name a .svg, .png, .pdf, .dot or .html file or pass --format"
    }
  }

  /// `--store: no store 'ap' in the snapshot; did you mean 'app'? (known stores: app, cart)`.
  private static func describeUnknown(option: String, kind: String, name: String, known: [String]) -> String {
    // Kinds of event are the tool's own vocabulary; everything else comes from the snapshot.
    let quoted = shortened(name)
    var text = kind == "kind" ? "\(option): no kind '\(quoted)'" : "\(option): no \(kind) '\(quoted)' in the snapshot"
    // Near matches compare every pair of characters: not for a name longer than any id.
    let near = name.utf8.count > 1_000 ? [] : NearMatches.of(name, in: known).map { shortened($0) }
    if !near.isEmpty { text += "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?" }
    if known.isEmpty {
      text += " (it has no \(kind)s)"
    } else {
      let shown = known.prefix(12).map { shortened($0, to: 80) }.joined(separator: ", ")
      text += " (known \(kind)s: \(shown)" + (known.count > 12 ? ", … \(known.count) in all)" : ")")
    }
    return text
  }
}
