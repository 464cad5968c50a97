import Foundation
import RecoilSnapshot

/// The filters `trace` and `live` share: `--store`, `--node`, `--kind`, `--grep` and `--path`,
/// and the ones that leave out, `--not-node` and `--not-kind`. An event is shown when it passes
/// every filter given.
///
/// - `--store ID`: actions and effects of the store, and its own nodes (`ID` and `ID.*`).
/// - `--node GLOB`: events about a node whose id matches: its updates, evaluations, edges and
///   errors; for an action, the store it went to and the slices it changed (`app.user` for a
///   change of `user.name` in store `app`).
/// - `--kind KIND,…`: `action`, `write`, `evaluation`, `notification`, `effect`, `resolution`,
///   `node`, `edge`, `error`, `dropped`, `hello`.
/// - `--grep TEXT`: the text, ignoring case, in the event's names, ids, payload, paths,
///   values, trigger or message.
/// - `--not-node GLOB` (repeatable): leaves out events about nodes that match, every node an
///   event is about; an action is about the slices it changed (its store when it changed
///   none), so one that changed a left-out slice and another stays.
/// - `--not-kind KIND,…` (repeatable): leaves out those kinds (the `tick` actions' notifications,
///   say, with `--not-kind notification`).
/// - `--path PATH`: actions that changed PATH, an ancestor of it or a descendant.
///
/// ```swift
/// let filter = try EventFilter(arguments)
/// if filter.accepts(.action(action)) { print(action.name) }
/// ```
struct EventFilter {
  /// The kinds `--kind` names.
  enum Kind: String, CaseIterable {
    case action, write, evaluation, notification, effect, resolution, control, scope, node, edge, error, dropped, hello,
      answer

    init(_ kind: SnapshotEntry.Kind) {
      switch kind {
      case .action: self = .action
      case .write: self = .write
      case .evaluation: self = .evaluation
      case .notification: self = .notification
      case .effect: self = .effect
      case .resolution: self = .resolution
      case .control: self = .control
      case .scope: self = .scope
      }
    }
  }

  static let options: [OptionSpec] = [
    .option("store", value: "id", help: "Only this store's actions, effects and nodes."),
    .option("node", value: "glob", help: "Only events about nodes whose id matches (* ? [abc])."),
    .option(
      "kind", value: "kinds",
      help:
        "Only these kinds, comma-separated: \(Kind.allCases.map(\.rawValue).joined(separator: " "))."
    ).completing(Kind.allCases.map(\.rawValue)),
    .option("grep", value: "text", help: "Only events whose text contains this, ignoring case."),
    .option(
      "not-node", value: "glob", help: "Leave out events about nodes whose id matches (repeatable).", repeats: true),
    .option("not-kind", value: "kinds", help: "Leave out these kinds, comma-separated (repeatable).", repeats: true)
      .completing(Kind.allCases.map(\.rawValue)),
    .option("path", value: "path", help: "Only actions that changed this path, an ancestor or a descendant."),
  ]

  var store: String?
  var node: Glob?
  var nodePattern: String?
  var kinds: Set<Kind>?
  var grep: String?
  var path: String?
  /// What `--not-node` leaves out, with the patterns as given.
  var notNodes: [(glob: Glob, pattern: String)] = []
  var notKinds: Set<Kind> = []
  /// Each store's slices whose path is not their key (`lines` registered at `basket.lines`),
  /// by store: an action is about such a slice when it changed something at, above or below
  /// its path. Learned from a snapshot's nodes, or from a live stream's node events.
  var slicePaths: [String: [(id: String, path: String)]] = [:]

  /// Learns the slices of `nodes` whose path is not their key.
  mutating func learnSlices(of nodes: some Sequence<SnapshotNode>) {
    for node in nodes {
      guard node.kind == .slice, let owner = node.owner, let path = node.statePath,
        node.id != "\(owner).\(path)", slicePaths[owner]?.contains(where: { $0.id == node.id }) != true
      else { continue }
      slicePaths[owner, default: []].append((node.id, path))
    }
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.value("store")
    if let pattern = arguments.value("node") {
      do {
        node = try Glob(pattern)
      } catch {
        throw .invalidValue(option: "--node", value: pattern, expected: "a glob: \(error.reason)")
      }
      nodePattern = pattern
    }
    if let text = arguments.value("kind") { kinds = try Self.kinds(text, option: "--kind") }
    grep = arguments.value("grep").map { $0.lowercased() }
    path = arguments.value("path")
    for pattern in arguments.all("not-node") {
      do {
        notNodes.append((try Glob(pattern), pattern))
      } catch {
        throw .invalidValue(option: "--not-node", value: pattern, expected: "a glob: \(error.reason)")
      }
    }
    for text in arguments.all("not-kind") { notKinds.formUnion(try Self.kinds(text, option: "--not-kind")) }
  }

