/// `recoil-inspect --completion-script bash|zsh|fish`: a shell's completion, made from the same
/// option definitions as the help, so neither can drift: the commands, each command's options,
/// their values where they are words (`--format text|json`, `--collapse` rules), and files
/// where a value or an operand is one (a snapshot, an output).
///
/// ```swift
/// print(CompletionScript.bash(commands: RecoilInspect.commands))
/// ```
enum CompletionScript {
  /// The shells a script is made for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func script(for shell: Shell, commands: [any Command.Type]) -> String {
    switch shell {
    case .bash: bash(commands: commands)
    case .zsh: zsh(commands: commands)
    case .fish: fish(commands: commands)
    }
  }

  /// The options' spellings (`--output`, `-o`), the ones taking a value apart.
  private static func spellings(_ specs: [OptionSpec], values: Bool) -> [String] {
    specs.filter { $0.isFlag != values }.flatMap { spec in
      [spec.short.map { "-\($0)" }, "--\(spec.name)"].compactMap { $0 }
    }
  }

  /// Single-quoted for a shell: words made of the definitions, which hold no quote, stay as
  /// they are inside.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  // MARK: - bash

  static func bash(commands: [any Command.Type]) -> String {
    let names = quoted(commands.map { $0.name }.joined(separator: " "))
    let shells = quoted(Shell.allCases.map { $0.rawValue }.joined(separator: " "))
    var lines: [String] = [
      "# bash completion for recoil-inspect, made by 'recoil-inspect --completion-script bash'.",
      "# Load it with:  source <(recoil-inspect --completion-script bash)",
      "_recoil_inspect() {",
      "  local current=\"${COMP_WORDS[COMP_CWORD]}\" previous=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local command=render commands=" + names,
      "  # The first word names the command, unless it is the snapshot of the default one (render).",
      "  if [ \"$COMP_CWORD\" -ge 2 ] && [[ \" $commands \" == *\" ${COMP_WORDS[1]} \"* ]]; then",
      "    command=\"${COMP_WORDS[1]}\"",
      "  fi",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    case \"$current\" in",
      "      -*) COMPREPLY=($(compgen -W '--help --version --completion-script --manual' -- \"$current\")) ;;",
      "      *) COMPREPLY=($(compgen -W \"$commands\" -- \"$current\") $(compgen -f -- \"$current\")) ;;",
      "    esac",
      "    return",
      "  fi",
      "  if [ \"$previous\" = --completion-script ]; then",
      "    COMPREPLY=($(compgen -W " + shells + " -- \"$current\"))",
      "    return",
      "  fi",
      "  local flags='' valued='' words='' paths=''",
      "  case \"$command\" in",
    ]
    for command in commands {
      let specs = command.allOptions
      lines.append("    \(command.name))")
      lines.append("      flags=\(quoted(spellings(specs, values: false).joined(separator: " ")))")
      lines.append("      valued=\(quoted(spellings(specs, values: true).joined(separator: " ")))")
      var cases: [String] = []
      for spec in specs where !spec.isFlag {
        let names = [spec.short.map { "-\($0)" }, "--\(spec.name)"].compactMap { $0 }.joined(separator: "|")
        if !spec.completionWords.isEmpty {
          cases.append("        \(names)) words=\(quoted(spec.completionWords.joined(separator: " "))) ;;")
        } else if spec.takesPath {
          cases.append("        \(names)) paths=yes ;;")
        }
      }
      if !cases.isEmpty {
        lines.append("      case \"$previous\" in")
        lines += cases
        lines.append("      esac")
      }
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "  if [ -n \"$words\" ]; then",
      "    COMPREPLY=($(compgen -W \"$words\" -- \"$current\"))",
      "  elif [ -n \"$paths\" ]; then",
      "    COMPREPLY=($(compgen -f -- \"$current\"))",
      "  elif [[ \" $valued \" == *\" $previous \"* ]]; then",
      "    COMPREPLY=()",
      "  elif [[ \"$current\" == -* ]]; then",
      "    COMPREPLY=($(compgen -W \"$flags $valued\" -- \"$current\"))",
      "  else",
      "    COMPREPLY=($(compgen -f -- \"$current\"))",
      "  fi",
      "}",
      "complete -o filenames -F _recoil_inspect recoil-inspect",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - zsh

  static func zsh(commands: [any Command.Type]) -> String {
    var lines = [
      "#compdef recoil-inspect",
      "# zsh completion for recoil-inspect, made by 'recoil-inspect --completion-script zsh'.",
      "# Save it as _recoil-inspect in a folder of $fpath, or: source <(recoil-inspect --completion-script zsh)",
      "_recoil_inspect() {",
      "  local -a commands",
      "  commands=(",
    ]
    for command in commands {
      lines.append("    \(quoted(command.name + ":" + zshEscaped(command.summary)))")
    }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands 'recoil-inspect command' commands",
      "    _files",
      "    return",
      "  fi",
      "  local command=${words[2]}",
      "  (( ${commands[(I)${command}:*]} )) || command=render",
      "  case $command in",
    ]
    for command in commands {
      var arguments: [String] = []
      for spec in command.allOptions {
        let help = zshEscaped(spec.help)
        let value: String
        if spec.isFlag {
          value = ""
        } else if !spec.completionWords.isEmpty {
          value = ":\(spec.valueName ?? "value"):(\(spec.completionWords.joined(separator: " ")))"
        } else if spec.takesPath {
          value = ":\(spec.valueName ?? "file"):_files"
        } else {
          value = ":\(spec.valueName ?? "value"): "
        }
        let repeats = spec.repeats ? "*" : ""
        if let short = spec.short {
          arguments.append(
            quoted("\(repeats)(-\(short) --\(spec.name))" + "{-\(short),--\(spec.name)}" + "[\(help)]\(value)"))
        } else {
          arguments.append(quoted("\(repeats)--\(spec.name)[\(help)]\(value)"))
        }
      }
      lines.append("    \(command.name))")
      lines.append("      _arguments -s \\")
      for argument in arguments { lines.append("        \(argument) \\") }
      lines.append("        '*:file:_files'")
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "compdef _recoil_inspect recoil-inspect"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text inside a zsh `_arguments` spec: brackets and colons would end its parts.
  private static func zshEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "[]:\\".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  // MARK: - fish

  static func fish(commands: [any Command.Type]) -> String {
    var lines = [
      "# fish completion for recoil-inspect, made by 'recoil-inspect --completion-script fish'.",
      "# Save it as ~/.config/fish/completions/recoil-inspect.fish",
      "complete -c recoil-inspect -f",
      "complete -c recoil-inspect -n __fish_use_subcommand -l help -s h -d 'Show help'",
      "complete -c recoil-inspect -n __fish_use_subcommand -l version -d 'Show the version'",
      "complete -c recoil-inspect -n __fish_use_subcommand -l manual -d 'Write the manual page'",
      "complete -c recoil-inspect -n __fish_use_subcommand -l completion-script -x -a "
        + quoted(Shell.allCases.map(\.rawValue).joined(separator: " ")) + " -d 'Write a completion script'",
      "complete -c recoil-inspect -n __fish_use_subcommand -F",
    ]
    for command in commands {
      lines.append(
        "complete -c recoil-inspect -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
      let condition = "__fish_seen_subcommand_from \(command.name)"
      lines.append("complete -c recoil-inspect -n \(quoted(condition)) -F")
      for spec in command.allOptions {
        var line = "complete -c recoil-inspect -n \(quoted(condition)) -l \(spec.name)"
        if let short = spec.short { line += " -s \(short)" }
        if !spec.isFlag {
          if !spec.completionWords.isEmpty {
            line += " -x -a \(quoted(spec.completionWords.joined(separator: " ")))"
          } else if spec.takesPath {
            line += " -r -F"
          } else {
            line += " -x"
          }
        }
        lines.append(line + " -d \(quoted(spec.help))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
