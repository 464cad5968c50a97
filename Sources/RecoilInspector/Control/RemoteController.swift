import Foundation
import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot

/// Carries out the tool's control requests against an inspector's containers and stores:
/// checks each against ``RemoteControl``, decodes its value with the node's or store's own
/// types, records it as a `control` entry of the causal timeline (the cause of what it
/// changes), does it, and answers. It also remembers the present while the app is jumped.
///
/// ```swift
/// let answer = controller.perform(ControlRequest(id: 1, operation: .set, node: "Pricing.currency", json: #""EUR""#))
/// print(answer.ok, answer.message)
/// ```
final class RemoteController: Sendable {
  /// What the attached targets are, at the moment of a request.
  struct Targets {
    var containers: [(prefix: String, container: AtomContainer)]
    var storeTargets: [StoreTarget]
    var stores: [any ControlledStore] { storeTargets.map(\.control) }
  }

  /// The present the app left for an earlier step, to come back to.
  private struct Jump: @unchecked Sendable {
    // Sendable: the saved states are the stores' own `Sendable` states, held as `Any` only
    // because their types are not known here; they are read and put back on the control queue.
    var seq: Int
    var stores: [(store: any ControlledStore, state: Any)]
    var containers: [(container: AtomContainer, snapshot: AtomSnapshot)]
  }

  private let core: InspectorCore
  private let control: RemoteControl
  private let targets: @Sendable () -> Targets
  private let jump = LockedValue<Jump?>(nil)

  init(core: InspectorCore, targets: @escaping @Sendable () -> Targets) {
    self.core = core
    self.control = core.configuration.remoteControl
    self.targets = targets
  }

  /// The step the app is jumped to, if it is.
  var jumpedTo: Int? { jump.withLock { $0?.seq } }

  /// Takes one line the tool sent: carries the request out on the control queue and streams
  /// the answer. A line that is not a request is answered with what is wrong, by its `id`
  /// when it has one (0 otherwise).
  func receive(line: [UInt8]) {
    let request: ControlRequest
    do {
      request = try ControlRequest(parsing: Data(line))
    } catch {
      answer(ControlAnswer(id: error.requestID, ok: false, message: error.message))
      return
    }
    control.queue.async { [self] in answer(perform(request)) }
  }

  /// Resumes the app if it is jumped, on the control queue: its tool went away (the stream
  /// lost its listener, or stopped), and nothing else would.
  func resumeWhenTheToolLeaves() {
    guard jumpedTo != nil else { return }
    control.queue.async { [self] in
      _ = perform(ControlRequest(id: 0, operation: .resume, by: "the app (its tool went away)"))
    }
  }

  private func answer(_ answer: ControlAnswer) {
    core.stream { .answer(answer) }
  }

  /// Carries out one request now, on the calling thread, and says how it went.
  func perform(_ request: ControlRequest) -> ControlAnswer {
    guard control.allowed.contains(request.operation) else {
      let why =
        control.allowed.isEmpty
        ? "remote control is off in this app (InspectorConfiguration.remoteControl)"
        : "this app does not allow `\(request.operation.rawValue)` (InspectorConfiguration.remoteControl)"
      return ControlAnswer(id: request.id, ok: false, message: why)
    }
    do {
      try request.validate()
      let done = try carryOut(request, in: targets())
      return ControlAnswer(id: request.id, ok: true, message: done.message, seq: done.seq.map { Int($0) })
    } catch let error as ControlRequestError {
      return ControlAnswer(id: request.id, ok: false, message: error.message)
    } catch {
      return ControlAnswer(id: request.id, ok: false, message: "\(error)")
    }
  }

  /// What a request did: the answer's words, and the `control` entry recorded for it (none
  /// for a question).
  private struct Done {
    var message: String
    var seq: UInt64?
  }

  private func carryOut(_ request: ControlRequest, in targets: Targets) throws -> Done {
    let by = request.by ?? "the tool"
    if let jumped = jumpedTo, [.set, .reset, .dispatch, .skip].contains(request.operation) {
      throw ControlRefusal("the app is jumped to #\(jumped); resume first")
    }
    switch request.operation {
    case .set: return try set(request, in: targets, by: by)
    case .reset: return try reset(request, in: targets, by: by)
    case .dispatch: return try dispatch(request, in: targets, by: by)
    case .actions:
      // Changes nothing, so it is no entry of the timeline.
      let name = request.store ?? ""
      return Done(message: try store(named: name, in: targets).actionCases(redactor: core.redactor).json(store: name))
    case .stub: return try stub(request, in: targets, by: by)
    case .unstub: return try unstub(request, in: targets, by: by)
    case .jump: return try jump(to: request.seq ?? 0, in: targets, by: by)
    case .resume: return try resume(in: targets, by: by)
    case .skip: return try skip(request.seq ?? 0, in: targets, by: by)
    }
  }