  /// The kinds `text` names, comma-separated.
  private static func kinds(_ text: String, option: String) throws(UsageError) -> Set<Kind> {
    var chosen: Set<Kind> = []
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
      guard let kind = Kind(rawValue: name) else {
        throw .unknownName(option: option, kind: "kind", name: name, known: Kind.allCases.map(\.rawValue))
      }
      chosen.insert(kind)
    }
    return chosen
  }

  var isEmpty: Bool {
    store == nil && node == nil && kinds == nil && grep == nil && path == nil && notNodes.isEmpty && notKinds.isEmpty
  }

  /// Whether `--not-node` leaves out an event about `ids`: every one of them matches.
  private func leavesOut(_ ids: [String]) -> Bool {
    !notNodes.isEmpty && !ids.isEmpty && ids.allSatisfy { id in notNodes.contains { $0.glob.matches(id) } }
  }

  /// The filters given, as the user wrote them, for "nothing matched" messages.
  var description: String {
    var parts: [String] = []
    if let store { parts.append("--store \(store)") }
    if let nodePattern { parts.append("--node \(nodePattern)") }
    if let kinds {
      parts.append("--kind \(Kind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ","))")
    }
    if let grep { parts.append("--grep \(grep)") }
    if let path { parts.append("--path \(path)") }
    for notNode in notNodes { parts.append("--not-node \(notNode.pattern)") }
    if !notKinds.isEmpty {
      parts.append("--not-kind \(Kind.allCases.filter(notKinds.contains).map(\.rawValue).joined(separator: ","))")
    }
    return parts.joined(separator: " ")
  }

  func accepts(_ event: InspectorEvent.Kind) -> Bool {
    if case .step(let step) = event { return accepts(step, action: nil) }
    if let kinds, !kinds.contains(Self.kind(of: event)) { return false }
    if notKinds.contains(Self.kind(of: event)) { return false }
    if !notNodes.isEmpty {
      var about = ids(of: event)
      // An action is about the slices it changed (its store when it changed none).
      if case .action = event, about.count > 1 { about.removeFirst() }
      if leavesOut(about) { return false }
    }
    if let store,
      !Self.stores(of: event).contains(where: { $0 == store })
        && !ids(of: event).contains(where: { Self.belongs($0, to: store) })
    {
      return false
    }
    if let node, !ids(of: event).contains(where: node.matches) { return false }
    if let path {
      guard case .action(let action) = event, action.changes.contains(where: { $0.concerns(path: path) }) else {
        return false
      }
    }
    if let grep, !Self.texts(of: event).contains(where: { $0.lowercased().contains(grep) }) { return false }
    return true
  }

  /// Whether a timeline entry passes; an action entry is judged as its action (`action`,
  /// when the snapshot's trace holds it), so `--path` and `--grep` see its changes.
  func accepts(_ event: SnapshotEntry, action: SnapshotAction?) -> Bool {
    if event.kind == .action, let action { return accepts(.action(action)) }
    if let kinds, !kinds.contains(Kind(event.kind)) { return false }
    // A scope's run is about what it read.
    let ids = [event.node, event.store].compactMap { $0 } + event.reads
    if notKinds.contains(Kind(event.kind)) || leavesOut(ids) { return false }
    if let store, event.store != store && !ids.contains(where: { Self.belongs($0, to: store) }) { return false }
    if let node, !ids.contains(where: node.matches) { return false }
    if path != nil { return false }  // only actions change paths
    if let grep {
      let texts =
        [
          event.node, event.store, event.name, event.before, event.after, event.trigger, event.site, event.error,
        ] + event.reads
      if !texts.contains(where: { $0?.lowercased().contains(grep) ?? false }) { return false }
    }
    return true
  }

  private static func kind(of event: InspectorEvent.Kind) -> Kind {
    switch event {
    case .action: .action
    case .evaluation: .evaluation
    case .node, .nodeRemoved: .node
    case .edgeAdded, .edgeRemoved: .edge
    case .effect: .effect
    case .error: .error
    case .dropped: .dropped
    case .hello: .hello
    case .answer: .answer
    case .step(let step): Kind(step.kind)
    }
  }

  private static func stores(of event: InspectorEvent.Kind) -> [String] {
    switch event {
    case .action(let action): [action.store]
    case .effect(let effect): [effect.store]
    case .step(let step): step.store.map { [$0] } ?? []
    default: []
    }
  }

  private static func belongs(_ id: String, to store: String) -> Bool {
    id == store || (id.hasPrefix(store) && id.dropFirst(store.count).first == ".")
  }

  /// The node ids an event is about. An action is about its store and the slices it changed:
  /// a slice's id is the store's, a dot, and its key, the first component of a changed path.
  private func ids(of event: InspectorEvent.Kind) -> [String] {
    switch event {
    case .node(let node): return [node.id]
    case .nodeRemoved(let id): return [id]
    case .edgeAdded(let edge), .edgeRemoved(let edge): return [edge.from, edge.to]
    case .evaluation(let evaluation): return [evaluation.node]
    case .error(let node, _): return [node]
    case .action(let action):
      let registered = (slicePaths[action.store] ?? []).filter { slice in
        action.changes.contains { $0.concerns(path: slice.path) }
      }
      return [action.store] + action.changes.map { "\(action.store).\($0.rootComponent)" } + registered.map(\.id)
    case .step(let step): return [step.node, step.store].compactMap { $0 } + step.reads
    case .effect, .dropped, .hello, .answer: return []
    }
  }

  private static func texts(of event: InspectorEvent.Kind) -> [String] {
    switch event {
    case .node(let node): return [node.id, node.label, node.value, node.valueType, node.error].compactMap { $0 }
    case .edgeAdded(let edge), .edgeRemoved(let edge): return [edge.from, edge.to]
    case .evaluation(let evaluation): return [evaluation.node, evaluation.trigger]
    case .error(let node, let message): return [node, message]
    case .action(let action):
      return [action.store, action.name, action.payload ?? ""]
        + action.changes.flatMap { [$0.path, $0.before ?? "", $0.after ?? ""] }
    case .effect(let effect): return [effect.store, effect.effect, effect.error ?? ""]
    case .step(let step):
      return [
        step.node, step.store, step.name, step.before, step.after, step.trigger, step.site, step.error, step.value,
      ]
      .compactMap { $0 } + step.reads
    case .dropped: return []
    case .nodeRemoved(let id): return [id]
    case .hello(let hello): return [hello.app, hello.instance, hello.version]
    case .answer(let answer): return [answer.message]
    }
  }
}
