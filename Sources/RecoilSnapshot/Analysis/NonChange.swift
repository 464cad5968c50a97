/// Why a node did not change (or re-evaluate) after a step of the causal timeline (in answer
/// to it or since; the step itself does not count), with the
/// entries that prove it: MobX users' harder question (mobx#316), `why --not` answers it.
///
/// ```swift
/// let answer = NonChange(node: "Pricing.displayPrices", after: 43, in: snapshot)
/// for reason in answer.reasons { print(reason.kind, reason.entry ?? 0) }
/// ```
package struct NonChange: Sendable {
  /// One reason, with the entry and nodes that show it.
  package struct Reason: Sendable, Equatable {
    /// What kind of reason it is; its raw value is the JSON's `reason`.
    package enum Kind: String, Sendable {
      /// A selector with no subscriber: nothing read it after its dependency changed.
      case notRead
      /// A dependency changed, yet the selector, which is read, was not evaluated after it.
      case notEvaluated
      /// None of the dependencies of its last evaluation changed after the step.
      case noDependencyChanged
      /// Something upstream changed, but an evaluation gave the value it already had there.
      case cutOff
      /// It was evaluated after the step and gave the value it already had.
      case unchanged
      /// A store selector: the store's actions after the step changed no path it reads.
      case noPathRead
      /// A slice: the store's actions after the step changed nothing at its path.
      case noPathChanged
      /// An atom nothing wrote after the step.
      case notWritten
      /// A store that processed no action after the step.
      case noAction
      /// The tool stubbed it (`recoil-inspect control stub`) and it is still stubbed.
      case stubbed
      /// It is in error.
      case failed
      /// It is still loading.
      case loading
    }

    /// A dependency (or input) as the reason names it, with its last change.
    package struct Dependency: Sendable, Equatable {
      package var id: String
      /// Its latest change at any time, when it has one.
      package var lastChange: Int?
      /// Its first change after the step, when it has one.
      package var changedAfter: Int?
    }

    package var kind: Kind
    /// The entry that shows it (the cut-off's evaluation, the change nothing followed, the stub).
    package var entry: Int?
    /// The node it happened at, when not the one asked about (the cut-off's node).
    package var node: String?
    /// The dependencies it is about.
    package var dependencies: [Dependency] = []
    /// The state paths it is about (a store selector's inputs, a slice's path).
    package var paths: [String] = []
    /// The actions it is about (a store's after the step).
    package var actions: [Int] = []
    /// An error message, for `failed`.
    package var message: String?
  }

  /// The node asked about.
  package let node: String
  /// The step: changes after this entry count, not the entry itself.
  package let after: Int
  /// The node's first change after the step, when it did change (then there are no reasons).
  package let changedAt: Int?
  /// Why it did not change, most telling first.
  package let reasons: [Reason]

  /// Works out why `node` did not change after entry `after`.
  ///
  /// ```swift
  /// let answer = NonChange(node: "cart.isEmpty", after: 49, in: snapshot)
  /// ```
  ///
  /// - Parameters:
  ///   - node: A node of the snapshot.
  ///   - after: A timeline entry's number.
  ///   - snapshot: The snapshot.
  package init(node id: String, after: Int, in snapshot: Snapshot) {
    self.node = id
    self.after = after
    let timeline = TimelineAfterStep(snapshot, after: after)
    guard let subject = timeline.nodes[id] else {
      (changedAt, reasons) = (nil, [])
      return
    }
    switch subject.kind {
    case .store: (changedAt, reasons) = timeline.storeAnswer(id)
    case .slice: (changedAt, reasons) = timeline.sliceAnswer(subject)
    case .atom, .selector:
      let own = timeline.changes(of: id)
      changedAt = own.first { $0.seq > after }?.seq
      reasons = changedAt == nil ? timeline.reasons(for: subject, ownChanges: own) : []
    }
  }

  /// A snapshot's timeline read against a step: what changed after it, and what did not.
  private struct TimelineAfterStep {
    let index: TimelineIndex
    let nodes: [String: SnapshotNode]
    /// What each node reads.
    let inputs: [String: [String]]
    let after: Int

    init(_ snapshot: Snapshot, after: Int) {
      index = TimelineIndex(snapshot)
      nodes = Dictionary(snapshot.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      var inputs: [String: [String]] = [:]
      for edge in snapshot.edges where edge.kind == .dependency { inputs[edge.to, default: []].append(edge.from) }
      self.inputs = inputs
      self.after = after
    }

    func isChange(_ entry: SnapshotEntry) -> Bool {
      switch entry.kind {
      case .write, .resolution: true
      case .evaluation: entry.changed != false
      default: false
      }
    }

    func changes(of node: String) -> [SnapshotEntry] {
      index.events.filter { $0.node == node && isChange($0) }
    }

    func dependency(_ id: String) -> Reason.Dependency {
      let all = changes(of: id)
      return Reason.Dependency(id: id, lastChange: all.last?.seq, changedAfter: all.first { $0.seq > after }?.seq)
    }

    func actionsAfter(of store: String) -> [SnapshotEntry] {
      index.events.filter { $0.kind == .action && $0.store == store && $0.seq > after }
    }

    /// Actions after the step that changed something at one of `paths` of `store`.
    func actionsChanging(_ paths: [String], of store: String) -> [SnapshotEntry] {
      actionsAfter(of: store).filter { entry in
        guard let action = index.action(for: entry) else { return false }
        return action.changes.contains { change in paths.contains { change.concerns(path: $0) } }
      }
    }

    /// A store changes with any action after the step.
    func storeAnswer(_ id: String) -> (changedAt: Int?, reasons: [Reason]) {
      let actions = actionsAfter(of: id)
      guard actions.isEmpty else { return (actions.first?.seq, []) }
      return (nil, [Reason(kind: .noAction, entry: index.events.last { $0.kind == .action && $0.store == id }?.seq)])
    }

    /// A slice changes with an action that changed its path.
    func sliceAnswer(_ slice: SnapshotNode) -> (changedAt: Int?, reasons: [Reason]) {
      guard let store = slice.owner, let path = slice.statePath else { return (nil, []) }
      let changing = actionsChanging([path], of: store)
      guard changing.isEmpty else { return (changing.first?.seq, []) }
      return (nil, [Reason(kind: .noPathChanged, paths: [path], actions: actionsAfter(of: store).map(\.seq))])
    }

    /// Why an atom or selector that did not change after the step did not, most telling first.
    func reasons(for subject: SnapshotNode, ownChanges own: [SnapshotEntry]) -> [Reason] {
      let id = subject.id
      var found: [Reason] = []
      // The tool's stub, the node's status: these hold whatever its inputs do.
      let stubs = index.events.filter {
        $0.kind == .control && $0.node == id && ($0.name == "stub" || $0.name == "unstub")
      }
      if let last = stubs.last, last.name == "stub" { found.append(Reason(kind: .stubbed, entry: last.seq)) }
      let latestEvaluation = index.events.last { $0.node == id && $0.kind == .evaluation }
      if subject.status == .error {
        found.append(Reason(kind: .failed, entry: latestEvaluation?.seq, message: subject.error))
      }
      if subject.status == .loading { found.append(Reason(kind: .loading, entry: latestEvaluation?.seq)) }
      if subject.kind == .atom { return found + [Reason(kind: .notWritten, entry: own.last?.seq)] }

      // Evaluated after the step, to the value it had: the cut-off is here.
      if let same = index.events.first(where: {
        $0.node == id && $0.kind == .evaluation && $0.seq > after && $0.changed == false
      }) {
        found.append(Reason(kind: .unchanged, entry: same.seq))
      }
      let dependencies = (inputs[id] ?? []).map(dependency)
      let changed = dependencies.filter { $0.changedAfter != nil }
      if let first = changed.min(by: { $0.changedAfter! < $1.changedAfter! }), let at = first.changedAfter {
        let evaluatedSince = index.events.contains { $0.node == id && $0.kind == .evaluation && $0.seq > at }
        if !evaluatedSince {
          found.append(
            Reason(
              kind: (subject.subscribers ?? 0) == 0 ? .notRead : .notEvaluated, entry: at, node: first.id,
              dependencies: changed))
        }
        return found
      }
      return found + reasonsUpstream(of: subject, dependencies: dependencies, latestEvaluation: latestEvaluation)
    }

    /// Nothing the node reads changed: what each last did, then, further up, where a change
    /// stopped (the nearest evaluation after the step that gave the value it had).
    private func reasonsUpstream(
      of subject: SnapshotNode, dependencies: [Reason.Dependency], latestEvaluation: SnapshotEntry?
    ) -> [Reason] {
      var found: [Reason] = []
      let upstream = NonChange.upstream(of: subject.id, inputs: inputs)
      if let owner = subject.owner, nodes[owner]?.kind == .store {
        let paths = upstream.compactMap { nodes[$0]?.statePath }
        if actionsChanging(paths, of: owner).isEmpty {
          found.append(Reason(kind: .noPathRead, paths: paths, actions: actionsAfter(of: owner).map(\.seq)))
        }
      }
      found.append(Reason(kind: .noDependencyChanged, entry: latestEvaluation?.seq, dependencies: dependencies))
      for node in upstream {
        if let cut = index.events.first(where: {
          $0.node == node && $0.kind == .evaluation && $0.seq > after && $0.changed == false
        }) {
          found.append(Reason(kind: .cutOff, entry: cut.seq, node: node))
          break
        }
      }
      return found
    }
  }

  /// The nodes `id` reads, directly or not, nearest first.
  fileprivate static func upstream(of id: String, inputs: [String: [String]]) -> [String] {
    var seen: Set<String> = [id]
    var order: [String] = []
    var next = [id]
    while !next.isEmpty {
      var further: [String] = []
      for node in next {
        for input in inputs[node] ?? [] where seen.insert(input).inserted {
          order.append(input)
          further.append(input)
        }
      }
      next = further
    }
    return order
  }
}
