/// Reads one JSON Lines object straight into an ``InspectorEvent``.
///
/// The `type` member decides which fields the rest may hold. Writers put it first; when it is
/// not, it is looked up ahead on a copy of the reader, from the first member on.
enum EventDecoder {
  private enum EventType: String, CaseIterable {
    case node, edgeAdded, edgeRemoved, evaluation, action, effect, error, dropped, write, notification, resolution,
      atomEffect, hello, nodeRemoved, control, answer, scope

    static let expected =
      "node, edgeAdded, edgeRemoved, evaluation, action, effect, error, dropped, write, notification, resolution, atomEffect, hello, nodeRemoved, control, answer or scope"
  }

  static func decode(_ bytes: ByteInput) throws(SnapshotError) -> InspectorEvent {
    try FieldReader.decodeDocument(bytes) { reader throws(SnapshotError) in try decode(&reader) }
  }

  /// The `type` of the event whose first member's value `reader` stands at, looked up on a
  /// copy of the reader; `nil` when there is none.
  private static func findType(after reader: FieldReader, firstKey: JSONKey) throws(SnapshotError) -> EventType? {
    var probe = reader
    probe.leaveMember()
    var key: JSONKey? = firstKey
    var first = false
    while let current = key {
      if "type" ~= current {
        let type = try probe.within(current) { reader throws(SnapshotError) in
          try reader.enumeration(EventType.self, expected: EventType.expected)
        }
        if let type { return type }
      } else {
        try probe.skip()
      }
      key = try probe.json.nextMember(isFirst: &first)
    }
    return nil
  }

