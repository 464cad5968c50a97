import RecoilSnapshot

/// One readable line per live event: its time, what happened and to what. Actions add an
/// indented line per changed path.
///
/// ```swift
/// var line = TerminalLine(style: style)
/// LiveEventPrinter().write(event, into: &line)
/// //      2.350 ms  eval Pricing.displayPrices 12.3 µs (dependency Pricing.currency)
/// ```
struct LiveEventPrinter {
  /// From when (in nanoseconds) a time is written `0:01:40.000` rather than `100000.000 ms`.
  static let clockTimeFrom = 100_000_000_000

  // One function by design: one switch over the event's kinds, each case a line's worth,
  // so that the compiler checks that every kind of event is printed.
  func write(_ event: InspectorEvent, into line: inout TerminalLine) {
    line.styled(.dim) {
      // Milliseconds for the first 100 seconds, then a clock's time, in the same 13 columns.
      if event.atNanos < Self.clockTimeFrom {
        $0.appendMilliseconds(nanos: event.atNanos, width: 10)
        $0.append(" ms")
      } else {
        $0.appendClockTime(nanos: event.atNanos, width: 13)
      }
    }
    line.append("  ")
    // The timeline's number, as trace and why print it; a step's own text starts with it.
    if let seq = event.seq, !event.isStep {
      line.styled(.dim) {
        $0.append("#")
        $0.append(seq)
      }
      line.append(" ")
    }
    // The cause ends the event's first line.
    func appendCause(_ line: inout TerminalLine) {
      guard let cause = event.cause else { return }
      line.styled(.dim) {
        $0.append("  <- #")
        $0.append(cause)
      }
    }
    switch event.kind {
    case .step(let step):
      TimelineEntryText.write(step, action: nil, into: &line)
      appendCause(&line)
    case .node(let node): Self.write(node, into: &line)
    case .edgeAdded(let edge), .edgeRemoved(let edge):
      if case .edgeAdded = event.kind { line.appendKind("edge +", .green) } else { line.appendKind("edge -", .red) }
      line.appendInert(edge.from)
      line.append(" -> ")
      line.appendInert(edge.to)
    case .evaluation(let evaluation):
      line.appendKind("eval", .yellow)
      line.appendInert(evaluation.node)
      line.append(" ")
      line.append(plain: DurationText.format(nanos: evaluation.durationNanos))
      line.append(" (")
      line.appendInert(evaluation.trigger)
      line.append(")")
      if !evaluation.changed { line.styled(.dim) { $0.append(" unchanged") } }
      appendCause(&line)
    case .action(let action):
      Self.writeHead(of: action, into: &line)
      appendCause(&line)
      Self.writeChanges(of: action, into: &line)
    case .effect(let effect):
      line.append("effect ")
      line.appendInert(effect.store)
      line.append(".")
      line.appendInert(effect.effect)
      line.append(" run ")
      line.append(effect.run)
      line.append(" ")
      if effect.phase == .failed {
        line.styled(.red) { $0.append("failed") }
      } else {
        line.append(plain: effect.phase.rawValue)
      }
      line.appendInert(effect.error, after: ": ")
      appendCause(&line)
    case .error(let node, let message):
      line.appendKind("error", .red)
      line.appendInert(node)
      line.append(": ")
      line.appendInert(message)
    case .dropped(let count):
      line.appendKind("dropped", .red)
      line.append(count)
      line.append(count == 1 ? " event" : " events")
      line.append(" (the app's stream could not keep up)")
    case .nodeRemoved(let id):
      line.appendKind("node -", .red)
      line.appendInert(id)
    case .answer(let answer):
      line.styled(answer.ok ? .green : .red) { $0.append(answer.ok ? "answer" : "refused") }
      line.append(" ")
      line.appendInert(answer.message)
    case .hello(let hello): Self.write(hello, into: &line)
    }
  }

  /// A node's line: its id, value, status and subscribers.
  private static func write(_ node: SnapshotNode, into line: inout TerminalLine) {
    line.appendKind("node", .cyan)
    line.appendInert(node.id)
    line.appendInert(node.value, after: " = ")
    if let status = node.status, status != .ready {
      line.append(" [")
      line.append(plain: status.rawValue)
      line.append("]")
    }
    if let subscribers = node.subscribers {
      line.append(" (")
      line.append(subscribers)
      line.append(" subscribers)")
    }
  }

  /// An action's first line: store, number, name, payload, time and site.
  private static func writeHead(of action: SnapshotAction, into line: inout TerminalLine) {
    line.appendKind("action", .bold)
    line.appendInert(action.store)
    line.append(" #")
    line.append(action.seq)
    line.append(" ")
    line.appendInert(action.name)
    line.appendInert(action.payload, after: " ")
    if let duration = action.durationNanos {
      line.styled(.dim) {
        $0.append(" (")
        $0.append(plain: DurationText.format(nanos: duration))
        $0.append(")")
      }
    }
    if let site = action.site {
      line.styled(.dim) {
        $0.append("  at ")
        $0.appendInert(site)
      }
    }
  }

  /// An action's changes, a line each under it.
  private static func writeChanges(of action: SnapshotAction, into line: inout TerminalLine) {
    for change in action.changes {
      line.append("\n               ")
      line.appendInert(change.path)
      line.append(": ")
      line.appendInert(change.before ?? "∅")
      line.append(" -> ")
      line.appendInert(change.after ?? "∅")
    }
  }

  /// An app's hello: its name, process, instance and version.
  private static func write(_ hello: AppHello, into line: inout TerminalLine) {
    line.appendKind("hello", .bold)
    line.appendInert(TextPreview.cut(hello.app, limit: AppHello.shownNameLimit))
    line.append(" (process ")
    line.append(hello.processID)
    line.append(", instance ")
    line.appendInert(String(hello.instance.prefix(8)))
    line.append(", recoil ")
    line.appendInert(TextPreview.cut(hello.version, limit: AppHello.shownNameLimit))
    line.append(")")
  }
}

extension InspectorEvent {
  /// Whether it is a timeline step (a write, a notification, a resolution).
  fileprivate var isStep: Bool {
    if case .step = kind { return true }
    return false
  }
}