  private func set(_ request: ControlRequest, in targets: Targets, by: String) throws -> Done {
    let (id, container, local, node) = try find(request, in: targets)
    guard node.isWritable else { throw ControlRefusal("\(id) is a \(node.kind) that cannot be written") }
    let value = try decode(request.json ?? "", as: node.valueType, subject: id)
    let preview = preview(value, of: id)
    return try recorded(.set, node: id, value: preview, by: by, saying: "set \(id) = \(preview)") {
      try container.setErased(local, to: value)
    }
  }

  private func reset(_ request: ControlRequest, in targets: Targets, by: String) throws -> Done {
    let (id, container, local, node) = try find(request, in: targets)
    guard node.isWritable else { throw ControlRefusal("\(id) is a \(node.kind) that cannot be reset") }
    return try recorded(.reset, node: id, by: by, saying: "reset \(id)") { try container.resetErased(local) }
  }

  private func dispatch(_ request: ControlRequest, in targets: Targets, by: String) throws -> Done {
    let name = request.store ?? ""
    let store = try store(named: name, in: targets)
    let action = try store.decodeAction(json: request.json ?? "", redactor: core.redactor)
    return recorded(
      .dispatch, store: name, value: action.preview, by: by, saying: "dispatched \(action.preview) to \(name)"
    ) {
      action.dispatch()
    }
  }

  private func stub(_ request: ControlRequest, in targets: Targets, by: String) throws -> Done {
    let (id, container, local, node) = try find(request, in: targets)
    guard node.kind == .selector else { throw ControlRefusal("\(id) is an atom: set it instead of stubbing it") }
    let outcome: Result<Any, any Error>
    let shown: String
    if let json = request.json {
      let value = try decode(json, as: node.valueType, subject: id)
      outcome = .success(value)
      shown = preview(value, of: id)
    } else if let message = request.error {
      outcome = .failure(StubbedFailure(message: message))
      shown = "error: \(message)"
    } else {
      outcome = .failure(AtomError.loading(id))
      shown = "loading"
    }
    return try recorded(.stub, node: id, value: shown, by: by, saying: "stubbed \(id): \(shown)") {
      try container.stubErased(local, outcome: outcome)
    }
  }

  private func unstub(_ request: ControlRequest, in targets: Targets, by: String) throws -> Done {
    let (id, container, local, node) = try find(request, in: targets)
    guard node.isStubbed else { throw ControlRefusal("\(id) is not stubbed") }
    return try recorded(.unstub, node: id, by: by, saying: "unstubbed \(id)") { try container.unstubErased(local) }
  }

  private func resume(in targets: Targets, by: String) throws -> Done {
    guard let saved = jump.withLock({ $0 }) else { throw ControlRefusal("the app is not jumped: it is in the present") }
    let order = record(.resume, value: "from #\(saved.seq)", by: by)
    let before = storeValues(targets)
    CauseContext.withCause(order) {
      for (container, snapshot) in saved.containers { container.restore(snapshot) }
      for (store, state) in saved.stores { store.restore(state) }
    }
    recordStoreChanges(targets, since: before, cause: order)
    // The actions held meanwhile run on the present, as the app's own.
    for (store, _) in saved.stores { store.release() }
    jump.withLock { $0 = nil }
    return Done(message: "resumed from #\(saved.seq)", seq: order)
  }

  private func skip(_ seq: Int, in targets: Targets, by: String) throws -> Done {
    guard let store = targets.stores.first(where: { $0.recordsAction(at: seq) }) else {
      throw ControlRefusal("#\(seq) is not a recorded action of any attached store")
    }
    let order = record(.skip, store: store.name, value: "#\(seq)", by: by)
    let before = storeValues(targets)
    _ = CauseContext.withCause(order) { store.skip(seq) }
    recordStoreChanges(targets, since: before, cause: order)
    return Done(message: "replayed \(store.name) without #\(seq)", seq: order)
  }