  // One function by design: a pull decoder reads one line's members in the order written,
  // in one switch over their names, into locals that the event is then made of.
  private static func decode(_ reader: inout FieldReader) throws(SnapshotError) -> InspectorEvent {
    var type: EventType?
    var searchedForType = false
    var eventSeq: Int?
    var at = 0
    // Made only for the events that carry a node or an action: most events are neither.
    var node: NodeFieldDecoder?
    var action: ActionFieldDecoder?
    var step: TimelineFieldDecoder?
    var seq: Int?
    var cause: Int?
    var id: String?
    var from: String?
    var to: String?
    var trigger: String?
    var changed: Bool?
    var value: String?
    var duration: Int?
    var store: String?
    var effect: String?
    var run: Int?
    var phase: EffectEvent.Phase?
    var error: String?
    var message: String?
    var answerSeq: Int?
    var count: Int?
    var app: String?
    var processID: Int?
    var instance: String?
    var version: String?
    var token: String?

    let start = try reader.object { reader, key throws(SnapshotError) in
      if type == nil {
        if !searchedForType, "type" ~= key {
          // The usual case: the type comes first, and is read in this pass.
          searchedForType = true
          type = try reader.enumeration(EventType.self, expected: EventType.expected)
          return
        }
        if !searchedForType { type = try findType(after: reader, firstKey: key) }
        searchedForType = true
        guard type != nil else {
          // No type anywhere: read nothing more, and report it below.
          try reader.skip()
          return
        }
      }
      switch (type, key) {
      case (_, "type"): try reader.skip()
      case (_, "at"): at = try reader.count() ?? 0
      case (_, "eventSeq"): eventSeq = try reader.count()
      case (_, "timelineSeq"): seq = try reader.count()
      case (_, "cause"): cause = try reader.count()
      case (.answer, "id"): count = try reader.count()
      case (.answer, "ok"): changed = try reader.bool()
      case (.answer, "message"): message = try reader.string()
      case (.answer, "seq"): answerSeq = try reader.count()
      case (.write, _), (.notification, _), (.resolution, _), (.atomEffect, _), (.control, _), (.scope, _):
        if step == nil { step = TimelineFieldDecoder() }
        if try step?.read(key, from: &reader) != true { try reader.skip() }
      case (.node, _):
        if node == nil { node = NodeFieldDecoder() }
        if try node?.read(key, from: &reader) != true { try reader.skip() }
      case (.action, _):
        if action == nil { action = ActionFieldDecoder() }
        if try action?.read(key, from: &reader) != true { try reader.skip() }
      case (.hello, "app"): app = try reader.string()
      case (.hello, "pid"): processID = try reader.count()
      case (.hello, "instance"): instance = try reader.string()
      case (.hello, "version"): version = try reader.string()
      case (.hello, "token"): token = try reader.string()
      case (.edgeAdded, "from"), (.edgeRemoved, "from"): from = try reader.string()
      case (.edgeAdded, "to"), (.edgeRemoved, "to"): to = try reader.string()
      case (.evaluation, "id"), (.error, "id"), (.nodeRemoved, "id"): id = try reader.string()
      case (.evaluation, "durationNanos"): duration = try reader.count()
      case (.evaluation, "trigger"): trigger = try reader.string()
      case (.evaluation, "changed"): changed = try reader.bool()
      case (.evaluation, "value"): value = try reader.string()
      case (.effect, "store"): store = try reader.string()
      case (.effect, "effect"): effect = try reader.string()
      case (.effect, "run"): run = try reader.count()
      case (.effect, "phase"):
        phase = try reader.enumeration(
          EffectEvent.Phase.init(rawValue:), expected: "started, finished, cancelled or failed")
      case (.effect, "error"): error = try reader.string()
      case (.error, "message"): message = try reader.string()
      case (.dropped, "count"): count = try reader.count()
      default: try reader.skip()
      }
    }

    func required<Value>(_ value: Value?, _ key: String) throws(SnapshotError) -> Value {
      guard let value else { throw reader.missing(key, objectStart: start) }
      return value
    }
    let kind: InspectorEvent.Kind
    switch try required(type, "type") {
    case .node:
      kind = .node(try (node.take() ?? NodeFieldDecoder()).build(reader, objectStart: start))
    case .edgeAdded, .edgeRemoved:
      let edge = SnapshotEdge(from: try required(from, "from"), to: try required(to, "to"))
      kind = type == .edgeAdded ? .edgeAdded(edge) : .edgeRemoved(edge)
    case .evaluation:
      kind = .evaluation(
        EvaluationEvent(
          node: try required(id, "id"), durationNanos: try required(duration, "durationNanos"),
          trigger: trigger ?? "", changed: changed ?? true, value: value))
    case .action:
      kind = .action(try (action.take() ?? ActionFieldDecoder()).build(reader, objectStart: start))
    case .effect:
      kind = .effect(
        EffectEvent(
          store: try required(store, "store"), effect: try required(effect, "effect"), run: try required(run, "run"),
          phase: try required(phase, "phase"), error: error))
    case .error:
      kind = .error(node: try required(id, "id"), message: try required(message, "message"))
    case .dropped:
      kind = .dropped(count: try required(count, "count"))
    case .nodeRemoved:
      kind = .nodeRemoved(id: try required(id, "id"))
    case .hello:
      kind = .hello(
        AppHello(
          app: try required(app, "app"), processID: try required(processID, "pid"),
          instance: try required(instance, "instance"), version: version ?? "", token: token))
    case .answer:
      kind = .answer(
        ControlAnswer(
          id: try required(count, "id"), ok: try required(changed, "ok"), message: message ?? "", seq: answerSeq))
    case .write, .notification, .resolution, .atomEffect, .control, .scope:
      // The event's type, timelineSeq and cause are the entry's kind, seq and cause.
      var entry = try (step.take() ?? TimelineFieldDecoder()).build(reader, objectStart: start, requiresIdentity: false)
      entry.kind = type == .atomEffect ? .effect : SnapshotEntry.Kind(rawValue: type?.rawValue ?? "") ?? entry.kind
      entry.seq = try required(seq, "timelineSeq")
      entry.cause = cause
      kind = .step(entry)
    }
    return InspectorEvent(eventSeq: eventSeq, atNanos: at, kind: kind, seq: seq, cause: cause)
  }
}
