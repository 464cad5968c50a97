/// Turns one parsed JSON Lines object into an ``InspectorEvent``.
enum EventDecoder {
  static func decode(_ value: JSONValue) throws(SnapshotError) -> InspectorEvent {
    let object = Field(value: value, path: "$")
    try object.requireObject()
    let typeField = try object.required("type")
    let at = try object.optional("at")?.count() ?? 0
    let kind: InspectorEvent.Kind
    switch try typeField.string() {
    case "node":
      kind = .node(try SnapshotDecoder.decodeNode(object))
    case "edgeAdded":
      kind = .edgeAdded(
        SnapshotEdge(from: try object.required("from").string(), to: try object.required("to").string()))
    case "edgeRemoved":
      kind = .edgeRemoved(
        SnapshotEdge(from: try object.required("from").string(), to: try object.required("to").string()))
    case "evaluation":
      kind = .evaluation(
        EvaluationEvent(
          node: try object.required("id").string(), durationNanos: try object.required("durationNanos").count(),
          trigger: try object.optional("trigger")?.string() ?? "",
          changed: try object.optional("changed")?.bool() ?? true))
    case "action":
      kind = .action(try SnapshotDecoder.decodeAction(object))
    case "effect":
      let phaseField = try object.required("phase")
      guard let phase = EffectEvent.Phase(rawValue: try phaseField.string()) else {
        throw .invalidValue(
          expected: "started, finished, cancelled or failed", found: phaseField.value.preview, at: phaseField.location)
      }
      kind = .effect(
        EffectEvent(
          store: try object.required("store").string(), effect: try object.required("effect").string(),
          run: try object.required("run").count(), phase: phase, error: try object.optional("error")?.string()))
    case "error":
      kind = .error(node: try object.required("id").string(), message: try object.required("message").string())
    case "dropped":
      kind = .dropped(count: try object.required("count").count())
    default:
      throw .invalidValue(
        expected: "node, edgeAdded, edgeRemoved, evaluation, action, effect, error or dropped",
        found: typeField.value.preview, at: typeField.location)
    }
    return InspectorEvent(atNanos: at, kind: kind)
  }
}