  /// Takes the stores and atoms back to their state as of step `seq`; the first jump keeps
  /// the present and holds the stores' actions.
  private func jump(to seq: Int, in targets: Targets, by: String) throws -> Done {
    let writes = targets.containers.map { ($0.container, $0.container.recordedEvaluations().writes) }
    let oldest = (targets.stores.compactMap(\.oldestStep) + writes.compactMap { $0.1.first.map { Int($0.order) } })
      .min()
    guard let oldest else { throw ControlRefusal("nothing is recorded to jump back through") }
    guard seq >= oldest else {
      throw ControlRefusal("#\(seq) is before the recorded history, which starts at #\(oldest)")
    }
    let now = Int(CausalOrder.next())
    guard seq < now else { throw ControlRefusal("#\(seq) has not happened yet: the latest step is #\(now - 1)") }
    let order = record(.jump, value: "#\(seq)", by: by)
    let saved =
      jump.withLock { $0 }
      ?? Jump(
        seq: seq,
        stores: targets.stores.compactMap { store in
          store.hold()
          return store.currentState().map { (store, $0) }
        },
        containers: targets.containers.map { ($0.container, $0.container.snapshot()) })
    let before = storeValues(targets)
    CauseContext.withCause(order) {
      for (store, present) in saved.stores { store.restore(store.state(asOf: seq) ?? present) }
      for (container, recorded) in writes {
        if let present = saved.containers.first(where: { $0.container === container }) {
          container.restore(present.snapshot)
        }
        // Each atom written after the step had, then, the value its first later write replaced.
        var earlier: [String: (any Sendable)?] = [:]
        for write in recorded where Int(write.order) > seq && earlier[write.node.description] == nil {
          earlier[write.node.description] = .some(write.before)
        }
        for (node, value) in earlier {
          if let value { try? container.setErased(node, to: value) } else { try? container.resetErased(node) }
        }
      }
    }
    recordStoreChanges(targets, since: before, cause: order)
    jump.withLock {
      $0 = saved
      $0?.seq = seq
    }
    return Done(message: "jumped to #\(seq)", seq: order)
  }

  /// The values of the stores' and slices' nodes, as a snapshot shows them, by id.
  private func storeValues(_ targets: Targets) -> [String: String?] {
    var builder = SnapshotBuilder(configuration: core.configuration, redactor: core.redactor)
    for target in targets.storeTargets {
      if let contents = target.contents() { builder.add(store: target.name, contents: contents) }
    }
    return Dictionary(
      builder.finish().nodes.filter { $0.kind == .store || $0.kind == .slice }.map { ($0.id, $0.value) },
      uniquingKeysWith: { first, _ in first })
  }

  /// A state put in place without an action (jump, resume, skip) changes the store's and
  /// slices' values with no action to say so: each change is recorded as a write of that
  /// node, caused by the control entry, so the page, `trace` and `why` show it.
  private func recordStoreChanges(_ targets: Targets, since before: [String: String?], cause: UInt64) {
    for (id, after) in storeValues(targets).sorted(by: { $0.key < $1.key }) {
      guard let earlier = before[id], earlier != after else { continue }
      core.recordControlWrite(node: id, before: earlier, after: after, cause: cause)
    }
  }

  /// The node a request names, `id`: the container holding it, its id there (the prefix
  /// stripped: `local`) and what the container knows of it.
  private func find(
    _ request: ControlRequest, in targets: Targets
  ) throws -> (id: String, container: AtomContainer, local: String, node: ControlledNode) {
    let id = request.node ?? ""
    for (prefix, container) in targets.containers.sorted(by: { $0.prefix.count > $1.prefix.count })
    where id.hasPrefix(prefix) {
      let local = String(id.dropFirst(prefix.count))
      if let node = container.controlledNode(local) { return (id, container, local, node) }
    }
    throw ControlRefusal("no node \(id) is in use in an attached container")
  }

  /// The attached store named `name`.
  private func store(named name: String, in targets: Targets) throws -> any ControlledStore {
    guard let store = targets.stores.first(where: { $0.name == name }) else {
      throw ControlRefusal(
        "no store \(name) is attached; attached: \(targets.stores.map(\.name).joined(separator: ", "))")
    }
    return store
  }

  /// A value as the node's timeline entries show it: redacted as its rules say.
  private func preview(_ value: Any, of id: String) -> String {
    core.redactor.redacts(node: id) ? Redaction.marker : core.redactor.preview(value)
  }

  /// `json` decoded as `type` by its own `Decodable` conformance.
  private func decode(_ json: String, as type: Any.Type, subject: String) throws -> Any {
    guard let decodable = type as? any Decodable.Type else {
      throw ControlRefusal(
        "\(subject) holds \(type), which is not Decodable, so it cannot be given a value from the tool")
    }
    do {
      return try JSONDecoder().decode(decodable, from: Data(json.utf8))
    } catch {
      throw ControlRefusal(DecodingErrorText.describe(error, subject: subject, json: json, type: type))
    }
  }

  /// Records a `control` entry, then makes `change` with that entry as its cause, so the
  /// timeline shows what the change set off under it; answers with `message`.
  private func recorded(
    _ operation: ControlRequest.Operation, node: String? = nil, store: String? = nil, value: String? = nil,
    by: String, saying message: String, _ change: () throws -> Void
  ) rethrows -> Done {
    let order = record(operation, node: node, store: store, value: value, by: by)
    try CauseContext.withCause(order, change)
    return Done(message: message, seq: order)
  }

  /// Records a `control` entry and streams it; returns its step, the cause of what follows.
  private func record(
    _ operation: ControlRequest.Operation, node: String? = nil, store: String? = nil, value: String? = nil,
    by: String
  ) -> UInt64 {
    core.recordControl(operation: operation.rawValue, node: node, store: store, value: value, by: by)
  }
}
