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
        -h, --help                    Show help; 'recoil-inspect <command> --help' for a command.
        --version                     Show the version.
        --completion-script <shell>   Print completion for bash, zsh or fish
                                      (source <(recoil-inspect --completion-script bash)).
        --manual                      Print the manual page (recoil-inspect --manual | man -l -).

      EXAMPLES:
        recoil-inspect Fixtures/cart-demo/cart.snapshot.json -o graph.svg
        recoil-inspect render Fixtures/cart-demo/cart.snapshot.json -o - --focus Pricing.displayPrices --depth 2 > focus.svg
        recoil-inspect trace Fixtures/cart-demo/cart.snapshot.json --store app

      \(exitCodes)
      """
    return text
  }

  static func command(_ command: any Command.Type) -> String {
    var text =
      "\(command.summary)\n\nUSAGE: \(wrapped(command.usage, indent: 7))\n\n\(reflowed(command.discussion))\n\nOPTIONS:\n"
    let rows = command.allOptions.map { spec -> (String, String) in
      (spec.names(shortGap: "    "), spec.help)
    }
    let width = rows.map(\.0.count).max() ?? 0
    for (names, help) in rows {
      text += "  " + names.padding(toLength: width + 2, withPad: " ", startingAt: 0) + help + "\n"
    }
    return text + "\n" + exitCodes
  }

  /// `text` broken at spaces into lines of at most `width` characters (a longer word stays
  /// whole), the lines after the first indented by `indent` spaces; never inside `[…]` or
  /// `<…>`, so each option stays on one line with its value.
  static func wrapped(_ text: String, indent: Int, width: Int = 100, keepingGroups: Bool = true) -> String {
    var words: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if character == " " && (depth == 0 || !keepingGroups) {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if character == "[" || character == "<" { depth += 1 }
      if character == "]" || character == ">" { depth = max(0, depth - 1) }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    var lines: [String] = []
    var line = ""
    var lineWidth = indent
    for word in words {
      if !line.isEmpty, lineWidth + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineWidth = indent
      } else if !line.isEmpty {
        line += " "
        lineWidth += 1
      }
      line += word
      lineWidth += word.count
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The reference's section of every command's options (`Docs/command-line.md`): for each
  /// command its usage line and a table of its options, made from the same definitions as
  /// `--help` (HelpReadmeTests checks that the page holds exactly this).
  static func markdownOptions(commands: [any Command.Type]) -> String {
    func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
    var text = ""
    for command in commands {
      text += "### `\(command.name)`\n\n```\n\(wrapped(command.usage, indent: 2))\n```\n\n"
      text += "| option | meaning |\n| --- | --- |\n"
      for spec in command.allOptions where spec.name != "help" {
        text += "| `\(cell(spec.names()))` | \(cell(spec.help)) |\n"
      }
      text += "\n"
    }
    return text + "Every command also takes `-h, --help`.\n"
  }

  /// A command's discussion with each paragraph of prose filled to 92 columns, so that its
  /// source can be edited without re-wrapping by hand; a paragraph with indented lines (a
  /// list) is kept as written.
  static func reflowed(_ discussion: String) -> String {
    discussion.components(separatedBy: "\n\n").map { paragraph in
      let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
      guard !lines.contains(where: { $0.hasPrefix(" ") }) else { return paragraph }
      return wrapped(lines.joined(separator: " "), indent: 0, width: 92, keepingGroups: false)
    }.joined(separator: "\n\n")
  }

  static var exitCodes: String {
    var text = "EXIT CODES:\n"
    for code in ExitCode.allCases {
      text += "  " + String(code.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + code.meaning + "\n"
    }
    return text
  }
}
