/// The `--help` pages, generated from each command's specs so they never drift.
enum HelpText {
  static func tool(commands: [any Command.Type], version: String) -> String {
    var text = """
      recoil-inspect \(version): draw and inspect Recoil-style state graphs and store traces.

      USAGE: recoil-inspect <snapshot> -o <out> [options]
             recoil-inspect <command> [arguments]

      COMMANDS:

      """
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      text += "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += """

      OPTIONS:
        -h, --help      Show help; 'recoil-inspect <command> --help' for a command.
        --version       Show the version.

      EXAMPLES:
        recoil-inspect Fixtures/cart-demo/cart.snapshot.json -o graph.svg
        recoil-inspect render Fixtures/cart-demo/cart.snapshot.json -o - --focus Pricing.displayPrices --depth 2 > focus.svg
        recoil-inspect trace Fixtures/cart-demo/cart.snapshot.json --store app

      \(exitCodes)
      """
    return text
  }

  static func command(_ command: any Command.Type) -> String {
    var text = "\(command.summary)\n\nUSAGE: \(command.usage)\n\n\(command.discussion)\n\nOPTIONS:\n"
    let rows = command.allOptions.map { spec -> (String, String) in
      var names = spec.short.map { "-\($0), " } ?? "    "
      names += "--\(spec.name)"
      if let value = spec.valueName { names += " <\(value)>" }
      return (names, spec.help)
    }
    let width = rows.map(\.0.count).max() ?? 0
    for (names, help) in rows {
      text += "  " + names.padding(toLength: width + 2, withPad: " ", startingAt: 0) + help + "\n"
    }
    return text + "\n" + exitCodes
  }

  static var exitCodes: String {
    var text = "EXIT CODES:\n"
    for code in ExitCode.allCases {
      text += "  " + String(code.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + code.meaning + "\n"
    }
    return text
  }
}
