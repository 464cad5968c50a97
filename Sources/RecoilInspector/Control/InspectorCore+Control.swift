import RecoilConcurrency
import RecoilSnapshot

extension InspectorCore {
  /// Records what the tool changed as a `control` entry of the causal timeline, a root cause,
  /// and streams it; returns its step, to bind as the cause of what the change makes happen.
  ///
  /// ```swift
  /// let order = core.recordControl(operation: "set", node: "Pricing.currency", value: "\"EUR\"", by: "live page")
  /// CauseContext.withCause(order) { try container.setErased("Pricing.currency", to: "EUR") }
  /// ```
  func recordControl(operation: String, node: String?, store: String?, value: String?, by: String) -> UInt64 {
    let order = CausalOrder.next()
    let atNanos = MonotonicClock.nanos
    let event = SnapshotEntry(
      seq: Int(order), kind: .control, store: store, node: node, name: operation, value: value,
      atNanos: MonotonicClock.nanos(atNanos, since: startNanos), site: by)
    record { $0.madeEntries.append((event, atNanos)) }
    streamEntry { (TimelineEntry(event: event, rule: .none), .step) }
    return order
  }

  /// Records a node's value changed by what the tool did without a write of the app's (a
  /// store's state put in place): a `write` entry caused by the control entry `cause`.
  ///
  /// ```swift
  /// core.recordControlWrite(node: "app.settings", before: "Settings(currency: \"GBP\")", after: "…", cause: order)
  /// ```
  func recordControlWrite(node: String, before: String?, after: String?, cause: UInt64) {
    let order = CausalOrder.next()
    let atNanos = MonotonicClock.nanos
    let event = SnapshotEntry(
      seq: Int(order), kind: .write, cause: Int(cause), node: node, before: before, after: after,
      atNanos: MonotonicClock.nanos(atNanos, since: startNanos))
    record { $0.madeEntries.append((event, atNanos)) }
    streamEntry { (TimelineEntry(event: event, rule: .order(cause)), .step) }
  }
}
