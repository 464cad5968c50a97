/// What the parser found on the command line for one command.
struct ParsedArguments: Sendable, Equatable {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The one positional argument a command takes, such as `<snapshot>`.
  func onlyPositional(_ name: String) throws(UsageError) -> String {
    guard let first = positionals.first else { throw .missingArgument(name) }
    if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
    return first
  }
}
