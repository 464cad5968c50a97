import RecoilSnapshot

/// One timeline entry as a terminal line, the one wording of `trace`, `why` and `live`:
///
/// ```text
/// #74 action app #5 settings(.setCurrency) "USD"  3.3 µs  at cart_demo/CartScenario.swift:54
/// #76 write Pricing.currency: "EUR" -> "USD"  at cart_demo/CartScenario.swift:33
/// #77 evaluate Pricing.displayPrices  19.8 µs  (dependency Pricing.currency)
/// #78 notify 1 subscriber of Pricing.displayPrices: price list 12.0 µs
/// ```
///
/// App text (ids, names, values, sites) is made inert.
///
/// ```swift
/// var line = TerminalLine(style: style)
/// TimelineEntryText.write(event, action: index.action(for: event), into: &line)
/// ```
enum TimelineEntryText {
  /// `subscriptionNames` names the subscriptions a notification reached, by id.
  // One function by design: one switch over the entry's kinds, each case a line's worth,
  // so that the compiler checks that every kind of entry is printed.
  static func write(
    _ event: SnapshotEntry, action: SnapshotAction?, subscriptionNames: [String: String] = [:],
    into line: inout TerminalLine
  ) {
    line.styled(.dim) {
      $0.append("#")
      $0.append(event.seq)
    }
    line.append(" ")
    switch event.kind {
    case .action:
      line.appendKind("action", .bold)
      line.styled(.cyan) { $0.appendInert(event.store ?? "?") }
      if let number = event.action {
        line.append(" #")
        line.append(number)
      }
      line.append(" ")
      line.styled(.bold) { $0.appendInert(event.name ?? "?") }
      line.appendInert(action?.payload, after: " ")
    case .write:
      line.styled(.green) { $0.append(event.name == "reset" ? "reset" : "write") }
      line.append(" ")
      line.appendInert(event.node ?? "?")
      line.append(": ")
      line.styled(.red) { $0.appendInert(event.before ?? "∅") }
      line.append(" -> ")
      line.styled(.green) { $0.appendInert(event.after ?? "∅") }
    case .evaluation:
      line.appendKind("evaluate", .yellow)
      line.appendInert(event.node ?? "?")
      line.appendInert(event.value, after: " = ", .green)
    case .notification:
      line.appendKind("notify", .cyan)
      let count = event.subscribers ?? 0
      line.append(count)
      line.append(count == 1 ? " subscriber of " : " subscribers of ")
      line.appendInert(event.subject)
      // Which ones, when the snapshot names them: the views the change reached.
      let named = event.reached.filter { subscriptionNames[$0.subscription] != nil }
      for (position, reach) in named.enumerated() {
        line.append(position == 0 ? ": " : ", ")
        line.appendInert(subscriptionNames[reach.subscription] ?? "")
        if let duration = reach.durationNanos {
          line.styled(.dim) {
            $0.append(" ")
            $0.append(plain: DurationText.format(nanos: duration))
          }
        }
      }
    case .effect:
      line.appendKind("effect", .cyan)
      line.appendInert(event.name ?? "?")
      line.appendInert(event.node, after: " of ")  // an atom effect's atom
      line.append(" ")
      line.appendInert(event.phase ?? "?")
      line.appendInert(event.error, after: ": ", .red)
    case .scope:
      // A tracking scope ran (a view's body): its name, then what it read.
      line.appendKind("run", .cyan)
      line.appendInert(event.name ?? "scope")
      if !event.reads.isEmpty {
        line.append(" read ")
        for (position, id) in event.reads.enumerated() {
          if position > 0 { line.append(", ") }
          line.appendInert(id)
        }
      }
    case .control:
      // The tool changed the app: the operation, what it changed, and who asked (below).
      line.appendKind("control", .bold)
      line.styled(.bold) { $0.appendInert(event.name ?? "?") }
      line.appendInert(event.node ?? event.store, after: " ")
      line.appendInert(event.value, after: event.name == "set" || event.name == "stub" ? " = " : " ", .green)
    case .resolution:
      line.styled(event.phase == "failed" ? .red : .green) { $0.appendInert(event.phase ?? "resolved") }
      line.append(" ")
      line.appendInert(event.node ?? "?")
      line.appendInert(event.value, after: " = ", .green)
    }
    if let duration = event.durationNanos {
      line.append("  ")
      line.append(plain: DurationText.format(nanos: duration))
    }
    if let trigger = event.trigger {
      line.append("  (")
      line.appendInert(trigger)
      line.append(")")
    }
    if event.changed == false { line.styled(.dim) { $0.append(" unchanged") } }
    // A scope named by where it was made says it once.
    if let site = event.site, !(event.kind == .scope && event.name == site) {
      line.styled(.dim) {
        $0.append(event.kind == .control ? "  from " : "  at ")
        $0.appendInert(site)
      }
    }
  }

  /// The entry's line as a string, with a newline.
  static func text(
    _ event: SnapshotEntry, action: SnapshotAction?, style: TerminalStyle, indent: Int = 0,
    subscriptionNames: [String: String] = [:]
  ) -> String {
    var line = TerminalLine(style: style)
    for _ in 0..<indent { line.append(" ") }
    write(event, action: action, subscriptionNames: subscriptionNames, into: &line)
    line.append("\n")
    return String(decoding: line.bytes, as: UTF8.self)
  }

  /// The changes of an action entry, one indented line each.
  static func changes(of action: SnapshotAction, style: TerminalStyle, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var text = ""
    for change in action.changes {
      text +=
        "\(pad)\(inert(change.path)): \(style.red(change.before ?? "∅")) -> \(style.green(change.after ?? "∅"))\n"
    }
    if action.changes.isEmpty { text += pad + style.dim("(no state change)") + "\n" }
    return text
  }
}
