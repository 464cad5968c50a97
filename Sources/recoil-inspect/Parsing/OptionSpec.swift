import Foundation

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
  /// Whether the value may be left out (live's `--serve [<address:port>]`): then the option
  /// takes the next argument only when ``acceptsOptionalValue(_:)`` says it is one.
  var valueIsOptional = false
  /// What an optional value looks like.
  var optionalValue = OptionalValue.address
  /// The words the value may be, for shell completion and the manual, when the value name
  /// does not list them itself (`text|json` does).
  var values: [String] = []

  /// What an option whose value may be left out takes as its value.
  enum OptionalValue: Sendable, Equatable {
    /// `HOST:PORT` (see ``acceptsOptionalValue(_:)``).
    case address
    /// A node id: any argument that is not an option and names no file (query's
    /// `--subscribers [<id>]`, where the snapshot may follow).
    case nodeID
  }

  var isFlag: Bool { valueName == nil }

  /// The words a shell offers for the value: ``values``, or the value name's own list
  /// (`svg|png|pdf|dot|html`).
  var completionWords: [String] {
    if !values.isEmpty { return values }
    guard let valueName, valueName.contains("|") else { return [] }
    return valueName.split(separator: "|").map(String.init)
  }

  /// Whether the value names a file or folder, which a shell completes from the disk.
  var takesPath: Bool { ["file", "out", "picture", "folder"].contains(valueName ?? "") }

  /// This option, its value one of `words` (comma-separated lists of them are accepted too).
  func completing(_ words: [String]) -> OptionSpec {
    var spec = self
    spec.values = words
    return spec
  }

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

  /// An option whose value is an address and may be left out: `--serve`, `--serve
  /// 127.0.0.1:8080`, `--serve=0.0.0.0:0`.
  static func optionalAddress(_ name: String, value: String, help: String) -> OptionSpec {
    OptionSpec(name: name, short: nil, valueName: value, help: help, valueIsOptional: true)
  }

  /// An option whose value is a node id and may be left out: `--subscribers`,
  /// `--subscribers Pricing.total`.
  static func optionalNodeID(_ name: String, value: String, help: String, choice: String? = nil) -> OptionSpec {
    OptionSpec(
      name: name, short: nil, valueName: value, help: help, choice: choice, valueIsOptional: true,
      optionalValue: .nodeID)
  }

  /// Whether `argument` is this option's value when the value may be left out.
  func acceptsValue(_ argument: String) -> Bool {
    switch optionalValue {
    case .address: Self.acceptsOptionalValue(argument)
    case .nodeID: !argument.hasPrefix("-") && !FileManager.default.fileExists(atPath: argument)
    }
  }

  /// Whether `argument`, after an option whose value may be left out, is its value: an
  /// address `HOST:PORT` (an IPv4 address, `localhost` or a bracketed IPv6 address), never an
  /// endpoint (`tcp:…`, `unix:…`) or a file.
  static func acceptsOptionalValue(_ argument: String) -> Bool {
    guard !argument.hasPrefix("tcp:"), !argument.hasPrefix("unix:"), let colon = argument.lastIndex(of: ":"),
      let port = Int(argument[argument.index(after: colon)...]), (0...65_535).contains(port)
    else { return false }
    let host = argument[..<colon]
    if host.hasPrefix("[") && host.hasSuffix("]") { return true }
    return host == "localhost"
      || (host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." })
  }

  /// How the option tables show it: `-o, --output <out>`, `--heat`; `shortGap` stands in for
  /// a missing short name (spaces, to keep a column).
  func names(shortGap: String = "") -> String {
    var names = short.map { "-\($0), " } ?? shortGap
    names += "--\(name)"
    if let valueName { names += valueIsOptional ? " [<\(valueName)>]" : " <\(valueName)>" }
    return names
  }

  /// How the usage line shows it: `-o <out>`, `--heat`, `--exclude <glob>...`.
  var usage: String {
    var text = short.map { "-\($0)" } ?? "--\(name)"
    if let valueName { text += valueIsOptional ? " [<\(valueName)>]" : " <\(valueName)>" }
    return repeats ? text + "..." : text
  }
}
