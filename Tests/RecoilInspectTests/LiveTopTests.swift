import RecoilSnapshot
import Testing

@testable import recoil_inspect

/// What `live --top` counts and draws.
@Suite struct LiveTopTests {
  static func evaluation(_ node: String, nanos: Int) -> InspectorEvent {
    InspectorEvent(
      atNanos: 0, kind: .evaluation(EvaluationEvent(node: node, durationNanos: nanos, trigger: "t", changed: true)))
  }

  @Test func ratesRankTheBusiestAndMeansTheSlowestAndErrorsAreKept() {
    var top = LiveTop()
    top.apply(
      InspectorEvent(atNanos: 0, kind: .hello(AppHello(app: "shop", processID: 9, instance: "i", version: "1"))),
      from: 1)
    for _ in 0..<4 { top.apply(Self.evaluation("Cart.total", nanos: 1_000), from: 1) }
    top.apply(Self.evaluation("Cart.slow", nanos: 9_000_000), from: 1)
    top.apply(InspectorEvent(atNanos: 0, kind: .error(node: "Feed.items", message: "offline\u{1B}[31m")), from: 1)
    let style = TerminalStyle(isEnabled: false)
    let lines = top.lines(width: 80, height: 30, seconds: 2, style: style)
    #expect(lines[0].contains("1 app connected"))
    #expect(lines[1] == "apps: shop 9")
    let busiest = lines.firstIndex { $0.hasPrefix("per second") }.map { lines[$0 + 1] }
    #expect(busiest?.hasPrefix("2.0") == true && busiest?.hasSuffix("Cart.total") == true)  // 4 in 2 s
    let slowest = lines.firstIndex { $0.hasPrefix("mean") }.map { lines[$0 + 1] }
    #expect(slowest?.hasPrefix("9.0 ms") == true && slowest?.hasSuffix("Cart.slow") == true)
    // App text is data: the error's escape is shown, not applied.
    #expect(lines.contains { $0.hasPrefix("Feed.items  offline") && !$0.contains("\u{1B}") })
    // The next interval starts afresh; an app that leaves is listed as ended.
    top.close(1)
    let later = top.lines(width: 80, height: 30, seconds: 1, style: style)
    #expect(later[0].contains("0 apps connected"))
    #expect(later[1] == "apps: shop 9 (ended)")
    #expect(later.contains("  (nothing since the last redraw)"))
  }

  @Test func durationsAtIntsLimitAreShownNotAddedPastIt() {
    var top = LiveTop()
    for _ in 0..<3 { top.apply(Self.evaluation("Cart.slow", nanos: .max), from: 1) }
    let lines = top.lines(width: 80, height: 30, seconds: 1, style: TerminalStyle(isEnabled: false))
    let slowest = lines.firstIndex { $0.hasPrefix("mean") }.map { lines[$0 + 1] }
    #expect(slowest?.hasSuffix("Cart.slow") == true, "\(lines)")
  }

  @Test func linesFitTheScreen() {
    var top = LiveTop()
    for index in 0..<100 {
      top.apply(Self.evaluation("Node.\(index)." + String(repeating: "x", count: 200), nanos: 5), from: 1)
    }
    let lines = top.lines(width: 40, height: 20, seconds: 1, style: TerminalStyle(isEnabled: true))
    #expect(lines.count <= 20)
    #expect(lines.allSatisfy { LiveTop.visibleCount($0) <= 40 })
    #expect(LiveTop.cut("\u{1B}[1mabcdef\u{1B}[0m", width: 4) == "\u{1B}[1mabc\u{1B}[0m…\u{1B}[0m")
  }
}
