import Foundation

/// `recoil-inspect --manual`: the manual page (`man -l`, or saved as `recoil-inspect.1` in a
/// folder of `MANPATH`), in roff, made from the same definitions as the help: every command's
/// summary, usage, discussion and options, the exit codes and the environment.
///
/// ```swift
/// print(ManualPage.roff(commands: RecoilInspect.commands, version: "0.1.0"))
/// ```
enum ManualPage {
  static func roff(commands: [any Command.Type], version: String) -> String {
    var lines = [
      #".\" The manual of recoil-inspect, made by 'recoil-inspect --manual' from its option definitions."#,
      ".TH RECOIL-INSPECT 1 \"\" \"recoil-inspect \(text(version))\" \"User Commands\"",
      ".SH NAME",
      #"recoil-inspect \- draw and inspect Recoil-style state graphs and store traces"#,
      ".SH SYNOPSIS",
      #".B recoil-inspect"#,
      #".I snapshot"#,
      #"\fB\-o\fR \fIout\fR [\fIoptions\fR]"#,
      ".br",
      #".B recoil-inspect"#,
      #".I command"#,
      #"[\fIarguments\fR]"#,
      ".SH DESCRIPTION",
      paragraph(
        "recoil-inspect reads the snapshots and event streams that the package's inspector writes: "
          + "it draws state graphs through Graphviz, writes interactive reports, prints traces, "
          + "answers why a node changed (or did not), checks snapshots in CI, compares them, "
          + "exports them and follows a running app live. A snapshot is read from a file, or "
          + "from standard input as -."),
      ".SH COMMANDS",
    ]
    for command in commands {
      lines.append(".SS \(text(command.name))")
      lines.append(paragraph(command.summary))
      lines.append(".PP")
      lines.append(#"\fB"# + text(command.usage) + #"\fR"#)
      for discussion in command.discussion.components(separatedBy: "\n\n") {
        lines.append(".PP")
        lines.append(
          paragraph(
            discussion.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
              .joined(separator: " ")))
      }
      for spec in command.allOptions {
        lines.append(".TP")
        lines.append(#"\fB"# + text(spec.names()) + #"\fR"#)
        var help = spec.help
        if !spec.values.isEmpty { help += " Values: \(spec.values.joined(separator: ", "))." }
        lines.append(paragraph(help))
      }
    }
    lines += [
      ".SH OPTIONS",
      ".TP", #"\fB\-h\fR, \fB\-\-help\fR"#, "Show help; recoil-inspect COMMAND --help for a command.",
      ".TP", #"\fB\-\-version\fR"#, "Show the version.",
      ".TP", #"\fB\-\-completion\-script\fR \fIbash\fR|\fIzsh\fR|\fIfish\fR"#,
      paragraph("Print a completion script for the shell, made from these definitions."),
      ".TP", #"\fB\-\-manual\fR"#, "Print this manual page.",
      ".SH EXIT STATUS",
    ]
    for code in ExitCode.allCases {
      lines += [".TP", #"\fB"# + String(code.rawValue) + #"\fR"#, paragraph(code.meaning)]
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP", #"\fBNO_COLOR\fR"#,
      paragraph("When set, nothing is coloured; nor is anything written to a pipe or a file."),
      ".TP", #"\fBRECOIL_INSPECT_ARTIFACTS\fR"#,
      paragraph("The folder of snapshots an app's tests leave, which artifacts reads when given no folder."),
      ".TP", #"\fBGITHUB_STEP_SUMMARY\fR"#, paragraph("Where artifacts appends its summary without --summary."),
      ".SH EXAMPLES",
      ".PP", #"recoil\-inspect cart.snapshot.json \-o graph.svg"#,
      ".br", #"recoil\-inspect report cart.snapshot.json \-o cart.html"#,
      ".br", #"recoil\-inspect why cart.snapshot.json Pricing.displayPrices"#,
      ".br", #"recoil\-inspect live \-\-serve"#,
      ".SH SEE ALSO",
      paragraph("dot(1), the package's README and Docs/ folder."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text set as a paragraph: escaped, and broken nowhere roff would read a request.
  static func paragraph(_ source: String) -> String {
    text(source)
  }

  /// `source` as roff text: backslashes and hyphens escaped, and a line that would start with
  /// a period or an apostrophe (a request) guarded.
  static func text(_ source: String) -> String {
    var escaped = ""
    for character in source {
      switch character {
      case "\\": escaped += #"\e"#
      case "-": escaped += #"\-"#
      case "\n": escaped += " "
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = #"\&"# + escaped }
    return escaped
  }
}
