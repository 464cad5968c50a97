import RecoilSnapshot

/// What `live --top` shows, like `top`: the apps connected, each node's actions, writes and
/// evaluations per second since the last redraw (busiest first), the slowest selectors by
/// mean evaluation time, and the latest errors. Fed one event at a time; drawn as lines cut
/// to the terminal's width, app text made inert.
///
/// ```swift
/// var top = LiveTop()
/// top.apply(event, from: 1)
/// let lines = top.lines(width: 100, height: 30, seconds: 0.5, style: style)
/// ```
struct LiveTop {
  private struct NodeCounts {
    var recent = 0
    var total = 0
    var timed = 0
    var totalNanos = 0
    var maxNanos = 0
  }

  private var counts: [String: NodeCounts] = [:]
  private var apps: [Int: String] = [:]
  private var connected: Set<Int> = []
  private var recentEvents = 0
  private(set) var totalEvents = 0
  private var dropped = 0
  private var errors: [(node: String, message: String)] = []

  /// Counts one event from connection `connection`.
  mutating func apply(_ event: InspectorEvent, from connection: Int) {
    totalEvents += 1
    recentEvents += 1
    if !connected.contains(connection) {
      connected.insert(connection)
      apps[connection] = apps[connection] ?? "app \(connection)"
    }
    switch event.kind {
    case .hello(let hello):
      apps[connection] = hello.shownName
    case .evaluation(let evaluation):
      count(evaluation.node, nanos: evaluation.durationNanos)
    case .action(let action):
      count(action.store, nanos: action.durationNanos)
    case .step(let step) where step.kind == .write:
      if let node = step.node { count(node, nanos: nil) }
    case .step(let step) where step.kind == .resolution && step.error != nil:
      remember(error: step.error ?? "", of: step.node ?? "")
    case .error(let node, let message):
      remember(error: message, of: node)
    case .dropped(let count):
      dropped += count
    default:
      break
    }
  }

  /// Connection `connection` ended.
  mutating func close(_ connection: Int) {
    connected.remove(connection)
  }

  private mutating func count(_ node: String, nanos: Int?) {
    var entry = counts[node] ?? NodeCounts()
    entry.recent += 1
    entry.total += 1
    if let nanos {
      entry.timed += 1
      entry.totalNanos = entry.totalNanos.addingSaturated(nanos)
      entry.maxNanos = max(entry.maxNanos, nanos)
    }
    counts[node] = entry
  }

  private mutating func remember(error message: String, of node: String) {
    errors.append((node, message))
    if errors.count > 5 { errors.removeFirst(errors.count - 5) }
  }

  /// The screen: at most `height` lines of at most `width` columns, rates over the last
  /// `seconds`. Starts a new interval for the rates. With `seconds` 0 (the stream ended), the
  /// busiest are ranked by their counts in all.
  mutating func lines(width: Int, height: Int, seconds: Double, style: TerminalStyle) -> [String] {
    let perSecond = { (count: Int) in seconds > 0 ? Double(count) / seconds : 0 }
    let streamEnded = seconds <= 0
    var lines: [String] = []
    let appNames = connected.sorted().compactMap { apps[$0] }
    let ended = apps.keys.sorted().filter { !connected.contains($0) }.compactMap { apps[$0] }
    lines.append(
      style.bold("recoil-inspect live --top")
        + style.dim(
          "  \(appNames.count) app\(appNames.count == 1 ? "" : "s") connected · \(streamEnded ? "-" : Self.rate(perSecond(recentEvents))) events/s · \(totalEvents) in all · \(dropped) dropped\(streamEnded ? "" : " · q quits")"
        ))
    if !appNames.isEmpty || !ended.isEmpty {
      let names = appNames + ended.map { "\($0) (ended)" }
      lines.append(style.dim("apps: ") + style.plain(names.joined(separator: ", ")))
    }
    lines.append("")
    let busiest = counts.filter { streamEnded || $0.value.recent > 0 }.sorted {
      streamEnded
        ? ($0.value.total, $1.key) > ($1.value.total, $0.key) : ($0.value.recent, $1.key) > ($1.value.recent, $0.key)
    }
    lines.append(style.bold(Self.row(["per second", "in all", "node (busiest)"], widths: [11, 9])))
    let room = max(height - 12, 3)
    if busiest.isEmpty { lines.append(style.dim("  (nothing since the last redraw)")) }
    for (node, entry) in busiest.prefix(room) {
      let rate = streamEnded ? "-" : Self.rate(perSecond(entry.recent))
      lines.append(Self.row([rate, "\(entry.total)", style.plain(node)], widths: [11, 9]))
    }
    lines.append("")
    lines.append(style.bold(Self.row(["mean", "max", "count", "slowest (by mean)"], widths: [11, 11, 7])))
    let slowest = counts.filter { $0.value.timed > 0 }.sorted {
      ($0.value.totalNanos / $0.value.timed, $1.key) > ($1.value.totalNanos / $1.value.timed, $0.key)
    }
    for (node, entry) in slowest.prefix(5) {
      lines.append(
        Self.row(
          [
            DurationText.format(nanos: entry.totalNanos / entry.timed), DurationText.format(nanos: entry.maxNanos),
            "\(entry.total)", style.plain(node),
          ], widths: [11, 11, 7]))
    }
    if !errors.isEmpty {
      lines.append("")
      lines.append(style.bold("recent errors"))
      for error in errors.reversed() { lines.append(style.red(error.node) + "  " + style.plain(error.message)) }
    }
    for key in counts.keys { counts[key]?.recent = 0 }
    recentEvents = 0
    return lines.prefix(max(height, 1)).map { Self.cut($0, width: width) }
  }

  /// Columns padded to `widths`, the last one as it is.
  private static func row(_ cells: [String], widths: [Int]) -> String {
    var text = ""
    for (index, cell) in cells.enumerated() {
      if index < widths.count {
        text += cell + String(repeating: " ", count: max(widths[index] - visibleCount(cell), 1))
      } else {
        text += cell
      }
    }
    return text
  }

  private static func rate(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
  }

  /// Characters shown, not counting styling escapes.
  static func visibleCount(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        count += 1
      }
    }
    return count
  }

  /// `text` cut to `width` shown characters, its styling closed.
  static func cut(_ text: String, width: Int) -> String {
    guard visibleCount(text) > width else { return text }
    var result = ""
    var shown = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        result.unicodeScalars.append(scalar)
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
        result.unicodeScalars.append(scalar)
      } else if shown < max(width - 1, 0) {
        result.unicodeScalars.append(scalar)
        shown += 1
      }
    }
    return result + "…" + (text.contains("\u{1B}") ? "\u{1B}[0m" : "")
  }
}
