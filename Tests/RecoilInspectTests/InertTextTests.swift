import RecoilSnapshot
import Testing

@testable import recoil_inspect

@Suite struct InertTextTests {
  @Test func plainTextIsUnchanged() {
    for text in ["", "Cart.total", "café 😀 ∅ →", "quoted \"x\" and back\\slash"] {
      #expect(inert(text) == text)
    }
  }

  @Test func everyActiveCharacterIsShownAsAnEscape() {
    #expect(inert("a\nb\rc\td") == #"a\nb\rc\td"#)
    #expect(inert("\u{1B}[31mred") == #"\u{1B}[31mred"#)
    #expect(inert("\u{1B}]52;c;eA==\u{07}") == #"\u{1B}]52;c;eA==\u{7}"#)
    #expect(inert("\u{0}\u{8}\u{7F}") == #"\u{0}\u{8}\u{7F}"#)
    #expect(inert("c1\u{9B}2J\u{85}") == #"c1\u{9B}2J\u{85}"#)
    #expect(inert("ab\u{202E}cd\u{2066}\u{2028}") == #"ab\u{202E}cd\u{2066}\u{2028}"#)
    // Text near the escaped ranges stays as it is: é (U+E9, lead byte C3), € (U+20AC, lead E2).
    #expect(inert("é€\u{A0}") == "é€\u{A0}")
  }

  @Test func styledTextIsInertAndCarriesOnlyTheStylesOwnSequences() {
    let style = TerminalStyle(isEnabled: true)
    let styled = style.red("x\u{1B}[2Jy")
    #expect(styled == "\u{1B}[1;31mx\\u{1B}[2Jy\u{1B}[0m")
    #expect(TerminalStyle(isEnabled: false).green("\u{7}") == #"\u{7}"#)
  }
}

@Suite struct TerminalLineTests {
  @Test func millisecondsAreWrittenAsDurationTextWritesThem() {
    for nanos in [0, 499, 500, 1_234_567, 999_999_499, 12_345_678_901, -5] {
      var line = TerminalLine(style: TerminalStyle(isEnabled: false))
      line.appendMilliseconds(nanos: nanos, width: 10)
      #expect(String(decoding: line.bytes, as: UTF8.self) == DurationText.milliseconds(nanos: nanos, width: 10))
    }
  }

  @Test func clockTimesAreHoursMinutesSecondsAndMilliseconds() {
    let cases = [
      (100_000_000_000, "  0:01:40.000"), (3_723_456_400_000, "  1:02:03.456"), (3_723_456_500_000, "  1:02:03.457"),
      (36_000_000_000_000, " 10:00:00.000"), (Int.max, "2562047:47:16.855"), (-5, "  0:00:00.000"),
    ]
    for (nanos, text) in cases {
      var line = TerminalLine(style: TerminalStyle(isEnabled: false))
      line.appendClockTime(nanos: nanos, width: 13)
      #expect(String(decoding: line.bytes, as: UTF8.self) == text)
    }
    // The live printer's column: milliseconds below 100 s, a clock's time from there.
    var line = TerminalLine(style: TerminalStyle(isEnabled: false))
    LiveEventPrinter().write(InspectorEvent(atNanos: 3_600_000_000_001, kind: .dropped(count: 3)), into: &line)
    #expect(String(decoding: line.bytes, as: UTF8.self).hasPrefix("  1:00:00.000  dropped 3 events"))
    line.removeAll()
    LiveEventPrinter().write(InspectorEvent(atNanos: 99_999_000_000, kind: .dropped(count: 3)), into: &line)
    #expect(String(decoding: line.bytes, as: UTF8.self).hasPrefix(" 99999.000 ms  dropped 3 events"))
  }

  @Test func appTextIsInertAndStylesWrapOnlyWhenEnabled() {
    var line = TerminalLine(style: TerminalStyle(isEnabled: true))
    line.styled(.red) { $0.appendInert("a\u{1B}[2Jb") }
    line.append(42)
    #expect(String(decoding: line.bytes, as: UTF8.self) == "\u{1B}[1;31ma\\u{1B}[2Jb\u{1B}[0m42")
  }

  @Test func anOptionalPartComesWithItsSeparatorOnlyWhenThereIsText() {
    var line = TerminalLine(style: TerminalStyle(isEnabled: true))
    line.appendInert(nil, after: " = ", .green)
    #expect(line.bytes.isEmpty)
    // The separator is the tool's own and plain; the text is the app's, inert and styled.
    line.appendInert("1\u{7}", after: " = ", .green)
    line.appendInert("offline", after: ": ")
    #expect(String(decoding: line.bytes, as: UTF8.self) == " = \u{1B}[32m1\\u{7}\u{1B}[0m: offline")
  }
}
