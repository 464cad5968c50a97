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
    let event = SnapshotEvent(
      seq: Int(order), kind: .control, store: store, node: node, name: operation, value: value,
      atNanos: MonotonicClock.nanos(atNanos, since: startNanos), site: by)
    record { $0.controls.append((event, atNanos)) }
    streamEntry { (TimelineEntry(event: event, rule: .none), .step) }
    return order
  }
}
