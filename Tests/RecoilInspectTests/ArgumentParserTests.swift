import Testing

@testable import recoil_inspect

@Suite struct ArgumentParserTests {
  let parser = ArgumentParser(specs: RenderCommand.allOptions)

  @Test func longShortAndInlineForms() throws {
    let parsed = try parser.parse([
      "snap.json", "--output", "a.svg", "-fpng", "--focus=x", "--exclude", "a*", "--exclude", "b*", "-q",
    ])
    #expect(parsed.positionals == ["snap.json"])
    #expect(parsed.value("output") == "a.svg")
    #expect(parsed.value("format") == "png")
    #expect(parsed.value("focus") == "x")
    #expect(parsed.all("exclude") == ["a*", "b*"])
    #expect(parsed.has("quiet"))
  }

  @Test func dashIsAPositionalAndDoubleDashEndsOptions() throws {
    let parsed = try parser.parse(["-", "-o", "-", "--", "--weird-name.json"])
    #expect(parsed.positionals == ["-", "--weird-name.json"])
    #expect(parsed.value("output") == "-")
  }

  @Test func mistakesAreUsageErrors() {
    #expect(throws: UsageError.unknownOption("--outptu", suggestion: "--output")) {
      try parser.parse(["--outptu", "x"])
    }
    #expect(throws: UsageError.missingValue(option: "--focus", valueName: "id")) { try parser.parse(["--focus"]) }
    #expect(throws: UsageError.unexpectedValue(option: "--heat")) { try parser.parse(["--heat=yes"]) }
    #expect(throws: UsageError.repeatedOption(option: "--output")) { try parser.parse(["-o", "a", "-o", "b"]) }
    #expect(throws: UsageError.unknownOption("-z", suggestion: nil)) { try parser.parse(["-z"]) }
  }

  @Test func renderCommandInfersFormatAndOutput() throws {
    let fromExtension = try RenderCommand(parser.parse(["s.json", "-o", "out.PDF"]))
    #expect(fromExtension.renderOptions.format == .pdf)
    let besideInput = try RenderCommand(parser.parse(["dir/s.json", "--format", "png"]))
    #expect(besideInput.output == "dir/s.png")
    let fromStdin = try RenderCommand(parser.parse(["-"]))
    #expect(fromStdin.output == "-")
    #expect(fromStdin.renderOptions.format == .svg)
    #expect(throws: UsageError.invalidValue(option: "--depth", value: "2", expected: "to be used with --focus")) {
      try RenderCommand(parser.parse(["s.json", "--depth", "2"]))
    }
  }

  @Test func commandResolution() throws {
    guard case .toolHelp = try RecoilInspect.resolve([]) else { Issue.record("no arguments should show help"); return }
    guard case .version = try RecoilInspect.resolve(["--version"]) else { Issue.record("--version"); return }
    guard case .command(let command) = try RecoilInspect.resolve(["snap.json"]) else {
      Issue.record("default command"); return
    }
    #expect(command is RenderCommand)
    guard case .command(let trace) = try RecoilInspect.resolve(["trace", "snap.json"]) else {
      Issue.record("trace"); return
    }
    #expect(trace is TraceCommand)
    #expect(throws: UsageError.unknownCommand("valdate", suggestion: "validate")) {
      try RecoilInspect.resolve(["valdate"])
    }
  }

  @Test(arguments: [
    ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0), ("format", "formt", 1),
  ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
  }
}

@Suite struct TerminalStyleTests {
  @Test func noColorDisablesStyling() {
    let style = TerminalStyle.detect(descriptor: 1, environment: ["NO_COLOR": "1"])
    #expect(!style.isEnabled)
    #expect(style.red("x") == "x")
    #expect(TerminalStyle(isEnabled: true).red("x") == "\u{1B}[1;31mx\u{1B}[0m")
  }
}
