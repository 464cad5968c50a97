/// Splits a command's arguments into options, flags and positionals according to its specs.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue`, grouped short flags (`-qv`),
/// `--` to end options, and `-` as a positional (standard input or output). An option whose
/// value may be left out (`--serve [<address:port>]`) is present either way (`has`), with its
/// value when one follows.
struct ArgumentParser {
  var specs: [OptionSpec]

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument.hasPrefix("--") {
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard let spec = specs.first(where: { $0.name == name }) else {
          throw .unknownOption(argument, suggestion: suggestion(for: name))
        }
        if spec.isFlag {
          if inlineValue != nil { throw .unexpectedValue(option: "--\(name)") }
          record(flag: spec, into: &result)
        } else {
          let value: String
          if let inlineValue {
            value = inlineValue
          } else if spec.valueIsOptional {
            // Given without a value (the next argument is not one): present, with none.
            guard index < arguments.count, spec.acceptsValue(arguments[index]) else {
              record(flag: spec, into: &result)
              continue
            }
            value = arguments[index]
            index += 1
          } else {
            guard index < arguments.count else {
              throw .missingValue(option: "--\(name)", valueName: spec.valueName ?? "VALUE")
            }
            value = arguments[index]
            index += 1
          }
          if spec.valueIsOptional { record(flag: spec, into: &result) }
          try record(value, for: spec, into: &result)
        }
        continue
      }
      // Short options, possibly grouped.
      var characters = Array(argument.dropFirst())
      while !characters.isEmpty {
        let character = characters.removeFirst()
        guard let spec = specs.first(where: { $0.short == character }) else {
          throw .unknownOption("-\(character)", suggestion: nil)
        }
        if spec.isFlag {
          record(flag: spec, into: &result)
          continue
        }
        let value: String
        if !characters.isEmpty {
          value = String(characters)
          characters = []
        } else {
          guard index < arguments.count else {
            throw .missingValue(option: "-\(character)", valueName: spec.valueName ?? "VALUE")
          }
          value = arguments[index]
          index += 1
        }
        try record(value, for: spec, into: &result)
      }
    }
    return result
  }

  private func record(flag spec: OptionSpec, into result: inout ParsedArguments) {
    result.flags.insert(spec.name)
  }

  private func record(_ value: String, for spec: OptionSpec, into result: inout ParsedArguments) throws(UsageError) {
    if !spec.repeats, result.values[spec.name] != nil {
      throw .repeatedOption(option: "--\(spec.name)")
    }
    result.values[spec.name, default: []].append(value)
  }

  /// The closest known option name, if it is close enough to be a likely typo.
  private func suggestion(for name: String) -> String? {
    let scored = specs.map { (spec: $0, distance: EditDistance.between(name, $0.name)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= max(1, name.count / 3) else {
      return nil
    }
    return "--" + best.spec.name
  }
}
